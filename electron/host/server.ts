// The web host: the same handlers as Electron main over loopback HTTP, behind Host and Origin checks and a session
// secret a one-time sign-in code opens, sent in a header (or, for tests in this process, the per-run token header).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { contentSecurityPolicy } from "../../shared/csp";
import { formatBytes } from "../../shared/format";
import { commandEntries, handlerOf, PACKED_REPLIES, type CommandChannel } from "../../shared/ipc";
import type { EventSink } from "../handlers/context";
import { parseJsonWithinLimits } from "../engine/fs/json-limits";
import { replyOf } from "../handlers/errors";
import type { HandlerSession } from "../handlers/handlers";
import { isTaskId } from "../../shared/update-flow";
import { DownloadRefusal, sendDownload } from "./download";
import { EventStreams } from "./event-stream";
import {
  createToken,
  fetchSiteAllowed,
  isAllowedHost,
  isSameOrigin,
  SECURITY_HEADERS,
  SESSION_HEADER,
  SignIns,
  TOKEN_HEADER,
  tokenMatches,
} from "./security";
import { serveStatic } from "./static-files";
import { createFirstScreenPage, type RenderedPage } from "../handlers/first-screen-page";
import { firstScreenTickets } from "./first-screen-tickets";
import { FIRST_SCREEN_DATA_FOLDER, FIRST_SCREEN_PARAM } from "../../shared/first-screen-data";

/** How to start the web host. */
export interface WebHostOptions {
  /** Port on 127.0.0.1; 0 picks a free one. */
  port?: number;
  /** Folder of the built renderer (dist/renderer). */
  rendererDir: string;
  /** Builds the handlers, given where their events go. */
  createSession: (emit: EventSink) => HandlerSession;
  /** Fixed token (tests); random per run otherwise. */
  token?: string;
  /** Called after a sign-in code was used (serve writes a new one into its private open file). */
  onCodeUsed?: () => void;
  /** The renderer's server build that renders the first screen (tests); beside rendererDir when absent. */
  firstScreenModule?: string;
}

/** A running web host. Exported for tests: they hold the running host to call and close it. */
export interface WebHost {
  /** The page's address (no key: a browser signs in with a one-time code, see pageUrl). */
  url: string;
  origin: string;
  port: number;
  /** The per-run key for the token header: kept in this process (tests), never printed or passed to a program. */
  token: string;
  /** A new one-time sign-in code. */
  issueCode(): string;
  /**
   * The page's address carrying a one-time code in its fragment (never sent to a server, never logged by one) and a
   * one-time ticket for a page with its first screen (the stored catalog's rows) already rendered.
   */
  pageUrl(code: string): string;
  session: HandlerSession;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;
// How much of a refused body is read and dropped (so the 413 arrives) before the connection is closed.
const MAX_DISCARD_BYTES = 16 * 1024 * 1024;

/** Headers of every page and static file: the security headers and the one policy of shared/csp.ts. */
const PAGE_HEADERS: Record<string, string> = { ...SECURITY_HEADERS, "Content-Security-Policy": contentSecurityPolicy };

class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const reply = value as { ok?: unknown; json?: unknown; packing?: unknown } | null;
  // A value passed through as JSON bytes (in pieces) is written in place, never parsed, stringified or joined here.
  const pieces = reply?.ok === true && Array.isArray(reply.json) ? (reply.json as Uint8Array[]) : null;
  if (pieces) {
    const packing = typeof reply?.packing === "string" ? `"packing":${JSON.stringify(reply.packing)},` : "";
    const open = Buffer.from(`{"ok":true,${packing}"value":`);
    const length = pieces.reduce((sum, piece) => sum + piece.length, open.length + 1);
    res.writeHead(status, {
      ...SECURITY_HEADERS,
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Length": String(length),
    });
    res.write(open);
    for (const piece of pieces) res.write(piece);
    res.end("}");
    return;
  }
  const body = JSON.stringify(value);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Length": String(Buffer.byteLength(body)),
  });
  res.end(body);
}

/** Sends a page rendered with its first screen, under the policy that allows its inline stylesheet. */
function sendPage(res: ServerResponse, page: RenderedPage, headOnly: boolean): void {
  const body = Buffer.from(page.html);
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    "Content-Security-Policy": page.csp,
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": String(body.length),
    "Cache-Control": "no-store",
  });
  res.end(headOnly ? undefined : body);
}

/** Sends a first screen's data (the stored catalog's JSON bytes, written in their pieces), never cached. */
function sendData(res: ServerResponse, data: readonly Uint8Array[], headOnly: boolean): void {
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(data.reduce((sum, piece) => sum + piece.length, 0)),
    "Cache-Control": "no-store",
  });
  if (!headOnly) for (const piece of data) res.write(piece);
  res.end();
}

