// The read worker's side of the validation cache: the scan names the cache file and the worker opens, checks, fills
// and writes it, so the thread that answers requests never parses, stats or serialises it. The cache stays open
// between scans (a rescan after an edit reuses it) and is opened again when another process wrote the file since.
import { stat } from "node:fs/promises";
import { ValidationCache } from "../validate-cache/store";
import { openScanCache, readThroughCache } from "./cached-read";
import type { ReadJob, ScanCacheOptions, SkillRead } from "./read-protocol";
import { readJob } from "./read";

interface OpenCache {
  rules: string | undefined;
  cache: Promise<ValidationCache>;
  /** The file's identity as this worker last read or wrote it; another one on disk means another process wrote it. */
  written: string | null;
  /** Set by a save: the next scan checks the file before trusting what is in memory. */
  recheck: boolean;
}

const open = new Map<string, OpenCache>();

const fileIdentity = async (file: string): Promise<string | null> => {
  try {
    const s = await stat(file, { bigint: true });
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}`;
  } catch {
    return null;
  }
};

function opening(options: ScanCacheOptions): OpenCache {
  const entry: OpenCache = { rules: options.rules, written: null, recheck: false } as OpenCache;
  entry.cache = fileIdentity(options.file).then((identity) => {
    entry.written = identity;
    return openScanCache(options);
  });
  open.set(options.file, entry);
  return entry;
}

async function cacheFor(options: ScanCacheOptions): Promise<ValidationCache> {
  let entry = open.get(options.file);
  if (entry && entry.rules !== options.rules) entry = undefined;
  if (entry?.recheck) {
    entry.recheck = false;
    if ((await fileIdentity(options.file)) !== entry.written) entry = undefined;
  }
  return (entry ?? opening(options)).cache;
}

/** Reads a job through the named validation cache (in the worker): its record when still true, else a fresh read. */
export async function readJobCached(options: ScanCacheOptions, job: ReadJob): Promise<SkillRead> {
  return readThroughCache(await cacheFor(options), job, readJob);
}

/** Writes the named cache back if it changed; returns its note (a damaged file or record ignored), once. */
export async function saveWorkerCache(file: string): Promise<string | null> {
  const entry = open.get(file);
  if (!entry) return null;
  const cache = await entry.cache;
  if (cache.dirty) {
    await cache.save();
    entry.written = await fileIdentity(file);
  }
  entry.recheck = true;
  const note = cache.note;
  cache.note = null;
  return note;
}
