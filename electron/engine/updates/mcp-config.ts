// Finds the MCP servers the user's clients are configured with (Claude Desktop, Claude Code user and
// project configs, Cursor, plugins' mcp.json) plus URLs the user added; secrets go into SecretValues.
import path from "node:path";
import { parseJsonWithinLimits } from "../fs/json-limits";
import { readTextFile } from "../fs/safe-fs";
import { resolveBase } from "../discovery/locations";
import type { ScanOptions } from "../discovery/types";
import { isPlainObject } from "../plugin/diagnostics";
import { SecretValues, endpointId, urlEndpoint, type McpEndpoint } from "./endpoints";
import { stdioCommandId, type StdioCommand } from "./stdio-consent";

/** Where to look, beyond the home's own configs. */
export interface McpConfigOptions extends Pick<ScanOptions, "home" | "platform" | "env"> {
  /** Project folders whose .mcp.json / .cursor/mcp.json count (and Claude Code's local scope for them). */
  projectDirs?: string[];
  /** Plugin roots whose mcp.json / .mcp.json count. */
  pluginRoots?: string[];
  /** Servers the user added by URL, with optional headers. */
  extraServers?: Array<{ url: string; headers?: Record<string, string> }>;
  /** Include every server started as a local command (the CLI's `--stdio`: the user's consent for this run). */
  includeStdio?: boolean;
  /** Whether the user approved this exact local command (by its StdioCommand id); unapproved ones are listed, never started. */
  approvedStdio?: (id: string) => boolean;
}

/** A config file that was read, and what came of it (for `--json` and the UI; no secrets). */
export interface McpConfigSource {
  file: string;
  servers: number;
  problem?: string;
}

const MAX_CONFIG_BYTES = 2 * 1024 * 1024;
/** Nesting past this in a client's MCP config is refused before parsing. */
const CONFIG_MAX_DEPTH = 256;
const stringRecord = (v: unknown): Record<string, string> =>
  isPlainObject(v)
    ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === "string"))
    : {};

/** The config files of a home, in the order their servers are asked. */
function mcpConfigFiles(options: McpConfigOptions): Array<{
  file: string;
  kind: "desktop" | "claude-code" | "claude-settings" | "cursor" | "project" | "plugin";
  root?: string;
}> {
  const base = (b: Parameters<typeof resolveBase>[0]) => resolveBase(b, options);
  const desktop =
    options.platform === "darwin"
      ? [path.join(options.home, "Library", "Application Support", "Claude", "claude_desktop_config.json")]
      : options.platform === "win32"
        ? [
            path.join(base("appData"), "Claude", "claude_desktop_config.json"),
            path.join(
              base("localAppData"),
              "Packages",
              "Claude_pzs8sxrjxfjjc",
              "LocalCache",
              "Roaming",
              "Claude",
              "claude_desktop_config.json",
            ),
          ]
        : [path.join(base("xdgConfig"), "Claude", "claude_desktop_config.json")];
  const claudeJson = options.env.CLAUDE_CONFIG_DIR
    ? path.join(options.env.CLAUDE_CONFIG_DIR, ".claude.json")
    : path.join(options.home, ".claude.json");
  return [
    ...desktop.map((file) => ({ file, kind: "desktop" as const })),
    { file: claudeJson, kind: "claude-code" as const },
    { file: path.join(base("claudeConfig"), "settings.json"), kind: "claude-settings" as const },
    { file: path.join(options.home, ".cursor", "mcp.json"), kind: "cursor" as const },
    ...(options.projectDirs ?? []).flatMap((dir) => [
      { file: path.join(dir, ".mcp.json"), kind: "project" as const, root: dir },
      { file: path.join(dir, ".cursor", "mcp.json"), kind: "project" as const, root: dir },
    ]),
    ...(options.pluginRoots ?? []).flatMap((root) => [
      { file: path.join(root, "mcp.json"), kind: "plugin" as const, root },
      { file: path.join(root, ".mcp.json"), kind: "plugin" as const, root },
    ]),
  ];
}

function expandPluginRoot(value: string, root: string | undefined): string {
  return root ? value.split("${PLUGIN_ROOT}").join(root) : value;
}

/** Claude Code's `${VAR}` / `${VAR:-default}` expansion of one string; null when a variable without default is unset. */
function expandClaudeCodeVars(value: string, env: Record<string, string | undefined>): string | null {
  let missing = false;
  const expanded = value.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
    (_all, name: string, fallback: string | undefined) => {
      const set = env[name];
      if (fallback !== undefined) return set === undefined || set === "" ? fallback : set;
      if (set !== undefined) return set;
      missing = true;
      return "";
    },
  );
  return missing ? null : expanded;
}

/** A Claude Code server entry with its variables expanded where Claude Code expands them; null when one is unset. */
function expandClaudeCodeEntry(
  raw: Record<string, unknown>,
  env: Record<string, string | undefined>,
): Record<string, unknown> | null {
  let failed = false;
  const one = (v: unknown) => {
    if (typeof v !== "string") return v;
    const out = expandClaudeCodeVars(v, env);
    if (out === null) failed = true;
    return out ?? "";
  };
  const record = (v: unknown) =>
    isPlainObject(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, one(x)])) : v;
  const expanded = {
    ...raw,
    command: one(raw.command),
    url: one(raw.url),
    args: Array.isArray(raw.args) ? raw.args.map(one) : raw.args,
    env: record(raw.env),
    headers: record(raw.headers),
  };
  return failed ? null : expanded;
}

