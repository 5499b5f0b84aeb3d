// Puts one skill into the folders clients read: a copy renamed into place from a staged copy beside it (atomic), or a
// link to the one copy; what is already there is looked at first, and anything in the way is a question, not a loss.
import { randomBytes } from "node:crypto";
import { lstat, mkdir, readlink, rm } from "node:fs/promises";
import path from "node:path";
import { renameWithRetry as rename } from "../fs/rename-retry";
import { createSymlink as symlink } from "../fs/write";
import { applyFolderUpdate } from "../apply/swap";
import { copyTree, syncPath } from "../apply/tree";
import { installerFolderHashes } from "../skill-lock/folder-hash";
import { moveToBackup } from "./backup-move";

/** What is at a place before anything is written there. */
export type Occupant =
  | { kind: "empty" }
  | { kind: "link"; target: string; pointsHere: boolean }
  | { kind: "same-skill" }
  | { kind: "other-skill" }
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
  return theirs !== null && theirs === ours ? { kind: "same-skill" } : { kind: "other-skill" };
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

/** Copies `skillDir` to `dest` through a staged copy beside it and one rename (dest must not exist). */
async function writeCopy(skillDir: string, dest: string): Promise<void> {
  await mkdir(path.dirname(dest), { recursive: true });
  const stage = path.join(
    path.dirname(dest),
    `.skillshelf-staging-${path.basename(dest)}-${randomBytes(4).toString("hex")}`,
  );
  try {
    await copyTree(skillDir, stage, { links: "inside-only" });
    await syncPath(stage, true);
    await rename(stage, dest);
    await syncPath(path.dirname(dest), true);
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/** Makes `linkPath` a relative link to `target` (created aside and renamed over, so it is never half made). */
async function writeLink(linkPath: string, target: string): Promise<void> {
  await mkdir(path.dirname(linkPath), { recursive: true });
  const aside = `${linkPath}.skillshelf-${randomBytes(4).toString("hex")}`;
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

/** Carries out one planned placement (never a conflict); a replaced copy is swapped with a backup (undo: rollback). */
export async function applyPlacement(
  planned: PlannedPlacement,
  skillDir: string,
  dataDir: string,
): Promise<AppliedPlacement> {
  const base = { path: planned.path, mode: planned.mode };
  if (planned.action === "nothing") return { ...base, done: "unchanged" };
  if (planned.action === "conflict") throw new Error(`unresolved conflict at ${planned.path}`);
  if (planned.action === "write") {
    if (planned.mode === "copy") await writeCopy(skillDir, planned.path);
    else await writeLink(planned.path, planned.linkTo!);
    return { ...base, done: "written" };
  }
  if (planned.occupant.kind === "link") {
    const replacedLink = planned.occupant.target;
    if (planned.mode === "link") await writeLink(planned.path, planned.linkTo!);
    else {
      await rm(planned.path, { force: true });
      await writeCopy(skillDir, planned.path);
    }
    return { ...base, done: "replaced", replacedLink };
  }
  if (planned.mode === "copy") {
    const applied = await applyFolderUpdate(planned.path, skillDir, { dataDir });
    return { ...base, done: "replaced", backup: applied.backup };
  }
  // A copy where a link should be: the copy goes to the backups (as a removal does), then the link is made.
  const backup = await moveToBackup(planned.path, dataDir);
  await writeLink(planned.path, planned.linkTo!);
  return { ...base, done: "replaced", backup };
}