/**
 * Reads a request body up to MAX_BODY_BYTES. A larger one (declared or sent) is refused with 413 while the rest is
 * read and dropped, so the client gets the answer instead of a reset; past MAX_DISCARD_BYTES more the socket closes.
 */
function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    let refused = false;
    const chunks: Buffer[] = [];
    const refuse = () => {
      refused = true;
      chunks.length = 0;
      reject(new HttpRefusal(413, `The request is larger than ${formatBytes(MAX_BODY_BYTES)}, so it was refused.`));
    };
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) refuse();
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (refused) {
        if (size > MAX_BODY_BYTES + MAX_DISCARD_BYTES) req.socket.destroy();
      } else if (size > MAX_BODY_BYTES) {
        refuse();
      } else {
        chunks.push(chunk);
      }
    });
    req.on("end", () => {
      if (!refused) resolve(Buffer.concat(chunks).toString("utf8"));
    });
    req.on("error", (error) => {
      if (!refused) reject(error);
    });
  });
}

/** A request body's JSON, bounded like all JSON Skillshelf parses; throws when it is not JSON or nested too deeply. */
function parseBody(text: string): unknown {
  const parsed = parseJsonWithinLimits(text);
  if (!parsed.ok) throw new Error(parsed.why);
  return parsed.value;
}

/** One command as the host serves it: the table's validator and the session's handler. */
interface Route {
  channel: CommandChannel;
  accepts: (args: readonly unknown[]) => boolean;
  handler: (...args: unknown[]) => Promise<unknown>;
}

async function parseArgs(req: IncomingMessage, route: Route): Promise<unknown[]> {
  const type = req.headers["content-type"] ?? "";
  if (!type.toLowerCase().startsWith("application/json")) throw new HttpRefusal(415, "API calls must send JSON.");
  let args: unknown;
  try {
    args = parseBody(await readBody(req));
  } catch (error) {
    if (error instanceof HttpRefusal) throw error;
    throw new HttpRefusal(400, "The request body is not valid JSON.");
  }
  if (!Array.isArray(args) || !route.accepts(args))
    throw new HttpRefusal(400, `The arguments for ${route.channel} are not valid.`);
  return args;
}

