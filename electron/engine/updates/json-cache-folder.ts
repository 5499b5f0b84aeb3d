// One folder of small JSON cache files, one file per key: the release, release-download and tree caches all keep
// their entries this way, read with a size cap, a damaged entry deleted so the caller refetches, written atomically.
import { createHash } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { parseJsonWithinLimits } from "../fs/json-limits";
import { readTextFile } from "../fs/safe-fs";
import { writeFileAtomic } from "../fs/write";

/** A folder of JSON cache entries, so every cache under the updates cache dir names, reads and writes them alike. */
export class JsonCacheFolder {
  /** The folder holding the entries (created on the first write). */
  readonly dir: string;
  readonly #maxBytes: number;

  constructor(dir: string, maxBytes: number) {
    this.dir = dir;
    this.#maxBytes = maxBytes;
  }

  /** The file holding a key's entry (a readable name plus a hash, so keys cannot escape the folder). */
  fileOf(key: string): string {
    const readable = key.replace(/[^a-z0-9_.-]+/gi, "__").slice(0, 80);
    const hash = createHash("sha256").update(key).digest("hex").slice(0, 12);
    return path.join(this.dir, `${readable}-${hash}.json`);
  }

  /** The entry `accept` makes of the parsed file, or null when absent; a file it refuses is deleted. */
  async read<T>(key: string, accept: (value: unknown) => T | null): Promise<T | null> {
    const file = this.fileOf(key);
    const read = await readTextFile(file, { maxBytes: this.#maxBytes });
    if (!read.ok) return null;
    const parsed = parseJsonWithinLimits(read.text);
    const entry = parsed.ok ? accept(parsed.value) : null;
    if (entry === null) await rm(file, { force: true }).catch(() => undefined);
    return entry;
  }

  /** Writes an entry with the one atomic writer (mode 0600, a link at the file refused); failures only cost a request. */
  async write(key: string, text: string): Promise<void> {
    try {
      await mkdir(this.dir, { recursive: true });
      await writeFileAtomic(this.fileOf(key), text, { mode: 0o600 });
    } catch {
      /* an unwritable cache only costs a request next time */
    }
  }
}
