// Validates one skill folder through the cache: a skill whose recorded paths all still match costs a stat per path;
// any other is read and checked as always, and its result kept when nothing it read changed too recently to tell.
import path from "node:path";
import type { Profile } from "../../../shared/model";
import type { StatsSeen } from "../fs/stats-seen";
import type { RealDirs } from "../skill/real-dirs";
import type { TargetResult } from "../validate-target";
import { recordedPaths, stillMatches } from "./entries";
import { nowNs } from "./identity";
import type { ValidationCache } from "./store";

/** Test hooks: the clock and the racy window. Exported for tests: they set both. */
export interface CacheClock {
  now?: () => bigint;
  racyWindowNs?: bigint;
}

/** A record's key: the profile and the absolute folder (a newline cannot be in either's meaning). */
export const recordKey = (profile: Profile, dir: string): string => `${profile}\n${dir}`;

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
  const kept = cache.get(key);
  if (kept && stillMatches(dir, kept, true, seen)) {
    cache.counts.reused++;
    return { path: target.path, kind: "skill", name: kept.n, valid: kept.v, diagnostics: kept.d };
  }
  // The reader and the rules load with the first skill that must be read: a run whose every result was kept skips them.
  const { hashIfFree, readCacheable, scanPartOf } = await import("./scan-part");
  const got = await readCacheable(dir, { profile, realDirs }, (clock.now ?? nowNs)(), clock.racyWindowNs);
  const { report, entries } = got;
  cache.counts.read++;
  if (!entries) cache.counts.uncacheable++;
  // The scan's part goes along, so the app reuses this result; its content hash only when it costs no reading.
  const s = entries && scanPartOf(report, await hashIfFree(report.realDir, got));
  cache.put(
    key,
    entries && {
      k: key,
      ...recordedPaths(entries),
      n: report.name,
      v: report.valid,
      d: report.diagnostics,
      ...(s ? { s } : {}),
    },
  );
  return { path: target.path, kind: "skill", name: report.name, valid: report.valid, diagnostics: report.diagnostics };
}
