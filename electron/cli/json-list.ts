// A document `{ "KEY": [items] }` printed exactly as printJson prints it, built one item at a time: each item becomes
// text (and bytes) as it arrives, so a long list's objects need not all live until the end. The document is written
// whole by `end`, so a run that fails before it prints nothing on stdout, as with printJson.
import { escapeRawInJson, mayHoldRawInJson, printJson, type CliIo } from "./command";

/** Text gathered before it is encoded as one piece. */
const PIECE_CHARS = 64 * 1024;

/** Prints `{ "<key>": [items] }` as printJson would print it, the items given one at a time in their order. */
export class JsonListPrinter {
  private readonly head: string;
  private readonly tail: string;
  private count = 0;
  private pending: string[] = [];
  private pendingChars = 0;
  private readonly pieces: Array<Buffer | string> = [];

  constructor(
    private readonly io: CliIo,
    private readonly key: string,
  ) {
    // An item's text sits where the 0 of a one-item list is: after the head, before the tail.
    const one = JSON.stringify({ [key]: [0] }, null, 2);
    const at = one.lastIndexOf("0");
    this.head = one.slice(0, at);
    this.tail = one.slice(at + 1);
  }

  /** Adds the next item (its text is what JSON.stringify writes for it at its place in the list). */
  add(item: unknown): void {
    const text = JSON.stringify({ [this.key]: [item] }, null, 2);
    const piece = text.slice(this.head.length, text.length - this.tail.length);
    const before = this.count++ === 0 ? this.head : ",\n    ";
    this.pending.push(before, piece);
    this.pendingChars += before.length + piece.length;
    if (this.pendingChars >= PIECE_CHARS) this.encode();
  }

  /** Writes the whole document to stdout. */
  end(): void {
    if (this.count === 0) return printJson(this.io, { [this.key]: [] });
    this.pending.push(this.tail, "\n");
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
    if (!this.io.stdoutBytes) return void this.pieces.push(escapeRawInJson(text));
    const bytes = Buffer.from(text);
    this.pieces.push(mayHoldRawInJson(bytes) ? Buffer.from(escapeRawInJson(text)) : bytes);
  }
}
