// Writes the entries the archive reader kept into a fresh staging folder: folders, then files chunk by chunk, each
// file created new (never through something already there), executable only when the archive recorded it so.
import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import type { EntrySink } from "../archive/extract-tar";
import type { KeptEntry } from "../archive/extract-rules";

/** The archive reader's visitor that writes into `root`; `abort()` closes a file left open by a refusal. */
export class StagingWriter {
  readonly #root: string;
  #fd: number | null = null;

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
    const fd = openSync(target, "wx", entry.executable ? 0o755 : 0o644);
    this.#fd = fd;
    return {
      write: (chunk) => {
        let offset = 0;
        while (offset < chunk.byteLength) offset += writeSync(fd, chunk, offset);
      },
      end: () => {
        closeSync(fd);
        this.#fd = null;
      },
    };
  }

  /** Closes a file left open by a refusal. */
  abort(): void {
    if (this.#fd !== null) closeSync(this.#fd);
    this.#fd = null;
  }
}