/** One config entry as an endpoint, or null when it is not a server Skillshelf can ask. */
function endpointOf(name: string, raw: unknown, file: string, pluginRoot: string | undefined): McpEndpoint | null {
  if (!isPlainObject(raw) || raw.disabled === true) return null;
  const type = typeof raw.type === "string" ? raw.type : undefined;
  if (typeof raw.url === "string") {
    if (type !== undefined && !["http", "streamable-http", "streamableHttp"].includes(type)) return null;
    let url: URL;
    try {
      url = new URL(raw.url);
    } catch {
      return null;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return {
      id: endpointId(file, `${name}\n${raw.url}`),
      name,
      configuredIn: file,
      transport: { type: "http", url: raw.url, headers: new SecretValues(stringRecord(raw.headers)) },
    };
  }
  if (typeof raw.command === "string" && raw.command !== "" && (type === undefined || type === "stdio")) {
    const args = Array.isArray(raw.args)
      ? raw.args.filter((a): a is string => typeof a === "string").map((a) => expandPluginRoot(a, pluginRoot))
      : [];
    const env = Object.fromEntries(
      Object.entries(stringRecord(raw.env)).map(([k, v]) => [k, expandPluginRoot(v, pluginRoot)]),
    );
    const cwd = typeof raw.cwd === "string" ? expandPluginRoot(raw.cwd, pluginRoot) : pluginRoot;
    const command = pluginRoot && raw.command.startsWith("./") ? path.join(pluginRoot, raw.command) : raw.command;
    return {
      id: endpointId(file, `${name}\n${command}\n${args.join("\n")}`),
      name,
      configuredIn: file,
      transport: { type: "stdio", command, args, env: new SecretValues(env), ...(cwd ? { cwd } : {}) },
    };
  }
  return null;
}

function serversIn(kind: string, parsed: Record<string, unknown>, projectDirs: string[]): Array<[string, unknown]> {
  const entries: Array<[string, unknown]> = isPlainObject(parsed.mcpServers) ? Object.entries(parsed.mcpServers) : [];
  if (kind === "claude-code" && isPlainObject(parsed.projects)) {
    for (const dir of projectDirs) {
      const project = parsed.projects[dir];
      if (isPlainObject(project) && isPlainObject(project.mcpServers))
        entries.push(...Object.entries(project.mcpServers));
    }
  }
  return entries;
}

/** What a local server endpoint would start, with its consent id. */
function stdioCommandOf(endpoint: McpEndpoint): StdioCommand | null {
  const t = endpoint.transport;
  if (t.type !== "stdio") return null;
  const env = t.env.reveal();
  const cwd = t.cwd ?? null;
  return {
    id: stdioCommandId({ configFile: endpoint.configuredIn, command: t.command, args: t.args, cwd, env }),
    name: endpoint.name,
    configFile: endpoint.configuredIn,
    command: t.command,
    args: [...t.args],
    cwd,
    envNames: Object.keys(env),
  };
}

/**
 * Every server to ask, deduplicated by address (the first config naming one wins), and the files read. Local (stdio)
 * servers are asked only when approved one by one (or with includeStdio); `stdio` lists every one found, approved or not.
 */
export async function findMcpEndpoints(options: McpConfigOptions): Promise<{
  endpoints: McpEndpoint[];
  sources: McpConfigSource[];
  stdio: Array<StdioCommand & { approved: boolean }>;
}> {
  const endpoints: McpEndpoint[] = [];
  const sources: McpConfigSource[] = [];
  const stdio: Array<StdioCommand & { approved: boolean }> = [];
  const seen = new Set<string>();
  const add = (endpoint: McpEndpoint): boolean => {
    const t = endpoint.transport;
    const key = t.type === "http" ? `http ${t.url}` : `stdio ${t.command}\n${t.args.join("\n")}\n${t.cwd ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    const command = stdioCommandOf(endpoint);
    if (command) {
      const approved = options.includeStdio === true || (options.approvedStdio?.(command.id) ?? false);
      stdio.push({ ...command, approved });
      if (!approved) return false;
    }
    endpoints.push(endpoint);
    return true;
  };
  for (const extra of options.extraServers ?? []) {
    add(urlEndpoint(extra.url, extra.headers));
  }
  for (const { file, kind, root } of mcpConfigFiles(options)) {
    const read = await readTextFile(file, { maxBytes: MAX_CONFIG_BYTES });
    if (!read.ok) {
      if (read.reason !== "not-found") sources.push({ file, servers: 0, problem: read.message });
      continue;
    }
    // Client configs (~/.claude.json keeps project histories) may nest more than a plugin's files: a wider depth limit.
    const json = parseJsonWithinLimits(read.text, { maxDepth: CONFIG_MAX_DEPTH });
    if (!json.ok) {
      sources.push({
        file,
        servers: 0,
        problem:
          json.why === "it is not valid JSON." ? "The file is not valid JSON." : `The file was not read: ${json.why}`,
      });
      continue;
    }
    const parsed = json.value;
    if (!isPlainObject(parsed)) continue;
    let count = 0;
    const expandsVars = kind === "claude-code" || (kind === "project" && path.basename(file) === ".mcp.json");
    for (const [name, raw] of serversIn(kind, parsed, options.projectDirs ?? [])) {
      const entry = expandsVars && isPlainObject(raw) ? expandClaudeCodeEntry(raw, options.env) : raw;
      const endpoint = entry === null ? null : endpointOf(name, entry, file, kind === "plugin" ? root : undefined);
      if (endpoint && add(endpoint)) count++;
    }
    sources.push({ file, servers: count });
  }
  return { endpoints, sources, stdio };
}
