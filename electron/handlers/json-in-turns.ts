// Answers as JSON without holding the answering thread: a value with long lists (a catalog of 10,000 skills is megabytes)
// is turned into JSON a few hundred items per turn of the event loop, the bytes handed to the transport as they are.

/** Items of one list turned into JSON between two turns of the event loop. */
const ITEMS_PER_TURN = 250;
/** A list this long, at the top or one level down, makes a value worth answering in turns. */
const LONG_LIST = 1_000;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** True when a value holds a long list at its top or one level down (what is slow to stringify in one go). */
export function isLargeAnswer(value: unknown): boolean {
  if (Array.isArray(value)) return value.length >= LONG_LIST;
  if (!isPlainObject(value) || "toJSON" in value) return false;
  for (const key in value) {
    const v = value[key];
    if (Array.isArray(v) && v.length >= LONG_LIST) return true;
  }
  return false;
}

/** Turns a list into JSON a few hundred items per turn; items are written as JSON.stringify writes array items. */
async function listJson(list: readonly unknown[], out: Buffer[]): Promise<void> {
  let text = "[";
  for (let i = 0; i < list.length; i++) {
    if (i > 0 && i % ITEMS_PER_TURN === 0) {
      out.push(Buffer.from(text));
      text = "";
      await new Promise((resolve) => setImmediate(resolve));
    }
    const item = JSON.stringify(list[i]);
    text += `${i > 0 ? "," : ""}${item === undefined ? "null" : item}`;
  }
  out.push(Buffer.from(`${text}]`));
}

/**
 * The same bytes as `JSON.stringify(value)` (a plain object's or a list's, with long lists one level down), made in
 * turns so the answering thread is never held for long, and kept in pieces (joining 8 MB costs tens of ms). Values
 * JSON writes specially (toJSON, undefined members) keep JSON.stringify's meaning.
 */
export async function jsonInTurns(value: unknown): Promise<Buffer[]> {
  const out: Buffer[] = [];
  if (Array.isArray(value)) await listJson(value, out);
  else if (!isPlainObject(value)) out.push(Buffer.from(JSON.stringify(value) ?? "null"));
  else {
    let first = true;
    out.push(Buffer.from("{"));
    for (const key of Object.keys(value)) {
      const v = value[key];
      if (v === undefined || typeof v === "function" || typeof v === "symbol") continue;
      out.push(Buffer.from(`${first ? "" : ","}${JSON.stringify(key)}:`));
      first = false;
      if (Array.isArray(v) && v.length >= LONG_LIST) await listJson(v, out);
      else out.push(Buffer.from(JSON.stringify(v)));
    }
    out.push(Buffer.from("}"));
  }
  return out;
}
