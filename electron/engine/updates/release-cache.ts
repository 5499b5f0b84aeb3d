// The release cache: one small JSON file per repository, exactly { tag, fetched_at, etag } (protocol
// §Caching); a file that does not parse to that shape is deleted so the caller refetches.
import path from "node:path";
import { isPlainObject } from "../plugin/diagnostics";
import { JsonCacheFolder } from "./json-cache-folder";

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
  readonly #files: JsonCacheFolder;

  constructor(cacheDir: string) {
    this.#files = new JsonCacheFolder(path.join(cacheDir, "github-releases"), MAX_ENTRY_BYTES);
    this.dir = this.#files.dir;
  }

  /** The file holding a repository's entry (a readable name plus a hash, so keys cannot escape the folder). */
  fileOf(key: string): string {
    return this.#files.fileOf(key);
  }

  /** The entry, or null when absent; a corrupt file is deleted and reads as absent. */
  read(key: string): Promise<ReleaseCacheEntry | null> {
    return this.#files.read(key, parseEntry);
  }

  /** Writes an entry with the one atomic writer (a link at the file is refused); failures are ignored: the cache is an optimisation. */
  async write(key: string, entry: ReleaseCacheEntry): Promise<void> {
    const clean: ReleaseCacheEntry = { tag: entry.tag, fetched_at: entry.fetched_at };
    if (entry.etag) clean.etag = entry.etag;
    await this.#files.write(key, JSON.stringify(clean) + "\n");
  }
}

function parseEntry(v: unknown): ReleaseCacheEntry | null {
  if (!isPlainObject(v)) return null;
  if (typeof v.tag !== "string" || typeof v.fetched_at !== "number" || !Number.isFinite(v.fetched_at)) return null;
  if (v.etag !== undefined && typeof v.etag !== "string") return null;
  return v.etag === undefined
    ? { tag: v.tag, fetched_at: v.fetched_at }
    : { tag: v.tag, fetched_at: v.fetched_at, etag: v.etag };
}
