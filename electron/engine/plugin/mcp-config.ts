// mcp.json: location, JSON, $schema and version match, top-level shape, then each server (§7.2, §10.1).
import path from "node:path";
import type { Diagnostic, PluginMcpServer } from "../../../shared/model";
import { readTextFile } from "../fs/safe-fs";
import { resolveInRoot } from "./containment";
import { diagnostic, isPlainObject, kindOf, quote } from "./diagnostics";
import { jsonLimitProblem, MAX_MANIFEST_BYTES } from "../fs/json-limits";
import { locateJsonPointers, parseJson, pointerOf, type TextPosition } from "./json-position";
import { specVersionOf } from "./manifest";
import { checkServer } from "./mcp-server";

/** The only $schema a 1.0.0 mcp.json may declare. Exported for tests: the property test generates files from it. */
export const MCP_SCHEMA_ID = "https://agent-plugins.org/schemas/1.0.0/mcp.schema.json";

/** What reading mcp.json found; no servers when the whole MCP component is invalid. */
export interface McpResult {
  servers: PluginMcpServer[];
  diagnostics: Diagnostic[];
}

/** Reads mcp.json when present; `pluginSpecVersion` is the version plugin.json declares. */
export async function readMcpConfig(
  root: string,
  realRoot: string,
  rootEntries: Set<string>,
  pluginSpecVersion: string | null,
): Promise<McpResult> {
  const file = path.join(root, "mcp.json");
  const result: McpResult = { servers: [], diagnostics: [] };
  if (!rootEntries.has("mcp.json")) return result;
  const invalid = (code: string, message: string, fix: string, at?: TextPosition): McpResult => {
    result.diagnostics.push(diagnostic(code, "error", file, message, { fix, at }));
    return result;
  };
  const where = await resolveInRoot(realRoot, file);
  if (where.status === "outside") {
    return invalid(
      "plugin.containment",
      `mcp.json is a link to ${where.real}, outside the plugin folder, so its MCP servers are disabled.`,
      "Put a real mcp.json in the plugin folder instead of a link that leads out of it.",
    );
  }
  if (where.status === "missing")
    return invalid(
      "plugin.mcp.json",
      "mcp.json is a link whose target is missing or loops, so MCP servers are disabled.",
      "Replace the link with a real mcp.json file.",
    );
  const read = await readTextFile(where.real);
  if (!read.ok)
    return invalid(
      "plugin.mcp.json",
      `mcp.json cannot be read, so MCP servers are disabled: ${read.message}`,
      "Make mcp.json a readable UTF-8 JSON file.",
    );
  const limit = jsonLimitProblem(read.text, { maxBytes: MAX_MANIFEST_BYTES });
  if (limit)
    return invalid(
      "plugin.mcp.json",
      `mcp.json ${limit.message}, so MCP servers are disabled.`,
      "Keep mcp.json a small JSON object of server entries.",
    );
  const parsed = parseJson(read.text);
  if (!parsed.ok)
    return invalid(
      "plugin.mcp.json",
      `mcp.json is not valid JSON (${parsed.message}), so MCP servers are disabled.`,
      "Fix the JSON syntax.",
      parsed.at,
    );
  if (!isPlainObject(parsed.value))
    return invalid(
      "plugin.mcp.json",
      `mcp.json must hold a JSON object, but it holds ${kindOf(parsed.value)}, so MCP servers are disabled.`,
      'Write { "$schema": "…", "mcpServers": { … } }.',
      { line: 1, column: 1 },
    );
  const config = parsed.value;
  const positions = locateJsonPointers(read.text);
  result.diagnostics.push(...checkTopLevel(config, file, pluginSpecVersion, positions));
  if (result.diagnostics.length > 0) return result;
  const servers = config.mcpServers as Record<string, unknown>;
  for (const [name, value] of Object.entries(servers)) {
    const base = pointerOf("", "mcpServers", name);
    const checked = await checkServer(value, {
      name,
      root,
      realRoot,
      file,
      at: (...keys) => positions.get(pointerOf(base, ...keys)),
    });
    result.servers.push(checked.server);
    result.diagnostics.push(...checked.diagnostics);
  }
  return result;
}

function checkTopLevel(
  config: Record<string, unknown>,
  file: string,
  pluginSpecVersion: string | null,
  positions: Map<string, TextPosition>,
): Diagnostic[] {
  const found: Diagnostic[] = [];
  const at = (key: string) => positions.get(pointerOf("", key));
  const schema = config.$schema;
  const declared = specVersionOf(schema, "mcp");
  const schemaFix = `Set "$schema" to exactly "${MCP_SCHEMA_ID}".`;
  if (schema !== MCP_SCHEMA_ID) {
    const message =
      schema === undefined
        ? 'mcp.json has no "$schema", so MCP servers are disabled.'
        : declared
          ? `mcp.json's "$schema" names the MCP schema of Agent Plugins ${declared}, not 1.0.0's identifier, so MCP servers are disabled.`
          : `mcp.json's "$schema" is ${typeof schema === "string" ? quote(schema) : kindOf(schema)}, not the Agent Plugins 1.0.0 MCP identifier, so MCP servers are disabled.`;
    found.push(
      diagnostic("plugin.mcp.schema", "error", file, message, {
        fix: `${schemaFix} It is an identifier; it is never downloaded.`,
        at: at("$schema"),
      }),
    );
  } else if (declared && pluginSpecVersion && declared !== pluginSpecVersion) {
    found.push(
      diagnostic(
        "plugin.mcp.version-mismatch",
        "error",
        file,
        `mcp.json targets Agent Plugins ${declared} but plugin.json targets ${pluginSpecVersion}; they must match, so MCP servers are disabled.`,
        { fix: schemaFix, at: at("$schema") },
      ),
    );
  }
  for (const key of Object.keys(config)) {
    if (key === "$schema" || key === "mcpServers") continue;
    found.push(
      diagnostic(
        "plugin.mcp.top-level",
        "error",
        file,
        `mcp.json has a top-level ${quote(key)}; only "$schema" and "mcpServers" are allowed, so MCP servers are disabled.`,
        {
          fix: `Remove ${quote(key)}${key === "servers" ? ' (servers go under "mcpServers")' : ""}.`,
          at: at(key),
        },
      ),
    );
  }
  if (!Object.hasOwn(config, "mcpServers")) {
    found.push(
      diagnostic("plugin.mcp.top-level", "error", file, 'mcp.json has no "mcpServers", so MCP servers are disabled.', {
        fix: 'Add "mcpServers": { … } (it may be empty).',
      }),
    );
  } else if (!isPlainObject(config.mcpServers)) {
    found.push(
      diagnostic(
        "plugin.mcp.top-level",
        "error",
        file,
        `"mcpServers" must be an object keyed by server name, but it is ${kindOf(config.mcpServers)}, so MCP servers are disabled.`,
        {
          fix: 'Write "mcpServers": { "name": { "type": "stdio", "command": "…" } }.',
          at: at("mcpServers"),
        },
      ),
    );
  }
  return found;
}
