// A large answer already in JSON (a catalog, made in turns or read and checked off the answering thread): the hosts
// pass its bytes through in the pieces they come in, so the thread that answers the page never parses, stringifies
// or joins megabytes of it.
import { unpackCatalog, type CatalogPacking } from "./catalog-wire";

/** The text of JSON bytes in pieces (a UTF-8 character may span two pieces). */
export function jsonTextOf(pieces: readonly Uint8Array[]): string {
  const decoder = new TextDecoder();
  let text = "";
  for (const piece of pieces) text += decoder.decode(piece, { stream: true });
  return text + decoder.decode();
}

/** A packed answer's value as the command answers it; throws when it is not the packed form it says. */
export function unpackAnswer(value: unknown, packing: CatalogPacking): unknown {
  if (packing === "stored-catalog" && value === null) return null;
  const packed = packing === "catalog" ? value : (value as { catalog?: unknown } | null)?.catalog;
  const catalog = unpackCatalog(packed);
  if (!catalog) throw new Error("Skillshelf gave a catalog the page cannot read.");
  return packing === "catalog" ? catalog : { ...(value as object), catalog };
}

/** JSON bytes standing for a value of type T (in its packed form when `packing` says so); only the engine's own output is wrapped. */
export class SerializedJson<T> {
  /** Never set: keeps T in the type, so a handler can only pass through the value its command answers. */
  declare readonly valueType?: T;
  constructor(
    readonly pieces: readonly Uint8Array[],
    readonly packing?: CatalogPacking,
  ) {}

  /** The value (tests, and the rare caller in the same process that needs the object). */
  parse(): T {
    const value: unknown = JSON.parse(jsonTextOf(this.pieces));
    return (this.packing ? unpackAnswer(value, this.packing) : value) as T;
  }
}

/** The value of an answer that may have been passed through as JSON. Exported for tests: they read handlers' answers. */
export const answerValue = <T>(answer: T | SerializedJson<T>): T =>
  answer instanceof SerializedJson ? answer.parse() : answer;
