// One mcp.json server entry: dispatch on `type`, then check that one closed variant (§7.2.1, §7.2.2).
import type { Diagnostic, PluginMcpServer } from "../../../shared/model";
import { hasNoErrors } from "../skill/diagnostics";
import { diagnostic, isPlainObject, kindOf, quote } from "./diagnostics";
import { checkRemote, withoutUserinfo } from "./mcp-remote";
import type { ServerContext } from "./mcp-server-context";
import { checkStdio } from "./mcp-stdio";

/** The transports of Agent Plugins 1.0.0 and the fields each variant allows. */
const SERVER_VARIANT_FIELDS: ReadonlyMap<string, readonly string[]> = new Map([
  ["stdio", ["type", "command", "args", "env", "cwd"]],
  ["streamable-http", ["type", "url", "headers"]],
  ["sse", ["type", "url", "headers"]],
]);

/** A checked server: what the report shows (no headers, no env values) and what was found. */
export interface ServerCheck {
  server: PluginMcpServer;
  diagnostics: Diagnostic[];
}

/** Checks one server entry; an entry with an error is skipped by clients while the others load. */
export async function checkServer(value: unknown, ctx: ServerContext): Promise<ServerCheck> {
  const diagnostics = isPlainObject(value)
    ? await checkVariant(value, ctx)
    : [
        diagnostic(
          "plugin.mcp.server.type",
          "error",
          ctx.file,
          `Server ${quote(ctx.name)} must be an object with a "type", but it is ${kindOf(value)}.`,
          {
            fix: 'Write it as { "type": "stdio", "command": "…" } or { "type": "streamable-http", "url": "https://…" }.',
            at: ctx.at(),
          },
        ),
      ];
  return { server: summarise(value, ctx.name, hasNoErrors(diagnostics)), diagnostics };
}

function summarise(value: unknown, name: string, valid: boolean): PluginMcpServer {
  const entry = isPlainObject(value) ? value : {};
  const server: PluginMcpServer = { name, type: typeof entry.type === "string" ? entry.type : "", valid };
  if (typeof entry.command === "string") server.command = entry.command;
  if (typeof entry.url === "string") server.url = withoutUserinfo(entry.url);
  return server;
}

async function checkVariant(server: Record<string, unknown>, ctx: ServerContext): Promise<Diagnostic[]> {
  const type = server.type;
  const typeFix =
    'Set "type" to "stdio" (a local program), "streamable-http" (a remote URL) or "sse" (a legacy remote URL).';
  if (type === undefined)
    return [
      diagnostic(
        "plugin.mcp.server.type",
        "error",
        ctx.file,
        `Server ${quote(ctx.name)} has no "type", so clients do not know how to reach it.`,
        { fix: typeFix, at: ctx.at() },
      ),
    ];
  const allowed = typeof type === "string" ? SERVER_VARIANT_FIELDS.get(type) : undefined;
  if (typeof type !== "string" || !allowed) {
    const shown = typeof type === "string" ? quote(type) : kindOf(type);
    const hint = type === "http" ? ' ("http" is not a type: use "streamable-http")' : "";
    return [
      diagnostic(
        "plugin.mcp.server.type",
        "error",
        ctx.file,
        `Server ${quote(ctx.name)} has type ${shown}, which is not stdio, streamable-http or sse${hint}.`,
        { fix: typeFix, at: ctx.at("type") },
      ),
    ];
  }
  const found: Diagnostic[] = [];
  for (const key of Object.keys(server)) {
    if (allowed.includes(key)) continue;
    const owner = [...SERVER_VARIANT_FIELDS].filter(([, fields]) => fields.includes(key)).map(([variant]) => variant);
    const why = owner.length > 0 ? ` (it belongs to ${owner.join(" and ")} servers)` : "";
    found.push(
      diagnostic(
        "plugin.mcp.server.field",
        "error",
        ctx.file,
        `Server ${quote(ctx.name)} is a ${type} server and cannot have ${quote(key)}${why}.`,
        {
          fix: `Remove ${quote(key)}; a ${type} server allows only ${allowed.join(", ")}.`,
          at: ctx.at(key),
        },
      ),
    );
  }
  found.push(...(type === "stdio" ? await checkStdio(server, ctx) : checkRemote(server, ctx)));
  return found;
}
