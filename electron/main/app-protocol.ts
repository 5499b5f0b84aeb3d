// The renderer is served from app://skillshelf/, a privileged custom scheme, instead of file://: the page gets a real
// origin ('self' in the CSP means only our files), and the handler serves files from the built renderer folder only.
// Anything else (`..` in any spelling, encoded slashes, a link out of the folder, a folder, a missing file) is refused.
import type { CustomScheme, Protocol } from "electron";
import { readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { contentSecurityPolicy } from "../../shared/csp";
import { FIRST_SCREEN_DATA_FOLDER } from "../../shared/first-screen-data";
import type { FirstScreenPage } from "../handlers/first-screen-page";
import { APP_HOST, APP_SCHEME } from "./app-page";

/**
 * How app:// is registered: a standard, secure scheme that fetch() may use, whose scripts V8 keeps compiled between
 * starts (codeCache: the app's script is not compiled again at each start); nothing else (no CSP bypass, no CORS).
 */
export const appSchemeRegistration: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
};

/** Registers app:// as privileged; Electron requires this before the app is ready. */
export function registerAppScheme(protocol: Pick<Protocol, "registerSchemesAsPrivileged">): void {
  protocol.registerSchemesAsPrivileged([appSchemeRegistration]);
}

/** Content types of the files a Vite build holds; anything else is sent as bytes. */
const contentTypes: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".wasm": "application/wasm",
};

/** The Content-Type app:// sends for a file name. */
function contentTypeOf(file: string): string {
  return contentTypes[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

// The built renderer is a few MB; a file far larger is not one of ours.
const MAX_FILE_BYTES = 64 * 1024 * 1024;

const isInside = (root: string, target: string) => {
  const rel = path.relative(root, target);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
};

/** Where a request points inside the renderer folder, or the HTTP status refusing it. */
type AppPathResult = { ok: true; relative: string } | { ok: false; status: 400 | 403 | 404 };

/**
 * The file an app:// URL names, relative to the renderer folder: host must be ours, each path segment is decoded
 * once and may not be `.`, `..` or hold a slash, backslash, colon or NUL (so `%2e%2e`, `..%2f` and `C:` cannot
 * climb out); a path ending in `/` means its index.html.
 */
function appRelativePath(url: string): AppPathResult {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, status: 400 };
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return { ok: false, status: 404 };
  const segments: string[] = [];
  for (const raw of parsed.pathname.split("/").slice(1)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { ok: false, status: 400 };
    }
    if (segment === "." || segment === ".." || /[/\\:\0]/.test(segment)) return { ok: false, status: 403 };
    segments.push(segment);
  }
  if (segments.length === 0 || segments[segments.length - 1] === "") segments.splice(-1, 1, "index.html");
  if (segments.some((s) => s === "")) return { ok: false, status: 404 };
  return { ok: true, relative: segments.join("/") };
}

function refusal(status: number): Response {
  const text =
    status === 404
      ? "Not found."
      : status === 403
        ? "Refused: outside the app's files."
        : status === 405
          ? "Only GET is served."
          : "Bad request.";
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
  });
}

/**
 * The app:// handler for protocol.handle: serves files of `rendererDir` only, resolving links and refusing any real
 * path outside the folder's real path, with our CSP and nosniff on every answer. With `firstScreen`, index.html is
 * the page with its first screen rendered for the stored catalog (under that page's policy) when there is one.
 */
export function createAppProtocolHandler(
  rendererDir: string,
  firstScreen?: FirstScreenPage,
): (request: Request) => Promise<Response> {
  let realRoot: string | null = null;
  return async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") return refusal(405);
    const target = appRelativePath(request.url);
    if (!target.ok) return refusal(target.status);
    const data = target.relative.startsWith(`${FIRST_SCREEN_DATA_FOLDER}/`)
      ? firstScreen?.data(target.relative.slice(FIRST_SCREEN_DATA_FOLDER.length + 1))
      : undefined;
    if (data !== undefined)
      return data === null
        ? refusal(404)
        : new Response(request.method === "HEAD" ? null : new Blob(data as Uint8Array<ArrayBuffer>[]), {
            status: 200,
            headers: {
              "Content-Type": "application/json; charset=utf-8",
              "Content-Security-Policy": contentSecurityPolicy,
              "X-Content-Type-Options": "nosniff",
              "Cache-Control": "no-store",
            },
          });
    const page = target.relative === "index.html" ? await firstScreen?.render().catch(() => null) : null;
    if (page)
      return new Response(request.method === "HEAD" ? null : page.html, {
        status: 200,
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Content-Security-Policy": page.csp,
          "X-Content-Type-Options": "nosniff",
          "Cache-Control": "no-store",
        },
      });
    try {
      const root = (realRoot ??= await realpath(rendererDir));
      const file = path.resolve(root, ...target.relative.split("/"));
      if (!isInside(root, file)) return refusal(403);
      const real = await realpath(file);
      if (!isInside(root, real)) return refusal(403);
      const info = await stat(real);
      if (!info.isFile()) return refusal(404);
      if (info.size > MAX_FILE_BYTES) return refusal(403);
      const body = request.method === "HEAD" ? null : new Uint8Array(await readFile(real));
      return new Response(body, {
        status: 200,
        headers: {
          "Content-Type": contentTypeOf(real),
          "Content-Security-Policy": contentSecurityPolicy,
          "X-Content-Type-Options": "nosniff",
          "Cache-Control": "no-cache",
        },
      });
    } catch {
      return refusal(404);
    }
  };
}

/** Serves the renderer on app:// (after ready, before the window loads), index.html with its first screen. */
export function handleAppScheme(
  protocol: Pick<Protocol, "handle">,
  rendererDir: string,
  firstScreen?: FirstScreenPage,
): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(rendererDir, firstScreen));
}
