// The scan's side of the validation cache `validate` keeps too: a skill whose recorded paths all still match is taken
// from its record (its content hash computed only when the record lacks one), any other is read and recorded.
import { ValidationCache } from "../validate-cache/store";
import { recordKey } from "../validate-cache/format";
import { recordedPaths, stillMatches } from "../validate-cache/entries";
import { nowNs } from "../validate-cache/identity";
import { reportOf, scanPartOf } from "../validate-cache/scan-part";
import { hashSkillFolderWithInfo } from "./hash";
import type { SkillRead } from "./read";
import type { ReadJob, ScanCacheOptions } from "./read-protocol";

/** Opens the cache a scan uses (its note, when the file was ignored, goes to `onNote` once). */
export async function openScanCache(
  options: ScanCacheOptions,
  onNote?: (note: string) => void,
): Promise<ValidationCache> {
  const cache = await ValidationCache.open(options.file, options.rules);
  if (cache.note && onNote) {
    onNote(cache.note);
    cache.note = null;
  }
  return cache;
}

/** The read a record stands for when everything it depends on is unchanged, else null (the job is read). */
export async function readFromCache(cache: ValidationCache, job: ReadJob): Promise<SkillRead | null> {
  const key = recordKey(job.profile, job.dir);
  const kept = cache.get(key);
  const part = kept?.s;
  if (!kept || !part || part.r !== job.realDir || !stillMatches(job.dir, kept)) return null;
  const report = reportOf(job.dir, { ...kept, s: part });
  if (!report) return null;
  if (part.h) {
    cache.counts.reused++;
    return { report, hash: part.h, profile: job.profile };
  }
  const hash = await hashSkillFolderWithInfo(job.realDir);
  if (!stillMatches(job.dir, kept)) return null;
  cache.counts.hashed++;
  cache.put(key, { ...kept, s: { ...part, h: hash } });
  return { report, hash, profile: job.profile };
}

/** A job's read through the cache: its record when everything it depends on is unchanged, else `read` recorded. */
export async function readThroughCache(
  cache: ValidationCache,
  job: ReadJob,
  read: (job: ReadJob) => Promise<SkillRead>,
): Promise<SkillRead> {
  const kept = await readFromCache(cache, job);
  if (kept) return { ...kept, cached: true };
  return recordRead(cache, job, await read(job.cacheSince ? job : { ...job, cacheSince: cacheSinceNow() }));
}

/** A job's marker for the read: when reading began, so it can tell what it depends on. */
export const cacheSinceNow = (): string => nowNs().toString();

/** Records a fresh read (its entries dropped from it: the scan keeps reads, not their identities). */
export function recordRead(cache: ValidationCache, job: ReadJob, read: SkillRead): SkillRead {
  const { entries, ...plain } = read;
  cache.counts.read++;
  const part = entries ? scanPartOf(read.report, read.hash) : null;
  if (!entries || !part) cache.counts.uncacheable++;
  const { report } = read;
  const key = recordKey(job.profile, job.dir);
  cache.put(
    key,
    entries && part
      ? { k: key, ...recordedPaths(entries), n: report.name, v: report.valid, d: report.diagnostics, s: part }
      : null,
  );
  return plain;
}
