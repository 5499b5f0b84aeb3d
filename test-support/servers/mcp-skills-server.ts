// A real MCP server offering the Skills extension (official SDK, streamable HTTP on 127.0.0.1) for tests: the server
// side as Skillshelf reads it (electron/engine/mcp-skills/protocol.ts), switchable into hostile modes.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ReadResourceRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { SKILLS_EXTENSION, SKILLS_GET, SKILLS_LIST } from "../../electron/engine/mcp-skills/protocol";
import { openMcpSession, serveMcpOnLoopback, type McpSessions } from "./mcp-http";

/** How the server misbehaves, if it does. */
export type McpSkillsBehaviour =
  | "normal"
  | "no-extension" // does not declare the extension
  | "bad-digest" // a file's bytes differ from its announced digest
  | "wrong-size" // a file's announced size is off by one
  | "huge" // a file's resource is far larger than any cap
  | "endless"; // a resource read is never answered

/** Options of the test server: its skills (name → relative path → content) and behaviour. */
export interface McpSkillsServerOptions {
  skills: Record<string, Record<string, string>>;
  behaviour?: McpSkillsBehaviour;
  /** Extra file entries announced for every skill, e.g. a path that escapes. */
  extraFiles?: Array<{ path: string; content: string }>;
}

/** A running test server. */
export interface RunningMcpSkillsServer {
  url: string;
  stats: { reads: number; gets: number };
  close: () => Promise<void>;
}

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined);
      } catch {
        resolve(undefined);
      }
    });
    req.on("error", reject);
  });
}

/** Starts the server on 127.0.0.1 with a random port; the MCP endpoint is `url`. */
export async function startMcpSkillsServer(opts: McpSkillsServerOptions): Promise<RunningMcpSkillsServer> {
  const behaviour = opts.behaviour ?? "normal";
  const stats = { reads: 0, gets: 0 };
  const sessions: McpSessions = new Map();
  const hanging = new Set<() => void>();
  const filesOf = (name: string) => {
    const files = Object.entries(opts.skills[name] ?? {}).map(([path, content]) => ({ path, content }));
    return [...files, ...(opts.extraFiles ?? [])];
  };

  function build(): Server {
    const capabilities =
      behaviour === "no-extension" ? { resources: {} } : { resources: {}, extensions: { [SKILLS_EXTENSION]: {} } };
    const server = new Server({ name: "skillshelf-test-skills", version: "1.0.0" }, { capabilities });
    server.fallbackRequestHandler = async (request) => {
      if (request.method === SKILLS_LIST)
        return { skills: Object.keys(opts.skills).map((name) => ({ name, description: `The ${name} skill.` })) };
      if (request.method === SKILLS_GET) {
        stats.gets++;
        const name = String((request.params as { name?: unknown } | undefined)?.name ?? "");
        const files = filesOf(name).map((f, i) => ({
          path: f.path,
          uri: `skill://${name}/${f.path}`,
          size: Buffer.byteLength(f.content) + (behaviour === "wrong-size" && i === 0 ? 1 : 0),
          sha256: `sha256:${sha(behaviour === "bad-digest" && i === 0 ? `${f.content}!` : f.content)}`,
        }));
        return { skill: { name, frontmatter: { name, description: `The ${name} skill.` }, files } };
      }
      throw new Error(`unknown method ${request.method}`);
    };
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
      stats.reads++;
      const uri = request.params.uri;
      if (behaviour === "endless") await new Promise<void>((resolve) => hanging.add(resolve));
      if (behaviour === "huge") return { contents: [{ uri, text: "x".repeat(24 * 1024 * 1024) }] };
      const match = /^skill:\/\/([^/]+)\/(.+)$/.exec(uri);
      const file = match ? filesOf(match[1]!).find((f) => f.path === match[2]) : undefined;
      if (!file) throw new Error("no such resource");
      return { contents: [{ uri, mimeType: "text/markdown", text: file.content }] };
    });
    return server;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = req.method === "POST" ? await readBody(req) : undefined;
    const sessionId = req.headers["mcp-session-id"];
    let transport = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    transport ??= await openMcpSession(sessions, build());
    await transport.handleRequest(req, res, body);
  }

  const served = await serveMcpOnLoopback(sessions, handle, () => {
    for (const release of hanging) release();
  });
  return { ...served, stats };
}
