// The paths a kept result depends on, with their identities, and the check that they are all unchanged.
import path from "node:path";
import type { FolderListing } from "../skill/skill-folder";
import { MAX_ENTRIES, type CacheRecord } from "./format";
import { RACY_WINDOW_NS, identityOf, isRacy, statIdentity } from "./identity";

/** True when every recorded path still has the identity it had. */
export function stillMatches(dir: string, record: CacheRecord): boolean {
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
export function entriesOf(
  dir: string,
  listing: FolderListing | null,
  since: bigint,
  window: bigint = RACY_WINDOW_NS,
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
