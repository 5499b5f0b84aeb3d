// Reads the data block the host wrote beside the first screen (shared/first-screen-data.ts) once, and removes it.
import { FIRST_SCREEN_DATA_ID } from "../../../shared/first-screen-data";
import type { StoredCatalog } from "../../../shared/model";
import { unpackAnswer } from "../../../shared/serialized-json";

/**
 * The stored catalog the host rendered the first screen from; undefined when the page has no data block (the host
 * served the plain shell) or it cannot be read (then the app starts as without one).
 */
export function readFirstScreenData(doc: Document): StoredCatalog | undefined {
  const block = doc.getElementById(FIRST_SCREEN_DATA_ID);
  if (!block || block.getAttribute("type") !== "application/json") return undefined;
  block.remove();
  try {
    const stored = unpackAnswer(JSON.parse(block.textContent ?? ""), "stored-catalog") as StoredCatalog | null;
    return stored ?? undefined;
  } catch {
    return undefined;
  }
}
