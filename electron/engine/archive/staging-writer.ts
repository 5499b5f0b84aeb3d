// Writes the entries the archive reader kept into a fresh staging folder: folders, then files chunk by chunk, each
// file created new (never through something already there), executable only when the archive recorded it so.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { createNewFileSync, type NewFileSyncWriter } from "../fs/write";
import type { EntrySink } from "./extract-tar";
import type { KeptEntry } from "./extract-rules";

/** The archive reader's visitor that writes into `root`; `abort()` closes a file left open by a refusal. */
export class StagingWriter {
  readonly #root: string;
  #open: NewFileSyncWriter | null = null;

  constructor(root: string) {
    this.#root = root;
  }

  /** A kept folder entry. */
  folder(entry: KeptEntry): void {
    if (entry.segments.length) mkdirSync(path.join(this.#root, ...entry.segments), { recursive: true });
  }

  /** A kept file entry: the sink its bytes are written through. */
  file(entry: KeptEntry): EntrySink {
    const target = path.join(this.#root, ...entry.segments);
    mkdirSync(path.dirname(target), { recursive: true });
    const out = createNewFileSync(target, entry.executable ? 0o755 : 0o644);
    this.#open = out;
    return {
      write: (chunk) => out.write(chunk),
      end: () => {
        out.close();
        this.#open = null;
      },
    };
  }

  /** Closes a file left open by a refusal. */
  abort(): void {
    this.#open?.close();
    this.#open = null;
  }
}
