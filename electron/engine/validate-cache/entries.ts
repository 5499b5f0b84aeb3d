// The paths a kept result depends on, with their identities, and the check that they are all unchanged.
import path from "node:path";
import type { StatsSeen } from "../fs/stats-seen";
import type { FolderListing, ReadLog } from "../skill/skill-folder";
import { MAX_ENTRIES, type CacheRecord } from "./format";
import { RACY_WINDOW_NS, identityOf, isRacy, statIdentity } from "./identity";

/**
 * True when every recorded path still has the identity it had: with `resultOnly`, the paths the validation result
 * depends on (`validate`), else all of them (the scan, whose content hash reads every file). `seen`: stats this run
 * already took.
 */
export function stillMatches(dir: string, record: CacheRecord, resultOnly = false, seen?: StatsSeen): boolean {
  const count = resultOnly ? (record.o ?? record.e.length) : record.e.length;
  for (let i = 0; i < count; i++) {
    const [rel, identity] = record.e[i]!;
    const info = statIdentity(rel === "." ? dir : dir + path.sep + rel, rel === ".", seen);
    if (!info || identityOf(info) !== identity) return false;
  }
  return true;
}

/** A skill's recorded paths: the result's own first (`own` of them), then the rest of its files. */
export interface RecordedEntries {
  entries: Array<[string, string]>;
  own: number;
}

/**
 * The paths a result and its content hash depend on: the folder and every folder the listing holds (any name added,
 * removed or renamed changes a listed folder's own identity, so these stand for every lookup the rules made), the
 * files whose contents the rules read (`reads`), then every other listed file (only the content hash reads those).
 * Null when the result may not be kept: a link in the folder (its target is not listed), a cut-short listing, a file
 * read that the listing does not hold, a path changed within the racy window, or more paths than a record holds. A
 * file read whole has the identity of its open descriptor's stat, taken as it was read; a stat in `seen` was taken
 * earlier in the run (the search's): an identity older than the read can only make a later run read the skill again,
 * never trust a change.
 */
export function entriesOf(
  dir: string,
  listing: FolderListing | null,
  reads: ReadLog,
  since: bigint,
  window: bigint = RACY_WINDOW_NS,
  seen?: StatsSeen,
): RecordedEntries | null {
  if (!listing || listing.hasLinks || listing.truncated || listing.kinds.size + 1 > MAX_ENTRIES) return null;
  for (const rel of reads.contents) if (!listing.kinds.has(rel)) return null;
  const own: string[] = ["."];
  const rest: string[] = [];
  for (const [rel, kind] of listing.kinds) (kind === "dir" || reads.contents.has(rel) ? own : rest).push(rel);
  const entries: Array<[string, string]> = [];
  for (const rel of [...own, ...rest]) {
    const abs = rel === "." ? dir : dir + path.sep + rel.split("/").join(path.sep);
    const asRead = reads.stats.get(rel);
    // The search's stat of a file read since is not needed: it is taken here so it is not held to the run's end.
    if (asRead) seen?.take(abs, false);
    const info = asRead ?? statIdentity(abs, rel === ".", seen);
    if (!info || isRacy(info, since, window)) return null;
    entries.push([rel, identityOf(info)]);
  }
  return { entries, own: own.length };
}

/** A record's fields for its paths: all of them, and how many the result depends on (left out when all do). */
export const recordedPaths = ({ entries, own }: RecordedEntries): Pick<CacheRecord, "e" | "o"> =>
  own < entries.length ? { e: entries, o: own } : { e: entries };
