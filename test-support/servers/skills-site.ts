// A site on 127.0.0.1 that publishes skills at a well-known index (the agent-skills one or the older skills one),
// for tests; it can lie about a digest, send an endless file or name a path that escapes.
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { closeNow, listenOnLoopback } from "./loopback";

/** Options of the test site: path → body of every file it serves, and the index it publishes. */
export interface SkillsSiteOptions {
  files: Record<string, string | Uint8Array>;
  /** The index at /.well-known/agent-skills/index.json, or at the older /.well-known/skills/index.json. */
  index?: { at: "agent-skills" | "skills"; body: unknown };
  /** Paths answered with an endless body. */
  endless?: string[];
}

/** A running test site. */
export interface RunningSkillsSite {
  url: string;
  requests: string[];
  close: () => Promise<void>;
}

/** "sha256:hex" of a text or bytes, as an index gives digests. */
export const digestOf = (text: string | Uint8Array) => `sha256:${createHash("sha256").update(text).digest("hex")}`;

/** Starts the site on a random loopback port. */
export async function startSkillsSite(opts: SkillsSiteOptions): Promise<RunningSkillsSite> {
  const requests: string[] = [];
  const indexPath = opts.index ? `/.well-known/${opts.index.at}/index.json` : null;
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push(url.pathname);
    if (url.pathname === indexPath)
      return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(opts.index!.body));
    if (opts.endless?.includes(url.pathname)) {
      res.writeHead(200, { "content-type": "text/plain" });
      const chunk = Buffer.alloc(64 * 1024, 120);
      const pump = () => {
        while (res.write(chunk));
        res.once("drain", pump);
      };
      return pump();
    }
    const body = opts.files[decodeURIComponent(url.pathname)];
    if (body === undefined) return void res.writeHead(404).end("not found");
    const type = typeof body === "string" ? "text/markdown" : "application/gzip";
    res.writeHead(200, { "content-type": type }).end(body);
  });
  const port = await listenOnLoopback(http);
  return { url: `http://127.0.0.1:${port}`, requests, close: () => closeNow(http) };
}
