// The page both hosts serve (the web host's "/", Electron's app://skillshelf/index.html) with its first screen already
// in it: the built index.html, the app's own tree rendered for the stored catalog (the renderer's server build), the
// stylesheet inline under a hashed CSP, and a preload link to the data the page takes that markup over with (served
// beside it, first-screen/<random>.json). With no stored catalog for this set-up, or no server build, there is no such
// page and the hosts serve the plain shell.
import { createHash, randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { contentSecurityPolicyWithStyles, metaContentSecurityPolicyWithStyles } from "../../shared/csp";
import { FIRST_SCREEN_DATA_NAME, firstScreenDataLink } from "../../shared/first-screen-data";
import type { StoredCatalog } from "../../shared/model";
import { jsonTextOf, SerializedJson, unpackAnswer } from "../../shared/serialized-json";
import { MAX_SNAPSHOT_BYTES, MAX_SNAPSHOT_DEPTH } from "../engine/catalog-snapshot/snapshot";
import { parseJsonWithinLimits } from "../engine/fs/json-limits";
import { readTextFile, resolveInside } from "../engine/fs/safe-fs";
import { packedAnswerJson } from "./catalog-json";

/** A page to send: its HTML and the Content-Security-Policy header that goes with it, and its data. */
export interface RenderedPage {
  html: string;
  csp: string;
  /** The data's file name (first-screen/<name>) and its JSON text: the stored catalog the markup was rendered from. */
  dataName: string;
  data: string;
}

/** Renders the app's markup (the inside of #root) for a stored catalog: the renderer's server build. */
export type FirstScreenRenderer = (stored: StoredCatalog) => string;

/** The built page cut around its root element, its stylesheet inline, and that stylesheet's hash. */
interface PageShell {
  before: string;
  after: string;
  styleHash: string;
}

const ROOT_ELEMENT = '<div id="root"></div>';
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="(?:\.\/|\/)?(assets\/[^"]+\.css)"[^>]*>/;
const META_CSP = /(<meta http-equiv="Content-Security-Policy" content=")[^"]*(")/;
const MAX_PAGE_BYTES = 1024 * 1024;
const MAX_STYLE_BYTES = 4 * 1024 * 1024;

/** The file of the renderer's server build beside a built renderer folder (scripts/build.mjs writes it). Exported for tests: they build one there. */
export const firstScreenModuleOf = (rendererDir: string): string =>
  path.join(rendererDir, "..", "renderer-host", "first-screen.cjs");

/**
 * The built index.html ready to take a first screen: its one stylesheet moved inline (the link removed) and both
 * policies (the meta tag's here, the header's by the caller) allowing exactly that text by hash. Null when the page
 * or its stylesheet is not as a Vite build writes them.
 */
async function loadPageShell(rendererDir: string): Promise<PageShell | null> {
  const page = await readTextFile(path.join(rendererDir, "index.html"), { maxBytes: MAX_PAGE_BYTES });
  if (!page.ok) return null;
  const link = STYLESHEET_LINK.exec(page.text);
  if (!link || !page.text.includes(ROOT_ELEMENT) || !META_CSP.test(page.text)) return null;
  const file = await resolveInside(rendererDir, link[1]!);
  if (!file.ok) return null;
  const style = await readTextFile(file.real, { maxBytes: MAX_STYLE_BYTES });
  if (!style.ok || /<\/style/i.test(style.text)) return null;
  const styleHash = createHash("sha256").update(style.text).digest("base64");
  const html = page.text
    .replace(
      META_CSP,
      (_all, open: string, close: string) => `${open}${metaContentSecurityPolicyWithStyles([styleHash])}${close}`,
    )
    .replace(link[0], () => `<style>${style.text}</style>`);
  const at = html.indexOf(ROOT_ELEMENT);
  const inside = ROOT_ELEMENT.length - "</div>".length;
  return { before: html.slice(0, at + inside), after: html.slice(at + inside), styleHash };
}

/** The renderer's server build at `file`, or null when it was not built. */
function loadRenderer(file: string): FirstScreenRenderer | null {
  try {
    const loaded = createRequire(file)(file) as { renderFirstScreen?: unknown };
    return typeof loaded.renderFirstScreen === "function" ? (loaded.renderFirstScreen as FirstScreenRenderer) : null;
  } catch {
    return null;
  }
}

/** The stored-catalog command's answer as its packed JSON text (what the page's API would have received), or null. */
async function storedJsonText(answer: unknown): Promise<string | null> {
  if (answer === null || answer === undefined) return null;
  if (answer instanceof SerializedJson) return jsonTextOf(answer.pieces);
  return jsonTextOf(await packedAnswerJson(answer, "stored-catalog"));
}

/**
 * The page with its first screen rendered for a stored catalog (its packed JSON text), on a shell and renderer already
 * loaded; null when the text is not a stored catalog. Exported for tests: they render pages without a build.
 */
export function composeFirstScreenPage(
  shell: PageShell,
  render: FirstScreenRenderer,
  json: string,
): RenderedPage | null {
  const parsed = parseJsonWithinLimits(json, { maxBytes: MAX_SNAPSHOT_BYTES, maxDepth: MAX_SNAPSHOT_DEPTH });
  if (!parsed.ok || parsed.value === null) return null;
  let stored: StoredCatalog;
  try {
    stored = unpackAnswer(parsed.value, "stored-catalog") as StoredCatalog;
  } catch {
    return null;
  }
  let markup: string;
  try {
    markup = render(stored);
  } catch {
    return null;
  }
  const dataName = `${randomBytes(24).toString("base64url")}.json`;
  return {
    html: `${shell.before.replace("</head>", () => `${firstScreenDataLink(dataName)}</head>`)}${markup}${shell.after}`,
    csp: contentSecurityPolicyWithStyles([shell.styleHash]),
    dataName,
    data: json,
  };
}

/** The loaded shell and server build. */
interface PageParts {
  shell: PageShell;
  render: FirstScreenRenderer;
}

/** What a host holds to serve the first screen: render it now (null: serve the plain shell), and its data. */
export interface FirstScreenPage {
  /** The page for the stored catalog the session answers now; made once per answer (a start renders it ahead). */
  render(): Promise<RenderedPage | null>;
  /** The JSON text of a recent page's data by its file name, or null (an unknown or forgotten name). */
  data(name: string): string | null;
}

/** Pages whose data is still served (the current one and the one before, for a page still loading). */
const KEPT_PAGES = 2;

/**
 * The first-screen page of a built renderer folder over `storedCatalog` (the session's `catalog:stored` command: the
 * catalog stored for this very home, platform and folders, or the scan's newer one). The shell and the server build
 * are loaded once, at the first page.
 */
export function createFirstScreenPage(options: {
  rendererDir: string;
  storedCatalog: () => Promise<unknown>;
  /** The renderer's server build; firstScreenModuleOf(rendererDir) when absent. */
  module?: string;
}): FirstScreenPage {
  let loaded: Promise<PageParts | null> | null = null;
  const load = () =>
    (loaded ??= loadPageShell(options.rendererDir).then((shell) => {
      const render = shell ? loadRenderer(options.module ?? firstScreenModuleOf(options.rendererDir)) : null;
      return shell && render ? { shell, render } : null;
    }));
  // The session answers with the same object until its catalog changes: the page made for it is made once.
  const made = new WeakMap<object, Promise<RenderedPage | null>>();
  const kept: RenderedPage[] = [];
  const pageFor = async (parts: PageParts, answer: unknown): Promise<RenderedPage | null> => {
    const json = await storedJsonText(answer);
    const page = json === null ? null : composeFirstScreenPage(parts.shell, parts.render, json);
    if (page && kept.unshift(page) > KEPT_PAGES) kept.pop();
    return page;
  };
  return {
    async render() {
      const parts = await load();
      if (!parts) return null;
      const answer = await options.storedCatalog();
      if (typeof answer !== "object" || answer === null) return null;
      let page = made.get(answer);
      if (!page) made.set(answer, (page = pageFor(parts, answer)));
      return page;
    },
    data(name) {
      if (!FIRST_SCREEN_DATA_NAME.test(name)) return null;
      return kept.find((page) => page.dataName === name)?.data ?? null;
    },
  };
}
