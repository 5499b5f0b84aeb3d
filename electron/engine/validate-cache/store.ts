// The validation cache on disk: one file in the cache folder, read once per run within limits, written back through
// the one writer only when something changed; a damaged or hostile file is ignored (with a note) and rebuilt.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { decodeUtf8, readFileBytes, readFileBytesSync } from "../fs/safe-fs";
import { defaultCacheDir } from "../cache-dir";
import {
  CACHE_FORMAT,
  MAX_CACHE_BYTES,
  MAX_RECORDS,
  cacheParts,
  isRecord,
  parseCacheText,
  recordFromBytes,
  resultFromBytes,
  splitCacheBytes,
  type CacheRecord,
} from "./format";
import { RULES_VERSION } from "./rules-version";

/** Where the validation cache lives under a cache folder. */
export const cacheFileIn = (cacheDir: string): string =>
  path.join(cacheDir, "validate", `results-v${CACHE_FORMAT}.json`);

/** The default cache file (SKILLSHELF_CACHE_DIR, else the platform's cache folder). */
export const defaultCacheFile = (env: Record<string, string | undefined> = process.env): string =>
  cacheFileIn(defaultCacheDir(env));

/** The bytes of a file given in pieces. */
const sizeOf = (parts: readonly Uint8Array[]): number => parts.reduce((n, part) => n + part.length, 0);

/**
 * How a run used the cache, for the bench and tests: skills reused, read afresh, not cacheable, and (the scan) reused
 * but hashed, because the run that kept them did not compute the content hash.
 */
export interface CacheCounts {
  reused: number;
  read: number;
  uncacheable: number;
  hashed: number;
}

/**
 * One kept result: the bytes the file held it as (written back as they were, so a run that changes a few results neither
 * decodes nor serialises every other one), the text of a record this run put, or a record of an older file's layout.
 */
interface Kept {
  record?: CacheRecord;
  bytes?: Uint8Array;
  /** A fresh record as its JSON text (the read worker's, or put's): written to the file as it is. */
  text?: string;
}

/**
 * The validation cache of one run: loaded once, looked up and filled per skill, saved once at the end. A file in the
 * layout this build writes is split into records without parsing them; each is parsed and checked when first looked
 * up, so a run pays for the skills it checks, not for every skill the cache holds (the app keeps thousands).
 */
export class ValidationCache {
  readonly counts: CacheCounts = { reused: 0, read: 0, uncacheable: 0, hashed: 0 };
  /** Why the file on disk (or a record in it) was ignored, when it was (the caller prints it as a note). */
  note: string | null = null;
  private records = new Map<string, Kept>();
  private changed = false;

  private constructor(
    readonly file: string,
    readonly rules: string,
  ) {}

  /** Loads the cache file (absent: an empty cache; damaged or hostile: an empty cache and a note). */
  static async open(file: string, rules: string = RULES_VERSION): Promise<ValidationCache> {
    const cache = new ValidationCache(file, rules);
    // Read at once: `validate` stats its paths synchronously meanwhile, and a chunked read would wait for them.
    const bytes = readFileBytesSync(file, MAX_CACHE_BYTES) ?? (await readFileBytes(file, MAX_CACHE_BYTES));
    const layout = bytes.ok ? splitCacheBytes(bytes.bytes, rules) : null;
    if (layout) {
      for (const [key, record] of layout) cache.records.set(key, { bytes: record });
      return cache;
    }
    const read = bytes.ok ? decodeUtf8(bytes.bytes) : bytes;
    if (!read.ok) {
      if (read.reason !== "not-found")
        cache.note = `the validation cache ${file} was ignored (${read.reason === "too-large" ? "it is too large" : `it cannot be read: ${read.reason}`}); it will be rebuilt.`;
      return cache;
    }
    const parsed = parseCacheText(read.text);
    if (!parsed.ok) {
      cache.note = `the validation cache ${file} was ignored (${parsed.why.replace(/^it /, "").replace(/\.$/, "")}); it will be rebuilt.`;
      cache.changed = true;
      return cache;
    }
    if (parsed.file.rules !== rules) {
      cache.changed = true;
      return cache;
    }
    for (const record of parsed.file.records) cache.records.set(record.k, { record });
    return cache;
  }

  /** Whether the cache holds anything the file on disk does not (a save would write). */
  get dirty(): boolean {
    return this.changed;
  }

  /**
   * The kept record for a profile and folder, if any; a record that fails its check is dropped with a note. A record
   * from the file is parsed on each call and not held (a run asks for each key once): its objects live only as long as
   * the caller keeps them, not to the end of the run. With `resultOnly` (`validate`), a record from the file may come
   * without its scan part, which is then neither parsed nor checked.
   */
  get(key: string, resultOnly = false): CacheRecord | undefined {
    const kept = this.records.get(key);
    if (!kept || kept.record) return kept?.record;
    const bytes = kept.bytes ?? Buffer.from(kept.text ?? "");
    const record = (resultOnly ? resultFromBytes : recordFromBytes)(key, bytes);
    if (record) return record;
    this.records.delete(key);
    this.changed = true;
    this.note ??= `a record in the validation cache ${this.file} was ignored (it has the wrong shape); it will be rebuilt.`;
    return undefined;
  }

  /**
   * Keeps a fresh result (moved to the newest end), or forgets a key whose result may not be kept; a record the file's
   * own check would refuse (a string past its limits) is not kept, so one odd skill never spoils the whole file. It is
   * kept as the JSON text the save writes: thousands of records held as objects until then cost every collection of
   * the young generation a copy of each (a first `validate` of 10,000 skills ran 4-5% longer).
   */
  put(key: string, record: CacheRecord | null): void {
    this.putChecked(key, record && isRecord(record) ? record : null);
  }

  /** put for a record already checked as put checks it (a fresh read's, from readForRecord). */
  putChecked(key: string, record: CacheRecord | null): void {
    if (record) this.putText(key, JSON.stringify(record));
    else if (this.records.delete(key)) this.changed = true;
  }

  /** put for a fresh record given as its JSON text (by the read worker, which checked it as put checks a record). */
  putText(key: string, text: string): void {
    this.records.delete(key);
    this.records.set(key, { text });
    this.changed = true;
  }

  /** Writes the cache back when it changed, keeping the newest records within the limits; failures cost only speed. */
  async save(): Promise<void> {
    if (!this.changed) return;
    let records = [...this.records.values()].map((kept) => kept.bytes ?? kept.text ?? JSON.stringify(kept.record));
    if (records.length > MAX_RECORDS) records = records.slice(records.length - MAX_RECORDS);
    let parts = cacheParts(this.rules, records);
    while (sizeOf(parts) > MAX_CACHE_BYTES && records.length > 0) {
      records = records.slice(Math.ceil(records.length / 2));
      parts = cacheParts(this.rules, records);
    }
    try {
      await mkdir(path.dirname(this.file), { recursive: true });
      // The writer loads only when there is something to write: a run whose every result was kept starts without it.
      const { writeFileAtomic } = await import("../fs/write");
      // Not synced to disk: a power cut may leave the file old, empty or damaged, and each of those is rebuilt.
      await writeFileAtomic(this.file, parts, { mode: 0o600, durable: false });
      this.changed = false;
    } catch {
      /* an unwritable cache folder only means the next run reads every skill */
    }
  }
}
