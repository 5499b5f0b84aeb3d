// Validates one skill folder through the cache: a skill whose recorded paths all still match costs a stat per path;
// any other is read and checked as always, and its result kept when nothing it read changed too recently to tell.
import path from "node:path";
import type { Profile } from "../../../shared/model";
import { readSkillWithReferences } from "../skill/read-skill";
import type { RealDirs } from "../skill/real-dirs";
import type { FolderListing } from "../skill/skill-folder";
import type { TargetResult } from "../validate-target";
import { MAX_ENTRIES, type CacheRecord } from "./format";
import { RACY_WINDOW_NS, identityOf, isRacy, nowNs, statIdentity } from "./identity";
import type { ValidationCache } from "./store";

/** Test hooks: the clock and the racy window. */
export interface CacheClock {
  now?: () => bigint;
  racyWindowNs?: bigint;
}

/** A record's key: the profile and the absolute folder (a newline cannot be in either's meaning). */
export const recordKey = (profile: Profile, dir: string): string => `${profile}\n${dir}`;

/** True when every recorded path still has the identity it had. */
function stillMatches(dir: string, record: CacheRecord): boolean {
  for (const [rel, identity] of record.e) {
    const info = statIdentity(rel === "." ? dir : dir + path.sep + rel, rel === ".");
    if (!info || identityOf(info) !== identity) return false;
  }
  return true;
}

/**
 * The paths a result depends on: the folder, every folder and file the listing holds (the rules read SKILL.md and
 * referenced files among them; any name added, removed or renamed changes a listed folder's own identity). Null when
 * the result may not be kept: a link in the folder (its target is not listed), a cut-short listing, a path changed
 * within the racy window, or more paths than a record holds.
 */
function entriesOf(
  dir: string,
  listing: FolderListing | null,
  since: bigint,
  window: bigint,
): Array<[string, string]> | null {
  if (!listing || listing.hasLinks || listing.truncated || listing.kinds.size + 1 > MAX_ENTRIES) return null;
  const entries: Array<[string, string]> = [];
  for (const rel of [".", ...listing.kinds.keys()]) {
    const info = statIdentity(rel === "." ? dir : dir + path.sep + rel.split("/").join(path.sep), rel === ".");
    if (!info || isRacy(info, since, window)) return null;
    entries.push([rel, identityOf(info)]);
  }
  return entries;
}

/** validateTarget for a skill folder, reusing the cache's result when everything it was computed from is unchanged. */
export async function validateSkillCached(
  target: { path: string; dir: string },
  profile: Profile,
  cache: ValidationCache,
  realDirs?: RealDirs,
  clock: CacheClock = {},
): Promise<TargetResult> {
  const dir = path.isAbsolute(target.dir) ? target.dir : path.resolve(target.dir);
  const key = recordKey(profile, dir);
  const kept = cache.get(key);
  if (kept && stillMatches(dir, kept)) {
    cache.counts.reused++;
    return { path: target.path, kind: "skill", name: kept.n, valid: kept.v, diagnostics: kept.d };
  }
  const since = (clock.now ?? nowNs)();
  const { report, listing } = await readSkillWithReferences(dir, { profile, realDirs });
  const entries = entriesOf(dir, listing, since, clock.racyWindowNs ?? RACY_WINDOW_NS);
  cache.counts.read++;
  if (!entries) cache.counts.uncacheable++;
  cache.put(key, entries && { k: key, e: entries, n: report.name, v: report.valid, d: report.diagnostics });
  return { path: target.path, kind: "skill", name: report.name, valid: report.valid, diagnostics: report.diagnostics };
}
