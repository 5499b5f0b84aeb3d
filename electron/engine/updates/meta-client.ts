// Asks one MCP server for its `<skill>_skill_meta` answers with the official SDK client: connect, listTools,
// call each such tool once with {}, all within one deadline; never throws (rules 2-3 skip silently).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { parseJsonWithinLimits } from "../fs/json-limits";
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

/**
 * A tool result larger than this is not used (a protocol answer is a few hundred bytes).
 * Exported for tests: they build a result one byte past it.
 */
export const MAX_TOOL_RESULT_BYTES = 64 * 1024;
/** No MCP message larger than this is read (tool lists included). */
const MAX_MCP_MESSAGE_BYTES = 1024 * 1024;
/** A tools/call answer's message may hold its result twice (text and structured) and escaped: four times the result cap. */
const MAX_TOOL_CALL_MESSAGE_BYTES = 4 * MAX_TOOL_RESULT_BYTES;
/**
 * Why a tool result past a cap is not used (it goes into the update state).
 * Exported for tests: they check the reason a capped answer carries.
 */
export const TOOL_RESULT_TOO_LARGE = `The update server's answer was larger than the ${MAX_TOOL_RESULT_BYTES / 1024} KiB limit for tool results, so it was not used.`;

/** Which cap an HTTP answer ran into (null while none did), and what to do at once when one does. */
export interface CapWatch {
  exceeded: number | null;
  onExceeded?: () => void;
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/** The response with its body cut off (an error on the stream) as soon as more than `maxBytes` arrive. */
function cappedResponse(response: Response, maxBytes: number, watch: CapWatch): Response {
  if (!response.body || NULL_BODY_STATUS.has(response.status)) return response;
  const reader = response.body.getReader();
  const declared = Number(response.headers.get("content-length"));
  let size = Number.isFinite(declared) && declared > maxBytes ? declared : 0;
  const overflow = async (controller: ReadableStreamDefaultController<Uint8Array>) => {
    watch.exceeded = maxBytes;
    await reader.cancel().catch(() => undefined);
    controller.error(new Error(`The answer passed the ${maxBytes}-byte limit.`));
    watch.onExceeded?.();
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (size > maxBytes) return overflow(controller);
      try {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        size += value.byteLength;
        if (size > maxBytes) return overflow(controller);
        controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** fetch that never leaves the endpoint's origin, never follows a redirect by itself, and caps every answer's body. */
function originBoundFetch(
  endpointUrl: string,
  watch: CapWatch,
  maxMessageBytes?: number | (() => number),
): (url: string | URL, init?: RequestInit) => Promise<Response> {
  const origin = new URL(endpointUrl).origin;
  return async (url, init) => {
    const target = new URL(typeof url === "string" ? url : url.href);
    if (target.origin !== origin) throw new Error("Refused a request to another origin than the configured server.");
    const toolCall = typeof init?.body === "string" && /"method"\s*:\s*"tools\/call"/.test(init.body);
    return cappedResponse(
      await fetch(target, { ...init, redirect: "manual" }),
      (typeof maxMessageBytes === "function" ? maxMessageBytes() : maxMessageBytes) ??
        (toolCall ? MAX_TOOL_CALL_MESSAGE_BYTES : MAX_MCP_MESSAGE_BYTES),
      watch,
    );
  };
}

/** A streamable-HTTP transport bound to the server's origin, with capped answers (a fixed cap, or one read per request) and no reconnection (query, probe, skills). */
export function httpTransport(
  url: string,
  headers: Record<string, string>,
  watch: CapWatch = { exceeded: null },
  maxMessageBytes?: number | (() => number),
): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers },
    fetch: originBoundFetch(url, watch, maxMessageBytes),
    redirectPolicy: "same-origin",
    reconnectionOptions: {
      maxRetries: 0,
      initialReconnectionDelay: 1000,
      maxReconnectionDelay: 1000,
      reconnectionDelayGrowFactor: 1,
    },
  });
}

function makeTransport(endpoint: McpEndpoint, watch: CapWatch): Transport {
  const t = endpoint.transport;
  if (t.type === "http") return httpTransport(t.url, t.headers.reveal(), watch);
  return stdioTransport(t, MAX_MCP_MESSAGE_BYTES);
}

/**
 * A local server started with its own env on top of the default one, its stderr ignored; the SDK's read buffer closes
 * the transport when one message passes `maxMessageBytes` (query, probe, skills).
 */
