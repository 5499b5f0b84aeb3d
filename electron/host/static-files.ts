// Serves the built renderer from one folder, never outside it.
import type { ServerResponse } from "node:http";
import path from "node:path";
import { readFile, stat } from "node:fs/promises";
import { resolveInside } from "../engine/fs/safe-fs";

const MIME: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".map": "application/json; charset=utf-8",
};

/**
 * A file Vite names by its content (assets/<name>-<hash>.<ext>): a browser may keep it, and V8 its compiled code, for
 * good (a new build gives new names); everything else, the page first, is fetched again each time.
 */
const CONTENT_NAMED = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.(?:js|css|woff2?|svg|png)$/;

/** The page shown when the renderer has not been built yet. */
const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Skillshelf</title></head><body><h1>Skillshelf</h1><p>The app's pages have not been built yet. Run <code>npm run build</code> and reload this page.</p></body></html>`;

/** Resolves a URL path to a file in rendererDir; "/" is index.html. Null when absent or outside. */
export async function resolveStaticFile(rendererDir: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const rel = decoded === "/" || decoded === "" ? "index.html" : decoded.replace(/^\/+/, "");
  const found = await resolveInside(rendererDir, rel);
  if (!found.ok) return null;
  const info = await stat(found.real).catch(() => null);
  return info?.isFile() ? found.real : null;
}

/** Writes a static file (or the "not built" page for "/"), with the given extra headers. */
export async function serveStatic(
  res: ServerResponse,
  rendererDir: string,
  urlPath: string,
  headers: Record<string, string>,
  headOnly: boolean,
): Promise<void> {
  const file = await resolveStaticFile(rendererDir, urlPath);
  if (!file) {
    if (urlPath === "/" || urlPath === "/index.html") {
      res.writeHead(200, { ...headers, "Content-Type": MIME[".html"]!, "Cache-Control": "no-store" });
      res.end(headOnly ? undefined : NOT_BUILT_PAGE);
      return;
    }
    res.writeHead(404, { ...headers, "Content-Type": "text/plain; charset=utf-8" });
    res.end(headOnly ? undefined : "Not found.");
    return;
  }
  const body = await readFile(file);
  const type = MIME[path.extname(file).toLowerCase()] ?? "application/octet-stream";
  res.writeHead(200, {
    ...headers,
    "Content-Type": type,
    "Content-Length": String(body.length),
    "Cache-Control": CONTENT_NAMED.test(urlPath) ? "private, max-age=31536000, immutable" : "no-store",
  });
  res.end(headOnly ? undefined : body);
}
