// The release cache: one small JSON file per repository, exactly { tag, fetched_at, etag } (protocol
// §Caching); a file that does not parse to that shape is deleted so the caller refetches.
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { createHash } from "node:crypto";
import { readTextFile } from "../fs/safe-fs";
import { writeFileAtomic } from "../fs/write";
import { isPlainObject } from "../plugin/diagnostics";

/** One cached latest release. `fetched_at` is milliseconds since the epoch. */
export interface ReleaseCacheEntry {
  tag: string;
  fetched_at: number;
  etag?: string;
}

// An entry is a few hundred bytes; anything far larger is not one.
const MAX_ENTRY_BYTES = 64 * 1024;

/** Reads and writes cache entries under `<cacheDir>/github-releases/`. */
export class ReleaseCache {
  readonly dir: string;

  constructor(cacheDir: string) {
    this.dir = path.join(cacheDir, "github-releases");
  }

  /** The file holding a repository's entry (a readable name plus a hash, so keys cannot escape the folder). */
  fileOf(key: string): string {
    const readable = key.replace(/[^a-z0-9_.-]+/gi, "__").slice(0, 80);
    const hash = createHash("sha256").update(key).digest("hex").slice(0, 12);
    return path.join(this.dir, `${readable}-${hash}.json`);
  }

  /** The entry, or null when absent; a corrupt file is deleted and reads as absent. */
  async read(key: string): Promise<ReleaseCacheEntry | null> {
    const file = this.fileOf(key);
    const read = await readTextFile(file, { maxBytes: MAX_ENTRY_BYTES });
    if (!read.ok) return null;
    const entry = parseEntry(read.text);
    if (!entry) await rm(file, { force: true }).catch(() => undefined);
    return entry;
  }

  /** Writes an entry with the one atomic writer (a link at the file is refused); failures are ignored: the cache is an optimisation. */
  async write(key: string, entry: ReleaseCacheEntry): Promise<void> {
    const file = this.fileOf(key);
    const clean: ReleaseCacheEntry = { tag: entry.tag, fetched_at: entry.fetched_at };
    if (entry.etag) clean.etag = entry.etag;
    try {
      await mkdir(this.dir, { recursive: true });
      await writeFileAtomic(file, JSON.stringify(clean) + "\n", { mode: 0o600 });
    } catch {
      /* an unwritable cache only costs a request next time */
    }
  }
}

function parseEntry(text: string): ReleaseCacheEntry | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isPlainObject(v)) return null;
  if (typeof v.tag !== "string" || typeof v.fetched_at !== "number" || !Number.isFinite(v.fetched_at)) return null;
  if (v.etag !== undefined && typeof v.etag !== "string") return null;
  return v.etag === undefined
    ? { tag: v.tag, fetched_at: v.fetched_at }
    : { tag: v.tag, fetched_at: v.fetched_at, etag: v.etag };
}
