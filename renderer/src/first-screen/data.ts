// The data the page takes the host's first screen over with: fetched, once the first screen is on screen, from the
// address the root element names (shared/first-screen-data.ts).
import { FIRST_SCREEN_DATA_ATTRIBUTE } from "../../../shared/first-screen-data";
import type { StoredCatalog } from "../../../shared/model";
import { unpackAnswer } from "../../../shared/serialized-json";

/** The data's address the host put on the root, or null (the plain shell). */
const dataAddress = (root: HTMLElement): string | null => root.getAttribute(FIRST_SCREEN_DATA_ATTRIBUTE);

/** Whether the host rendered a first screen into this root. */
export const hasFirstScreen = (root: HTMLElement): boolean => dataAddress(root) !== null;

/** A promise kept once the browser has drawn a frame: work after it cannot hold the first screen's paint. */
export const afterFirstFrame = (): Promise<void> =>
  new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * The stored catalog the host rendered the first screen from, asked for after `painted` (megabytes received and parsed
 * before would hold the first frame); undefined when the page has none (the plain shell) or its data cannot be had
 * (then the app starts as without one, asking its API).
 */
export async function fetchFirstScreenData(
  root: HTMLElement,
  painted: Promise<void>,
): Promise<StoredCatalog | undefined> {
  const address = dataAddress(root);
  if (address === null) return undefined;
  await painted;
  try {
    const res = await fetch(new URL(address, document.baseURI), { credentials: "same-origin" });
    if (!res.ok) return undefined;
    const stored = unpackAnswer(await res.json(), "stored-catalog") as StoredCatalog | null;
    return stored ?? undefined;
  } catch {
    return undefined;
  }
}
