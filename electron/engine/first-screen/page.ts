// The page with its first screen, as the task worker renders it: the built index.html with its stylesheet inline (and
// both policies naming its hash), the app's markup from the renderer's server build for a stored catalog, and the
// address of that catalog's data on its root. Run off the thread that answers the page, which only passes the bytes on.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { contentSecurityPolicyWithStyles, metaContentSecurityPolicyWithStyles } from "../../../shared/csp";
import { firstScreenRootTag } from "../../../shared/first-screen-data";
import type { StoredCatalog } from "../../../shared/model";
import { jsonTextOf, unpackAnswer } from "../../../shared/serialized-json";
import { MAX_SNAPSHOT_BYTES, MAX_SNAPSHOT_DEPTH } from "../catalog-snapshot/snapshot";
import { parseJsonWithinLimits } from "../fs/json-limits";
import { readTextFile, resolveInside } from "../fs/safe-fs";

/** A page's HTML and the Content-Security-Policy header that goes with it. */
export interface FirstScreenHtml {
  html: string;
  csp: string;
}

/** Renders the app's markup (the inside of #root) for a stored catalog: the renderer's server build. */
type FirstScreenRenderer = (stored: StoredCatalog) => string;

/** The built page cut around its root element's opening tag, its stylesheet inline, its hash, and the renderer. */
interface PageParts {
  /** Up to the root element; `after` from its closing tag on. */
  before: string;
  after: string;
  styleHash: string;
  render: FirstScreenRenderer;
}

const ROOT_ELEMENT = '<div id="root"></div>';
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="(?:\.\/|\/)?(assets\/[^"]+\.css)"[^>]*>/;
const META_CSP = /(<meta http-equiv="Content-Security-Policy" content=")[^"]*(")/;
const MAX_PAGE_BYTES = 1024 * 1024;
const MAX_STYLE_BYTES = 4 * 1024 * 1024;

/** The file of the renderer's server build beside a built renderer folder (scripts/build.mjs writes it). */
export const firstScreenModuleOf = (rendererDir: string): string =>
  path.join(rendererDir, "..", "renderer-host", "first-screen.cjs");

/** The renderer's server build at `file`, or null when it was not built. */
function loadRenderer(file: string): FirstScreenRenderer | null {
  try {
    const loaded = createRequire(file)(file) as { renderFirstScreen?: unknown };
    return typeof loaded.renderFirstScreen === "function" ? (loaded.renderFirstScreen as FirstScreenRenderer) : null;
  } catch {
    return null;
  }
}

/**
 * The built index.html ready to take a first screen: its one stylesheet moved inline (the link removed) and both
 * policies (the meta tag's here, the header's from styleHash) allowing exactly that text by hash, and the server
 * build. Null when the page or its stylesheet is not as a Vite build writes them, or the server build is missing.
 */
async function loadPageParts(rendererDir: string, module: string): Promise<PageParts | null> {
  const page = await readTextFile(path.join(rendererDir, "index.html"), { maxBytes: MAX_PAGE_BYTES });
  if (!page.ok) return null;
  const link = STYLESHEET_LINK.exec(page.text);
  if (!link || !page.text.includes(ROOT_ELEMENT) || !META_CSP.test(page.text)) return null;
  const file = await resolveInside(rendererDir, link[1]!);
  if (!file.ok) return null;
  const style = await readTextFile(file.real, { maxBytes: MAX_STYLE_BYTES });
  if (!style.ok || /<\/style/i.test(style.text)) return null;
  const render = loadRenderer(module);
  if (!render) return null;
  const styleHash = createHash("sha256").update(style.text).digest("base64");
  const html = page.text
    .replace(
      META_CSP,
      (_all, open: string, close: string) => `${open}${metaContentSecurityPolicyWithStyles([styleHash])}${close}`,
    )
    .replace(link[0], () => `<style>${style.text}</style>`);
  const at = html.indexOf(ROOT_ELEMENT);
  return {
    before: html.slice(0, at),
    after: html.slice(at + ROOT_ELEMENT.length - "</div>".length),
    styleHash,
    render,
  };
}

// Loaded once per renderer folder and server build in this thread (the worker keeps them between starts of a page).
const loaded = new Map<string, Promise<PageParts | null>>();

/** Whether the renderer folder and its server build can render a first screen (no catalog is read to answer). */
export async function canRenderFirstScreen(rendererDir: string, module: string): Promise<boolean> {
  return (await partsOf(rendererDir, module)) !== null;
}

function partsOf(rendererDir: string, module: string): Promise<PageParts | null> {
  const key = JSON.stringify([rendererDir, module]);
  let parts = loaded.get(key);
  if (!parts) loaded.set(key, (parts = loadPageParts(rendererDir, module)));
  return parts;
}

/**
 * The page with its first screen for a stored catalog (its packed JSON, in pieces) whose data is served as
 * `dataName`; null when the folder cannot render one or the JSON is not a stored catalog (the host serves the shell).
 */
export async function renderFirstScreenPage(
  rendererDir: string,
  module: string,
  json: readonly Uint8Array[],
  dataName: string,
): Promise<FirstScreenHtml | null> {
  const parts = await partsOf(rendererDir, module);
  if (!parts) return null;
  const parsed = parseJsonWithinLimits(jsonTextOf(json), {
    maxBytes: MAX_SNAPSHOT_BYTES,
    maxDepth: MAX_SNAPSHOT_DEPTH,
  });
  if (!parsed.ok || parsed.value === null) return null;
  let markup: string;
  try {
    markup = parts.render(unpackAnswer(parsed.value, "stored-catalog") as StoredCatalog);
  } catch {
    return null;
  }
  return {
    html: `${parts.before}${firstScreenRootTag(dataName)}${markup}${parts.after}`,
    csp: contentSecurityPolicyWithStyles([parts.styleHash]),
  };
}
