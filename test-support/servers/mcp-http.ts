// What the loopback MCP servers of the tests share: one streamable-HTTP transport per session, and the HTTP server that
// hands each request to its session (a handler that throws answers 500), closed with every session it opened.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { closeNow, listenOnLoopback } from "./loopback";

/** The open sessions of one server, by session id. */
export type McpSessions = Map<string, StreamableHTTPServerTransport>;

/** A new session's transport (JSON answers), kept in `sessions` until it closes, connected to a fresh server. */
export async function openMcpSession(
  sessions: McpSessions,
  server: { connect(transport: Transport): Promise<void> },
): Promise<StreamableHTTPServerTransport> {
  const created: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    enableJsonResponse: true,
    onsessioninitialized: (id) => void sessions.set(id, created),
  });
  created.onclose = () => {
    if (created.sessionId) sessions.delete(created.sessionId);
  };
  await server.connect(created);
  return created;
}

/** Serves `handle` at http://127.0.0.1:PORT/mcp; close() runs `before`, then closes every session and the server. */
export async function serveMcpOnLoopback(
  sessions: McpSessions,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  before: () => void = () => undefined,
): Promise<{ url: string; close: () => Promise<void> }> {
  const http = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  const port = await listenOnLoopback(http);
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      before();
      await Promise.all([...sessions.values()].map((t) => t.close().catch(() => undefined)));
      await closeNow(http);
    },
  };
}
