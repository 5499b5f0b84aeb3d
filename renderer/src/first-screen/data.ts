// The data the page takes the host's first screen over with: fetched from the address the page's preload link names
// (shared/first-screen-data.ts), which the browser began loading while it parsed the page.
import { FIRST_SCREEN_DATA_ID } from "../../../shared/first-screen-data";
import type { StoredCatalog } from "../../../shared/model";
import { unpackAnswer } from "../../../shared/serialized-json";

/** Whether the host rendered a first screen into this page (its data link is there). */
export const hasFirstScreen = (doc: Document): boolean => firstScreenLink(doc) !== null;

function firstScreenLink(doc: Document): HTMLLinkElement | null {
  const link = doc.getElementById(FIRST_SCREEN_DATA_ID);
  return link instanceof HTMLLinkElement && link.rel === "preload" ? link : null;
}

/**
 * The stored catalog the host rendered the first screen from; undefined when the page has none (the plain shell) or
 * its data cannot be had (then the app starts as without one, asking its API).
 */
export async function fetchFirstScreenData(doc: Document): Promise<StoredCatalog | undefined> {
  const link = firstScreenLink(doc);
  if (!link) return undefined;
  try {
    const res = await fetch(link.href, { credentials: "same-origin" });
    if (!res.ok) return undefined;
    const stored = unpackAnswer(await res.json(), "stored-catalog") as StoredCatalog | null;
    return stored ?? undefined;
  } catch {
    return undefined;
  }
}
