// The data the page takes the host's first screen over with: fetched from the address the root element names
// (shared/first-screen-data.ts) by main.tsx, which boot.ts loads only once the first screen is on screen.
import { FIRST_SCREEN_DATA_ATTRIBUTE } from "../../../shared/first-screen-data";
import type { StoredCatalog } from "../../../shared/model";
import { unpackAnswer } from "../../../shared/serialized-json";

/** The data's address the host put on the root, or null (the plain shell). */
const dataAddress = (root: HTMLElement): string | null => root.getAttribute(FIRST_SCREEN_DATA_ATTRIBUTE);

/**
 * The stored catalog the host rendered the first screen from (asked for only once that screen is on screen: megabytes
 * received and parsed before would hold its paint); undefined when the page has none (the plain shell) or its data
 * cannot be had (then the app starts as without one, asking its API).
 */
export async function fetchFirstScreenData(root: HTMLElement): Promise<StoredCatalog | undefined> {
  const address = dataAddress(root);
  if (address === null) return undefined;
  try {
    const res = await fetch(new URL(address, document.baseURI), { credentials: "same-origin" });
    if (!res.ok) return undefined;
    const stored = unpackAnswer(await res.json(), "stored-catalog") as StoredCatalog | null;
    return stored ?? undefined;
  } catch {
    return undefined;
  }
}
