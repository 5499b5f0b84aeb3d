// What a person needs to judge two copies of one skill before choosing which to keep: when each was last changed,
// which files differ, and where the one already there came from (the installer's lock entry, when it has one).
import { lstat } from "node:fs/promises";
import path from "node:path";
import { hashFile, listTree, type TreeEntry } from "../transaction/tree";
import { readJsonFileWithinLimits } from "../fs/json-limits";
import { MAX_LOCK_BYTES } from "../skill-lock/lock-edit";

/** Most differing files named; the rest are counted. */
const MAX_NAMED = 20;

/** One file that is not the same in both copies. */
export interface FileDifference {
  path: string;
  /** "changed": in both, other content; "only-there": only in the copy already there; "only-new": only in the new. */
  change: "changed" | "only-there" | "only-new";
}

/** How the copy already there differs from the one being added. */
export interface CopyComparison {
  /** The newest change to a file of the copy already there (ISO time), or null when none could be read. */
  modified: string | null;
  differs: FileDifference[];
  /** Differing files left out of `differs`. */
  differsMore: number;
}

const filesOf = async (dir: string) =>
  new Map((await listTree(dir)).filter((e) => e.kind === "file" || e.kind === "link").map((e) => [e.rel, e]));

/** The newest modification time of the files in `dir` (ISO), or null. */
export async function newestChange(dir: string): Promise<string | null> {
  try {
    let newest = 0;
    for (const entry of (await filesOf(dir)).values()) {
      const info = await lstat(path.join(dir, ...entry.rel.split("/")));
      newest = Math.max(newest, info.mtimeMs);
    }
    return newest > 0 ? new Date(newest).toISOString() : null;
  } catch {
    return null;
  }
}

const same = async (there: string, added: string, a: TreeEntry, b: TreeEntry) =>
  a.kind === b.kind &&
  a.size === b.size &&
  (a.kind === "link" ||
    (await hashFile(path.join(there, ...a.rel.split("/")))) ===
      (await hashFile(path.join(added, ...b.rel.split("/")))));

/** Compares the copy at `there` with the one being added from `added`; unreadable copies give no files. */
export async function compareCopies(there: string, added: string): Promise<CopyComparison> {
  const modified = await newestChange(there);
  try {
    const [old, next] = await Promise.all([filesOf(there), filesOf(added)]);
    const all: FileDifference[] = [];
    for (const [rel, entry] of old) {
      const other = next.get(rel);
      if (!other) all.push({ path: rel, change: "only-there" });
      else if (!(await same(there, added, entry, other))) all.push({ path: rel, change: "changed" });
    }
    for (const rel of next.keys()) if (!old.has(rel)) all.push({ path: rel, change: "only-new" });
    all.sort((a, b) => a.path.localeCompare(b.path));
    return { modified, differs: all.slice(0, MAX_NAMED), differsMore: Math.max(0, all.length - MAX_NAMED) };
  } catch {
    return { modified, differs: [], differsMore: 0 };
  }
}

/** Where the installer's lock says the skill `name` came from (its source), or null when it says nothing. */
export async function lockedOrigin(lockFile: string | null, name: string): Promise<string | null> {
  if (!lockFile) return null;
  const lock = (await readJsonFileWithinLimits(lockFile, MAX_LOCK_BYTES).catch(() => null)) as {
    skills?: Record<string, { source?: unknown; sourceUrl?: unknown }>;
  } | null;
  const entry = lock?.skills && Object.hasOwn(lock.skills, name) ? lock.skills[name] : undefined;
  const origin = typeof entry?.source === "string" ? entry.source : entry?.sourceUrl;
  return typeof origin === "string" && origin ? origin.slice(0, 500) : null;
}
