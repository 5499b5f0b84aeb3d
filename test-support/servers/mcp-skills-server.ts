// A real MCP server offering the Skills extension (official SDK, streamable HTTP on 127.0.0.1) for tests, built from
// the extension's Final text: `skills/list` (paginated) and `skills/get` by URI answer `Skill` entries ({ uri,
// frontmatter, resources: [{ uri, digest, size }] }), files are `skill://` resources; switchable into hostile modes.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ErrorCode, McpError, ReadResourceRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { parse } from "yaml";
import { SKILLS_EXTENSION, SKILLS_GET, SKILLS_LIST } from "../../electron/engine/mcp-skills/protocol";
import { openMcpSession, serveMcpOnLoopback, type McpSessions } from "./mcp-http";

/** How the server misbehaves, if it does. */
export type McpSkillsBehaviour =
  | "normal"
  | "no-extension" // does not declare the extension
  | "no-resources" // declares the extension but not the resources capability
  | "bad-digest" // a file's bytes differ from its announced digest
  | "wrong-size" // a file's announced size is off by one
  | "frontmatter-differs" // the entry's frontmatter is not the SKILL.md's
  | "dynamic" // every skill's resources are "dynamic"
  | "huge" // a file's resource is far larger than announced
  | "endless"; // a resource read is never answered

/** Options of the test server. */
export interface McpSkillsServerOptions {
  /** Skills by skill path (`notes`, `acme/billing/refunds`): file path → content. Mutable: tests change files. */
  skills: Record<string, Record<string, string>>;
  behaviour?: McpSkillsBehaviour;
  /** Extra resources announced for every skill, by full URI (e.g. one outside the skill's folder). */
  extraResources?: Array<{ uri: string; content: string }>;
  /** Skill paths served by `skills/get` but left out of `skills/list` (a partial listing). */
  unlisted?: string[];
  /** Entries per `skills/list` page (default 1, so every listing pages). */
  pageSize?: number;
}

/** A running test server. */
export interface RunningMcpSkillsServer {
  url: string;
  stats: { reads: number; gets: number; lists: number };
  close: () => Promise<void>;
}

/** A file's digest as the spec writes it. */
export const specDigest = (bytes: string | Buffer) => `sha256:${createHash("sha256").update(bytes).digest("hex")}`;

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

function frontmatterOf(skillMd: string): Record<string, unknown> {
  const yaml = /^---\n([\s\S]*?)\n---/.exec(skillMd)?.[1] ?? "";
  return parse(yaml) as Record<string, unknown>;
}

/** Starts the server on 127.0.0.1 with a random port; the MCP endpoint is `url`. */
export async function startMcpSkillsServer(opts: McpSkillsServerOptions): Promise<RunningMcpSkillsServer> {
  const behaviour = opts.behaviour ?? "normal";
  const pageSize = opts.pageSize ?? 1;
  const stats = { reads: 0, gets: 0, lists: 0 };
  const sessions: McpSessions = new Map();
  const hanging = new Set<() => void>();
  const uriOf = (skillPath: string, file: string) => `skill://${skillPath}/${file}`;

  function entryOf(skillPath: string) {
    const files = opts.skills[skillPath]!;
    const frontmatter = frontmatterOf(files["SKILL.md"] ?? "");
    if (behaviour === "frontmatter-differs") frontmatter.description = "Not what the SKILL.md says.";
    const resources = [
      ...Object.entries(files).map(([file, content], i) => ({
        uri: uriOf(skillPath, file),
        digest: specDigest(behaviour === "bad-digest" && i === 0 ? `${content}!` : content),
        size: Buffer.byteLength(content) + (behaviour === "wrong-size" && i === 0 ? 1 : 0),
      })),
      ...(opts.extraResources ?? []).map((r) => ({
        uri: r.uri,
        digest: specDigest(r.content),
        size: Buffer.byteLength(r.content),
      })),
    ];
    return {
      uri: uriOf(skillPath, "SKILL.md"),
      frontmatter,
      resources: behaviour === "dynamic" ? "dynamic" : resources,
    };
  }

  function contentOf(uri: string): string | null {
    const extra = opts.extraResources?.find((r) => r.uri === uri);
    if (extra) return extra.content;
    for (const [skillPath, files] of Object.entries(opts.skills))
      for (const [file, content] of Object.entries(files)) if (uriOf(skillPath, file) === uri) return content;
    return null;
  }

  function build(): Server {
    const extensions = { [SKILLS_EXTENSION]: {} };
    const capabilities =
      behaviour === "no-extension"
        ? { resources: {} }
        : behaviour === "no-resources"
          ? { extensions }
          : { resources: {}, extensions };
    const server = new Server({ name: "skillshelf-test-skills", version: "1.0.0" }, { capabilities });
    server.fallbackRequestHandler = async (request) => {
      const params = (request.params ?? {}) as { cursor?: unknown; uri?: unknown };
      if (request.method === SKILLS_LIST) {
        stats.lists++;
        const listed = Object.keys(opts.skills).filter((p) => !opts.unlisted?.includes(p));
        const start = typeof params.cursor === "string" ? Number(params.cursor) : 0;
        const page = listed.slice(start, start + pageSize).map(entryOf);
        const next = start + pageSize < listed.length ? { nextCursor: String(start + pageSize) } : {};
        return { resultType: "complete", skills: page, ttlMs: 60_000, cacheScope: "public", ...next };
      }
      if (request.method === SKILLS_GET) {
        stats.gets++;
        const skillPath = Object.keys(opts.skills).find((p) => uriOf(p, "SKILL.md") === params.uri);
        if (!skillPath) throw new McpError(ErrorCode.InvalidParams, `No skill is served at ${String(params.uri)}`);
        return { resultType: "complete", skill: entryOf(skillPath), ttlMs: 60_000, cacheScope: "public" };
      }
      throw new McpError(ErrorCode.MethodNotFound, `Unknown method ${request.method}`);
    };
    if (behaviour === "no-resources") return server;
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
      stats.reads++;
      const uri = request.params.uri;
      if (behaviour === "endless") await new Promise<void>((resolve) => hanging.add(resolve));
      if (behaviour === "huge") return { contents: [{ uri, text: "x".repeat(24 * 1024 * 1024) }] };
      const content = contentOf(uri);
      if (content === null) throw new McpError(ErrorCode.InvalidParams, `No resource at ${uri}`);
      return { contents: [{ uri, mimeType: "text/markdown", text: content }] };
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
