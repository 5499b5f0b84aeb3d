// Puts one skill into the folders clients read: a copy renamed into place from a staged copy beside it (atomic), or a
// link to the one copy; what is already there is looked at first, and anything in the way is a question, not a loss.
import { lstat, mkdir, readlink, rm } from "node:fs/promises";
import path from "node:path";
import { renameWithRetry as rename } from "../fs/rename-retry";
import { createSymlink as symlink } from "../fs/write";
import { applyFolderUpdate } from "../transaction/swap";
import { copyTree, syncPath } from "../transaction/tree";
import { installerFolderHashes } from "../skill-lock/folder-hash";
import { readSkill } from "../skill/read-skill";
import { compareCopies, type CopyComparison } from "./compare-copies";
import type { AddJournalPlace, AddPlaceKind } from "./add-journal";
import { moveToBackup } from "./backup-move";

/** What is at a place before anything is written there. */
export type Occupant =
  | { kind: "empty" }
  | { kind: "link"; target: string; pointsHere: boolean }
  | { kind: "same-skill" }
  | ({ kind: "other-skill"; version: string | null; hash: string | null; origin?: string | null } & CopyComparison)
  | { kind: "not-a-skill" };

/** One place to write: a copy of the skill, or a link to `linkTo`. */
export interface Placement {
  path: string;
  mode: "copy" | "link";
  linkTo?: string;
}

/** A placement after looking at it: what is there and what will be done. */
export interface PlannedPlacement extends Placement {
  occupant: Occupant;
  action: "write" | "nothing" | "replace" | "conflict";
  /** Why a conflict is one, for people. */
  question?: string;
  /** True when the user chose to keep what is there (a conflict or replace left as it is). */
  kept?: boolean;
}

const hashOf = async (dir: string) => (await installerFolderHashes(dir))?.[0] ?? null;

/** Looks at what is at `place` and compares it with the skill in `skillDir`. */
export async function inspectPlace(place: Placement, skillDir: string): Promise<Occupant> {
  const info = await lstat(place.path).catch(() => null);
  if (!info) return { kind: "empty" };
  if (info.isSymbolicLink()) {
    const target = await readlink(place.path);
    const resolved = path.resolve(path.dirname(place.path), target);
    return { kind: "link", target, pointsHere: place.mode === "link" && resolved === path.resolve(place.linkTo!) };
  }
  if (!info.isDirectory() || !(await lstat(path.join(place.path, "SKILL.md")).catch(() => null)))
    return { kind: "not-a-skill" };
  const [theirs, ours] = await Promise.all([hashOf(place.path), hashOf(skillDir)]);
  if (theirs !== null && theirs === ours) return { kind: "same-skill" };
  const compared = await compareCopies(place.path, skillDir);
  return { kind: "other-skill", version: (await readSkill(place.path)).version, hash: theirs, ...compared };
}

/** A conflict or replace at a place whose clients (none: the shared agents folder) are all in `keep`: left as it is. */
export function keepAsIs(planned: PlannedPlacement, clients: string[], keep: readonly string[] = []): PlannedPlacement {
  if (planned.action !== "conflict" && planned.action !== "replace") return planned;
  if (!(clients.length ? clients : ["agents"]).every((id) => keep.includes(id))) return planned;
  const { question: _question, ...rest } = planned;
  return { ...rest, action: "nothing", kept: true };
}

/** What to do at a place given its occupant and whether the user said replace. */
export function decide(place: Placement, occupant: Occupant, replace: boolean, name: string): PlannedPlacement {
  const at = { ...place, occupant };
  switch (occupant.kind) {
    case "empty":
      return { ...at, action: "write" };
    case "same-skill":
      return place.mode === "copy"
        ? { ...at, action: "nothing" }
        : replace
          ? { ...at, action: "replace" }
          : {
              ...at,
              action: "conflict",
              question: `${place.path} already holds the same "${name}" as a copy; replace it with a link (--replace)?`,
            };
    case "link":
      if (occupant.pointsHere) return { ...at, action: "nothing" };
      return replace
        ? { ...at, action: "replace" }
        : {
            ...at,
            action: "conflict",
            question: `${place.path} is a link to ${occupant.target}, not to this skill; replace the link (--replace)?`,
          };
    case "other-skill":
      return replace
        ? { ...at, action: "replace" }
        : {
            ...at,
            action: "conflict",
            question: `${place.path} already holds another copy of "${name}" (different files); replace it, keeping a backup (--replace)?`,
          };
    case "not-a-skill":
      return {
        ...at,
        action: "conflict",
        question: `${place.path} is in the way and is not a skill folder; Skillshelf never replaces it — move it away first.`,
      };
  }
}

