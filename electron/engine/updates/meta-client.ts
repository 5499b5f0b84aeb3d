// Asks one MCP server for its `<skill>_skill_meta` answers with the official SDK client: connect, listTools,
// call each such tool once with {}, all within one deadline; never throws (rules 2-3 skip silently).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { isPlainObject } from "../plugin/diagnostics";
import { VERSION } from "../version";
import type { McpEndpoint } from "./endpoints";
import { skillOfMetaTool } from "./protocol-tables";
import { interpretMetaPayload, type MetaAnswer } from "./meta-response";

/** The default deadline for one server (protocol: a slow server is skipped). */
export const DEFAULT_META_TIMEOUT_MS = 5000;

/** What one server said, per skill-meta tool. */
export interface ServerMetaResult {
  endpointId: string;
  /** False when the server could not be reached or listed in time; the reason is for logs (no secrets). */
  reachable: boolean;
  reason?: string;
  answers: Array<{ tool: string; skill: string; answer: MetaAnswer }>;
}

/** Options of one query. */
export interface MetaQueryOptions {
  timeoutMs?: number;
}

/** fetch that never leaves the endpoint's origin and never follows a redirect by itself. */
function originBoundFetch(endpointUrl: string): (url: string | URL, init?: RequestInit) => Promise<Response> {
  const origin = new URL(endpointUrl).origin;
  return async (url, init) => {
    const target = new URL(typeof url === "string" ? url : url.href);
    if (target.origin !== origin) throw new Error("Refused a request to another origin than the configured server.");
    return fetch(target, { ...init, redirect: "manual" });
  };
}

/** A streamable-HTTP transport bound to the server's origin, with no reconnection (used by the query and the probe). */
export function httpTransport(url: string, headers: Record<string, string>): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers },
    fetch: originBoundFetch(url),
    redirectPolicy: "same-origin",
    reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 1000, maxReconnectionDelay: 1000, reconnectionDelayGrowFactor: 1 },
  });
}

function makeTransport(endpoint: McpEndpoint): Transport {
  const t = endpoint.transport;
  if (t.type === "http") return httpTransport(t.url, t.headers.reveal());
  return new StdioClientTransport({ command: t.command, args: t.args, env: { ...getDefaultEnvironment(), ...t.env.reveal() }, cwd: t.cwd, stderr: "ignore" });
}

function parseToolResult(result: Record<string, unknown>): { ok: true; payload: unknown } | { ok: false; reason: string } {
  if (result.isError === true) return { ok: false, reason: "the tool reported an error" };
  const structured = result.structuredContent;
  if (isPlainObject(structured)) return { ok: true, payload: structured };
  const content = Array.isArray(result.content) ? (result.content as Array<{ type?: unknown; text?: unknown }>) : [];
  const text = content.find((c) => c.type === "text" && typeof c.text === "string")?.text as string | undefined;
  if (text === undefined) return { ok: false, reason: "the tool returned no text" };
  try {
    return { ok: true, payload: JSON.parse(text) };
  } catch {
    return { ok: false, reason: "the tool returned text that is not JSON" };
  }
}

async function converse(client: Client, endpoint: McpEndpoint, timeoutMs: number, result: ServerMetaResult): Promise<void> {
  await client.connect(makeTransport(endpoint), { timeout: timeoutMs });
  const listed = await client.listTools({}, { timeout: timeoutMs });
  const tools = listed.tools
    .map((tool) => ({ tool: tool.name, skill: skillOfMetaTool(tool.name) }))
    .filter((t): t is { tool: string; skill: string } => t.skill !== null);
  for (const { tool, skill } of tools) {
    let answer: MetaAnswer;
    try {
      const raw = await client.callTool({ name: tool, arguments: {} }, undefined, { timeout: timeoutMs });
      const parsed = parseToolResult(raw as Record<string, unknown>);
      answer = parsed.ok ? interpretMetaPayload(parsed.payload) : { kind: "failed", reason: parsed.reason };
    } catch (error) {
      answer = { kind: "failed", reason: `the call failed (${(error as Error).name})` };
    }
    result.answers.push({ tool, skill, answer });
  }
}

/** Connects, lists the tools, calls each skill-meta tool once with {}; a timeout or failure gives reachable false. */
export async function queryServer(endpoint: McpEndpoint, options: MetaQueryOptions = {}): Promise<ServerMetaResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_META_TIMEOUT_MS;
  const result: ServerMetaResult = { endpointId: endpoint.id, reachable: true, answers: [] };
  const client = new Client({ name: "skillshelf", version: VERSION });
  client.onerror = () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
  try {
    const work = converse(client, endpoint, timeoutMs, result).then(
      () => ({ done: true as const }),
      (error: unknown) => ({ done: false as const, error }),
    );
    const outcome = await Promise.race([work, deadline]);
    if (outcome === "timeout") {
      if (result.answers.length === 0) return { endpointId: endpoint.id, reachable: false, reason: `no answer within ${timeoutMs} ms`, answers: [] };
      result.reason = `timed out after ${timeoutMs} ms`;
    } else if (!outcome.done) {
      throw outcome.error;
    }
  } catch (error) {
    return { endpointId: endpoint.id, reachable: false, reason: `could not talk to the server (${(error as Error).name})`, answers: [] };
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => undefined);
  }
  return { ...result, answers: [...result.answers] };
}
