// The identity of the folders a swap renames (the target's parent, the target, the stage, the backup's holder), taken
// when the swap starts and compared right before each rename: a parent swapped for a link while the new copy was
// staged would otherwise make the renames land in the link's target (another user's folder).
import { lstat, realpath } from "node:fs/promises";
import path from "node:path";
import type { SwapJournal } from "./journal";

/** Device and inode of each folder a swap touches ("" when it does not exist or is a link). */
export interface Place {
  parent: string;
  target: string;
  stage: string;
  backupHolder: string;
}

async function idOf(p: string): Promise<string> {
  const info = await lstat(p).catch(() => null);
  return info && !info.isSymbolicLink() ? `${info.dev}:${info.ino}` : "";
}

/** The folders of a swap as they are now. */
export async function placeOf(journal: SwapJournal): Promise<Place> {
  const [parent, target, stage, backupHolder] = await Promise.all([
    idOf(path.dirname(journal.target)),
    idOf(journal.target),
    idOf(journal.stage),
    idOf(path.dirname(journal.backup)),
  ]);
  return { parent, target, stage, backupHolder };
}

/** True when every folder above p (p included) is reached without a link: its real path is itself. */
async function isRealPath(p: string): Promise<boolean> {
  return (await realpath(p).catch(() => null)) === p;
}

/**
 * Why the swap must stop before its next rename, or null: the target's parent, the backup's holder and the stage
 * must have their real paths and the device and inode they had when the stage was complete; before the first rename
 * the target is the folder that was checked, before the second it is the backup.
 */
export async function placeProblem(
  journal: SwapJournal,
  staged: Place,
  when: "before-old-move" | "before-new-move",
): Promise<string | null> {
  const parentDir = path.dirname(journal.target);
  const holder = path.dirname(journal.backup);
  const now = await placeOf(journal);
  const moved = (what: string) =>
    `${what} changed while the new version was being prepared (it was replaced or is now reached through a link), so the update was stopped`;
  if (!(await isRealPath(parentDir)) || now.parent !== staged.parent) return moved(`The folder ${parentDir}`);
  if (!(await isRealPath(holder)) || now.backupHolder !== staged.backupHolder)
    return moved(`The backup folder ${holder}`);
  if (!now.stage || now.stage !== staged.stage) return moved(`The staged copy ${journal.stage}`);
  if (when === "before-old-move" && now.target !== staged.target) return moved(`The skill folder ${journal.target}`);
  if (when === "before-new-move") {
    const backup = await idOf(journal.backup);
    if (backup !== staged.target || now.target !== "") return moved(`The skill folder ${journal.target}`);
  }
  return null;
}
