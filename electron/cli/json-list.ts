// A document `{ "KEY": [items] }` printed exactly as printJson prints it, built one item at a time: each item becomes
// text (and bytes) as it arrives, so a long list's objects need not all live until the end. The document is written
// whole by `end`, so a run that fails before it prints nothing on stdout, as with printJson.
import { escapeRawInJson, mayHoldRawInJson, printJson, type CliIo } from "./command";

/** Text gathered before it is encoded as one piece. */
const PIECE_CHARS = 64 * 1024;

/** The text around an item of a one-item list `{ "<key>": [item] }`: an item sits where the 0 of `[0]` is. */
function listEnds(key: string): { head: string; tail: string } {
  const one = JSON.stringify({ [key]: [0] }, null, 2);
  const at = one.lastIndexOf("0");
  return { head: one.slice(0, at), tail: one.slice(at + 1) };
}

/** An item's text between the list's ends: what JSON.stringify writes for it there (raw characters not yet escaped). */
function itemBetween(key: string, ends: { head: string; tail: string }, item: unknown): string {
  const text = JSON.stringify({ [key]: [item] }, null, 2);
  return text.slice(ends.head.length, text.length - ends.tail.length);
}

/** An item's text at its place in the list, as JsonListPrinter places it (raw characters not yet escaped). */
export const jsonListItem = (key: string, item: unknown): string => itemBetween(key, listEnds(key), item);

/** Prints `{ "<key>": [items] }` as printJson would print it, the items given one at a time in their order. */
export class JsonListPrinter {
  private readonly ends: { head: string; tail: string };
  private count = 0;
  private pending: string[] = [];
  private pendingChars = 0;
  private readonly pieces: Array<Buffer | string> = [];
  /** Whether raw characters were escaped in text already given to `onItem`. */
  escaped = false;

  /** `onItem` is told the text before each item, the item's own as gathered (before any escaping), and the item. */
  constructor(
    private readonly io: CliIo,
    private readonly key: string,
    private readonly onItem?: (before: string, text: string, item: unknown) => void,
  ) {
    this.ends = listEnds(key);
  }

  /** Adds the next item (its text is what JSON.stringify writes for it at its place in the list). */
  add(item: unknown): void {
    const piece = itemBetween(this.key, this.ends, item);
    const before = this.count++ === 0 ? this.ends.head : ",\n    ";
    this.onItem?.(before, piece, item);
    this.pending.push(before, piece);
    this.pendingChars += before.length + piece.length;
    if (this.pendingChars >= PIECE_CHARS) this.encode();
  }

  /** Writes the whole document to stdout. */
  end(): void {
    if (this.count === 0) return printJson(this.io, { [this.key]: [] });
    this.pending.push(this.ends.tail, "\n");
    this.encode();
    for (const piece of this.pieces)
      if (typeof piece === "string") this.io.stdout(piece);
      else this.io.stdoutBytes!(piece);
  }

  /** Turns the gathered text into one piece: UTF-8 bytes when stdout takes them, else text; raw controls escaped. */
  private encode(): void {
    const text = this.pending.join("");
    this.pending = [];
    this.pendingChars = 0;
    const bytes = this.io.stdoutBytes ? Buffer.from(text) : null;
    if (bytes && !mayHoldRawInJson(bytes)) return void this.pieces.push(bytes);
    const shown = escapeRawInJson(text);
    if (shown !== text) this.escaped = true;
    this.pieces.push(bytes ? Buffer.from(shown) : shown);
  }
}