/** Copies `skillDir` to `dest` through the staged copy `stage` beside it and one rename (dest must not exist). */
async function writeCopy(skillDir: string, dest: string, stage: string): Promise<void> {
  await mkdir(path.dirname(dest), { recursive: true });
  try {
    await copyTree(skillDir, stage, { links: "inside-only" });
    await syncPath(stage, true);
    await rename(stage, dest);
    await syncPath(path.dirname(dest), true);
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/** Makes `linkPath` a relative link to `target` (created at `aside` and renamed over, so it is never half made). */
async function writeLink(linkPath: string, target: string, aside: string): Promise<void> {
  await mkdir(path.dirname(linkPath), { recursive: true });
  await rm(aside, { force: true });
  await symlink(path.relative(path.dirname(linkPath), target), aside, "dir");
  try {
    await rename(aside, linkPath);
  } catch (error) {
    await rm(aside, { force: true });
    throw error;
  }
}

/** What applying one placement did; `backup` is where a replaced copy was kept. */
export interface AppliedPlacement {
  path: string;
  mode: "copy" | "link";
  done: "written" | "replaced" | "unchanged";
  backup?: string;
  replacedLink?: string;
}

/** How a planned placement is written (the add journal records it), or null when nothing is written. */
export function placeKindOf(planned: PlannedPlacement): AddPlaceKind | null {
  if (planned.action === "nothing" || planned.action === "conflict") return null;
  if (planned.action === "write") return planned.mode;
  if (planned.occupant.kind === "link") return planned.mode === "link" ? "relink" : "copy-over-link";
  return planned.mode === "copy" ? "swap" : "link-over-copy";
}

/** Carries out one planned placement with the names its journal gave; a replaced copy keeps a backup (undo: rollback). */
export async function applyPlacement(
  planned: PlannedPlacement,
  skillDir: string,
  dataDir: string,
  names: Pick<AddJournalPlace, "stage" | "aside" | "backup">,
): Promise<AppliedPlacement> {
  const base = { path: planned.path, mode: planned.mode };
  const kind = placeKindOf(planned);
  if (planned.action === "conflict") throw new Error(`unresolved conflict at ${planned.path}`);
  const named = (name: string | undefined) => {
    if (!name) throw new Error(`no journaled name for the write at ${planned.path}`);
    return name;
  };
  const stage = () => named(names.stage);
  const aside = () => named(names.aside);
  switch (kind) {
    case null:
      return { ...base, done: "unchanged" };
    case "copy":
      await writeCopy(skillDir, planned.path, stage());
      return { ...base, done: "written" };
    case "link":
      await writeLink(planned.path, planned.linkTo!, aside());
      return { ...base, done: "written" };
    case "relink":
    case "copy-over-link": {
      const replacedLink = (planned.occupant as { target: string }).target;
      if (kind === "relink") await writeLink(planned.path, planned.linkTo!, aside());
      else {
        await rm(planned.path, { force: true });
        await writeCopy(skillDir, planned.path, stage());
      }
      return { ...base, done: "replaced", replacedLink };
    }
    case "swap": {
      const applied = await applyFolderUpdate(planned.path, skillDir, { dataDir });
      return { ...base, done: "replaced", backup: applied.backup };
    }
    case "link-over-copy": {
      // The copy goes to the backups (as a removal does), then the link is made.
      const backup = await moveToBackup(planned.path, dataDir, names.backup);
      await writeLink(planned.path, planned.linkTo!, aside());
      return { ...base, done: "replaced", backup };
    }
  }
}
