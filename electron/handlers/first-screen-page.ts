// The page both hosts serve (the web host's "/", Electron's app://skillshelf/index.html) with its first screen already
// in it, for the catalog stored for this very set-up: rendered in the task worker (engine/first-screen/page.ts) from
// the JSON bytes the session answers with, so the thread that answers the page neither parses nor renders megabytes;
// and the data the page takes that markup over with, served beside it by a random name. With no stored catalog for
// this set-up, or no server build, there is no such page and the hosts serve the plain shell.
import { randomBytes } from "node:crypto";
import { FIRST_SCREEN_DATA_NAME } from "../../shared/first-screen-data";
import { SerializedJson } from "../../shared/serialized-json";
import { firstScreenModuleOf } from "../engine/first-screen/page";
import { offThread } from "../engine/off-thread/tasks";
import { packedAnswerJson } from "./catalog-json";

/** A page to send: its HTML and the Content-Security-Policy header that goes with it, and its data. */
export interface RenderedPage {
  html: string;
  csp: string;
  /** The data's file name (first-screen/<name>) and its JSON: the stored catalog the markup was rendered from. */
  dataName: string;
  data: readonly Uint8Array[];
}

/** What a host holds to serve the first screen: render it now (null: serve the plain shell), and its data. */
export interface FirstScreenPage {
  /** The page for the stored catalog the session answers now; made once per answer (a start renders it ahead). */
  render(): Promise<RenderedPage | null>;
  /** A recent page's data (JSON bytes in pieces) by its file name, or null (an unknown or forgotten name). */
  data(name: string): readonly Uint8Array[] | null;
  /**
   * Kept once a first screen is on screen: a page asked for its data, which the page does only after its first paint
   * (renderer/src/boot.ts); or at once when render() has no first screen to serve (the plain shell is served).
   */
  shown: Promise<void>;
}

/** Pages whose data is still served (the current one and the one before, for a page still loading). */
const KEPT_PAGES = 2;

/** The stored-catalog command's answer as its packed JSON (what the page's API would have received), or null. */
async function storedJson(answer: unknown): Promise<readonly Uint8Array[] | null> {
  if (answer === null || answer === undefined) return null;
  if (answer instanceof SerializedJson) return answer.pieces;
  return packedAnswerJson(answer, "stored-catalog");
}

/**
 * The first-screen page of a built renderer folder over `storedCatalog` (the session's `catalog:stored` command: the
 * catalog stored for this very home, platform and folders, or the scan's newer one).
 */
export function createFirstScreenPage(options: {
  rendererDir: string;
  storedCatalog: () => Promise<unknown>;
  /** The renderer's server build; firstScreenModuleOf(rendererDir) when absent. */
  module?: string;
}): FirstScreenPage {
  const module = options.module ?? firstScreenModuleOf(options.rendererDir);
  let able: Promise<boolean> | null = null;
  // The session answers with the same object until its catalog changes: the page made for it is made once.
  const made = new WeakMap<object, Promise<RenderedPage | null>>();
  const kept: RenderedPage[] = [];
  let onShown!: () => void;
  const shown = new Promise<void>((resolve) => (onShown = resolve));
  const pageFor = async (answer: unknown): Promise<RenderedPage | null> => {
    const data = await storedJson(answer);
    if (data === null) return null;
    const dataName = `${randomBytes(24).toString("base64url")}.json`;
    const html = await offThread("firstScreenPage", options.rendererDir, module, data, dataName);
    if (html === null) return null;
    const page = { ...html, dataName, data };
    if (kept.unshift(page) > KEPT_PAGES) kept.pop();
    return page;
  };
  const renderNow = async (): Promise<RenderedPage | null> => {
    // Asked in the worker once: a folder that cannot render a first screen never reads the catalog for one.
    if (!(await (able ??= offThread("canRenderFirstScreen", options.rendererDir, module)))) return null;
    const answer = await options.storedCatalog();
    if (typeof answer !== "object" || answer === null) return null;
    let page = made.get(answer);
    if (!page) made.set(answer, (page = pageFor(answer)));
    return page;
  };
  return {
    async render() {
      let page: RenderedPage | null = null;
      try {
        page = await renderNow();
        return page;
      } finally {
        if (page === null) onShown();
      }
    },
    data(name) {
      if (!FIRST_SCREEN_DATA_NAME.test(name)) return null;
      const data = kept.find((page) => page.dataName === name)?.data ?? null;
      if (data !== null) onShown();
      return data;
    },
    shown,
  };
}