export function stdioTransport(
  t: Extract<McpEndpoint["transport"], { type: "stdio" }>,
  maxMessageBytes: number,
): StdioClientTransport {
  return new StdioClientTransport({
    command: t.command,
    args: t.args,
    env: { ...getDefaultEnvironment(), ...t.env.reveal() },
    cwd: t.cwd,
    stderr: "ignore",
    maxBufferSize: maxMessageBytes,
  });
}

function parseToolResult(
  result: Record<string, unknown>,
): { ok: true; payload: unknown } | { ok: false; reason: string; tooLarge?: true } {
  if (result.isError === true) return { ok: false, reason: "the tool reported an error" };
  const structured = result.structuredContent;
  const content = Array.isArray(result.content) ? (result.content as Array<{ type?: unknown; text?: unknown }>) : [];
  const textBytes = content.reduce((sum, c) => sum + (typeof c.text === "string" ? Buffer.byteLength(c.text) : 0), 0);
  if (
    textBytes > MAX_TOOL_RESULT_BYTES ||
    (structured !== undefined && Buffer.byteLength(JSON.stringify(structured) ?? "") > MAX_TOOL_RESULT_BYTES)
  ) {
    return { ok: false, reason: TOOL_RESULT_TOO_LARGE, tooLarge: true };
  }
  if (isPlainObject(structured)) return { ok: true, payload: structured };
  const text = content.find((c) => c.type === "text" && typeof c.text === "string")?.text as string | undefined;
  if (text === undefined) return { ok: false, reason: "the tool returned no text" };
  const parsed = parseJsonWithinLimits(text);
  return parsed.ok
    ? { ok: true, payload: parsed.value }
    : { ok: false, reason: "the tool returned text that is not JSON" };
}

async function converse(
  client: Client,
  endpoint: McpEndpoint,
  timeoutMs: number,
  result: ServerMetaResult,
  watch: CapWatch,
): Promise<void> {
  await client.connect(makeTransport(endpoint, watch), { timeout: timeoutMs });
  const listed = await client.listTools({}, { timeout: timeoutMs });
  const tools = listed.tools
    .map((tool) => ({ tool: tool.name, skill: skillOfMetaTool(tool.name) }))
    .filter((t): t is { tool: string; skill: string } => t.skill !== null);
  for (const { tool, skill } of tools) {
    let answer: MetaAnswer;
    watch.exceeded = null;
    try {
      const raw = await client.callTool({ name: tool, arguments: {} }, undefined, { timeout: timeoutMs });
      const parsed = parseToolResult(raw as Record<string, unknown>);
      answer = parsed.ok
        ? interpretMetaPayload(parsed.payload)
        : { kind: parsed.tooLarge ? "too-large" : "failed", reason: parsed.reason };
    } catch (error) {
      answer =
        watch.exceeded !== null
          ? { kind: "too-large", reason: TOOL_RESULT_TOO_LARGE }
          : { kind: "failed", reason: `the call failed (${(error as Error).name})` };
    }
    result.answers.push({ tool, skill, answer });
  }
}

/** Connects, lists the tools, calls each skill-meta tool once with {}; a timeout or failure gives reachable false. */
export async function queryServer(endpoint: McpEndpoint, options: MetaQueryOptions = {}): Promise<ServerMetaResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_META_TIMEOUT_MS;
  const result: ServerMetaResult = { endpointId: endpoint.id, reachable: true, answers: [] };
  const client = new Client({ name: "skillshelf", version: VERSION });
  // Past a cap the connection is closed at once, so the pending call fails now instead of at the deadline.
  const watch: CapWatch = { exceeded: null, onExceeded: () => void client.close().catch(() => undefined) };
  client.onerror = (error) => {
    if (/ReadBuffer exceeded maximum size/.test(error?.message ?? "")) watch.exceeded = MAX_MCP_MESSAGE_BYTES;
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
  try {
    const work = converse(client, endpoint, timeoutMs, result, watch).then(
      () => ({ done: true as const }),
      (error: unknown) => ({ done: false as const, error }),
    );
    const outcome = await Promise.race([work, deadline]);
    if (outcome === "timeout") {
      if (result.answers.length === 0)
        return { endpointId: endpoint.id, reachable: false, reason: `no answer within ${timeoutMs} ms`, answers: [] };
      result.reason = `timed out after ${timeoutMs} ms`;
    } else if (!outcome.done) {
      throw outcome.error;
    }
  } catch (error) {
    return {
      endpointId: endpoint.id,
      reachable: false,
      reason: `could not talk to the server (${(error as Error).name})`,
      answers: [],
    };
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => undefined);
  }
  return { ...result, answers: [...result.answers] };
}