/** Starts the web host on 127.0.0.1 and resolves once it listens. */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? createToken();
  const signIns = new SignIns();
  const streams = new EventStreams();
  const tickets = firstScreenTickets();
  const session = options.createSession((channel, payload) => streams.send(channel, payload));
  const firstScreen = createFirstScreenPage({
    rendererDir: options.rendererDir,
    storedCatalog: () => session.handlers["catalog:stored"](),
    ...(options.firstScreenModule ? { module: options.firstScreenModule } : {}),
  });
  // The start's scan waits until the first screen is on screen (its work would slow that paint), then runs.
  session.holdFirstScan(firstScreen.shown);
  // Made ahead, while the browser is being opened: the page's request then finds it ready.
  void firstScreen.render().catch(() => undefined);
  const routes = new Map<string, Route>(
    commandEntries.map(([, { channel, args }]) => [
      channel,
      { channel, accepts: args, handler: handlerOf(session.handlers, channel) },
    ]),
  );
  let port = 0;

  /**
   * Exchanges a one-time code ({ code }) for a session secret, answered in the body (never a cookie, which a browser
   * would also send to other ports); the code is dead afterwards, used or not.
   */
  async function signIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!(req.headers["content-type"] ?? "").toLowerCase().startsWith("application/json"))
      throw new HttpRefusal(415, "API calls must send JSON.");
    let code: unknown;
    try {
      code = (parseBody(await readBody(req)) as { code?: unknown } | null)?.code;
    } catch (error) {
      if (error instanceof HttpRefusal) throw error;
      throw new HttpRefusal(400, "The request body is not valid JSON.");
    }
    const secret = signIns.exchange(code);
    if (secret === null)
      throw new HttpRefusal(
        403,
        "This sign-in code was already used or is not this server's. Open the file `skillshelf serve` printed again.",
      );
    sendJson(res, 200, { ok: true, value: { session: secret } });
    options.onCodeUsed?.();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = req.headers.host;
    if (!isAllowedHost(host, port))
      throw new HttpRefusal(421, "This server only answers to 127.0.0.1 or localhost on its own port.");
    const url = new URL(req.url ?? "/", `http://${host}`);
    const method = req.method ?? "GET";
    if (!url.pathname.startsWith("/api/")) {
      if (method !== "GET" && method !== "HEAD") throw new HttpRefusal(405, "Only GET is allowed for pages.");
      if (url.pathname.startsWith(`/${FIRST_SCREEN_DATA_FOLDER}/`)) {
        const data = firstScreen.data(url.pathname.slice(FIRST_SCREEN_DATA_FOLDER.length + 2));
        if (data === null) throw new HttpRefusal(404, "There is no such first screen.");
        sendData(res, data, method === "HEAD");
        return;
      }
      const isPage = url.pathname === "/" || url.pathname === "/index.html";
      const page = isPage && tickets.take(url.searchParams.get(FIRST_SCREEN_PARAM)) ? await firstScreen.render() : null;
      if (page) {
        sendPage(res, page, method === "HEAD");
        return;
      }
      await serveStatic(res, options.rendererDir, url.pathname, PAGE_HEADERS, method === "HEAD");
      return;
    }
    const origin = req.headers.origin;
    if (!fetchSiteAllowed(req.headers["sec-fetch-site"] as string | undefined))
      throw new HttpRefusal(403, "Calls from other sites are refused.");
    // An EventSource cannot send headers: the event stream alone takes the session in its address.
    const presented =
      req.headers[SESSION_HEADER] ?? (url.pathname === "/api/events" ? url.searchParams.get("session") : null);
    const signedIn = () =>
      signIns.isSession(typeof presented === "string" ? presented : null) ||
      tokenMatches(req.headers[TOKEN_HEADER] as string | undefined, token);
    const notSignedIn = () =>
      new HttpRefusal(403, "This browser is not signed in. Open the file `skillshelf serve` printed in its terminal.");
    if (url.pathname === "/api/events") {
      if (method !== "GET") throw new HttpRefusal(405, "Events are read with GET.");
      if (origin !== undefined && !isSameOrigin(origin, host!))
        throw new HttpRefusal(403, "Calls from other origins are refused.");
      if (!signedIn()) throw notSignedIn();
      streams.open(res, SECURITY_HEADERS);
      return;
    }
    if (url.pathname.startsWith("/api/handoff/")) {
      if (method !== "GET") throw new HttpRefusal(405, "Files are downloaded with GET.");
      if (origin !== undefined && !isSameOrigin(origin, host!))
        throw new HttpRefusal(403, "Calls from other origins are refused.");
      if (!signedIn()) throw notSignedIn();
      const taskId = url.pathname.slice("/api/handoff/".length);
      const file = isTaskId(taskId) ? session.handoffFile(taskId) : null;
      if (file === null) throw new HttpRefusal(404, "There is no such file: only a .skill an update made is offered.");
      await sendDownload(res, file, SECURITY_HEADERS).catch((error: unknown) => {
        throw error instanceof DownloadRefusal ? new HttpRefusal(error.status, error.message) : error;
      });
      return;
    }
    if (method !== "POST") throw new HttpRefusal(405, "API calls use POST.");
    if (!isSameOrigin(origin, host!)) throw new HttpRefusal(403, "Calls from other origins are refused.");
    if (url.pathname === "/api/session") {
      await signIn(req, res);
      return;
    }
    if (!signedIn()) throw notSignedIn();
    if (url.pathname === "/api/upload-source") {
      if (!(req.headers["content-type"] ?? "").toLowerCase().startsWith("application/octet-stream"))
        throw new HttpRefusal(415, "An upload is sent as application/octet-stream.");
      const reply = await replyOf(() =>
        session.receiveUpload(
          url.searchParams.get("name") ?? "",
          req,
          Number(req.headers["content-length"] ?? Number.NaN),
        ),
      );
      if (!reply.ok) req.resume();
      sendJson(res, reply.ok ? 200 : 422, reply);
      return;
    }
    const route = routes.get(url.pathname.slice("/api/".length));
    if (!route) throw new HttpRefusal(404, "There is no such command.");
    const args = await parseArgs(req, route);
    const reply = await replyOf(() => route.handler(...args), PACKED_REPLIES[route.channel]);
    sendJson(res, reply.ok ? 200 : reply.error.cause === "unknown" ? 500 : 422, reply);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.end();
      const status = error instanceof HttpRefusal ? error.status : 500;
      const message = error instanceof HttpRefusal ? error.message : "The server failed to answer.";
      sendJson(res, status, { ok: false, error: { message, cause: "refused" } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/`,
    origin,
    port,
    token,
    issueCode: () => signIns.issueCode(),
    pageUrl: (code) => `${origin}/?${FIRST_SCREEN_PARAM}=${tickets.issue()}#code=${encodeURIComponent(code)}`,
    session,
    async close() {
      streams.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await session.dispose();
    },
  };
}
