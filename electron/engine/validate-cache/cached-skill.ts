// Validates one skill folder through the cache: a skill whose recorded paths all still match costs a stat per path;
// any other is read and checked as always, and its result kept when nothing it read changed too recently to tell.
import path from "node:path";
import type { Profile } from "../../../shared/model";
import type { StatsSeen } from "../fs/stats-seen";
import type { RealDirs } from "../skill/real-dirs";
import type { TargetResult } from "../validate-target";
import { stillMatches } from "./entries";
import { recordKey, type CacheRecord } from "./format";
import { nowNs } from "./identity";
import { lazyImport } from "../lazy-import";
import type { ValidationCache } from "./store";

/** The reader and the rules, loaded with the first skill that must be read: a run whose every result was kept skips them. */
export const readForRecordModule = lazyImport(() => import("./read-for-record"));

/** Test hooks: the clock and the racy window. Exported for tests: they set both. */
export interface CacheClock {
  now?: () => bigint;
  racyWindowNs?: bigint;
}

/**
 * validateTarget for a skill folder, reusing the cache's result when everything it was computed from is unchanged
 * (`seen`: stats this run already took, such as the search for targets).
 */
export async function validateSkillCached(
  target: { path: string; dir: string },
  profile: Profile,
  cache: ValidationCache,
  realDirs?: RealDirs,
  clock: CacheClock = {},
  seen?: StatsSeen,
): Promise<TargetResult> {
  const dir = path.isAbsolute(target.dir) ? target.dir : path.resolve(target.dir);
  const key = recordKey(profile, dir);
  const kept = cache.get(key, true);
  if (kept && stillMatches(dir, kept, true, seen)) {
    cache.counts.reused++;
    return { path: target.path, kind: "skill", name: kept.n, valid: kept.v, diagnostics: kept.d };
  }
  const { readForRecord } = await readForRecordModule();
  const fresh = await readForRecord(dir, profile, (clock.now ?? nowNs)(), {
    ...(clock.racyWindowNs !== undefined ? { window: clock.racyWindowNs } : {}),
    realDirs,
    seen,
  });
  keepFresh(cache, key, fresh);
  return { path: target.path, kind: "skill", name: fresh.name, valid: fresh.valid, diagnostics: fresh.diagnostics };
}

/**
 * Counts a fresh read and keeps its record (or forgets the key, when it may not be kept). The record comes checked:
 * readForRecord gives one only when the file's own check accepts it, and the worker's text is of such a record.
 */
export function keepFresh(
  cache: ValidationCache,
  key: string,
  fresh: { record: CacheRecord | string | null; uncacheable: boolean },
): void {
  cache.counts.read++;
  if (fresh.uncacheable) cache.counts.uncacheable++;
  if (typeof fresh.record === "string") cache.putText(key, fresh.record);
  else cache.putChecked(key, fresh.record);
}
