// Real paths of many skill folders side by side: one realpath per parent folder, and the parent's own listing once
// many of its folders are asked for, instead of realpath(3)'s readlink of every component for every skill.
import { lstatSync, readdirSync, realpathSync, type Stats } from "node:fs";
import path from "node:path";

/** Folders asked for one at a time (an lstat each) before their parent is listed once instead. */
const LIST_PARENT_AFTER = 16;
/** A parent holding more entries than this is not kept as a listing (it is asked entry by entry). */
const MAX_PARENT_ENTRIES = 100_000;

interface Parent {
  real: string | null;
  asked: number;
  /** Names of the parent's entries that are real folders (not links), once it has been listed. */
  folders: Set<string> | null;
}

/**
 * Resolves skill folders' real paths, remembering each parent's. Used for one batch (a validate run), never kept: a
 * parent replaced by a link later is resolved afresh by the next batch. Only on Linux, where names are case-sensitive:
 * elsewhere realpath also corrects the case of the last name, which this shortcut would not.
 */
export class RealDirs {
  private readonly parents = new Map<string, Parent>();

  /** The real path of `abs` (absolute, normalised), or undefined when the caller must resolve it itself. */
  of(abs: string): string | undefined {
    if (process.platform !== "linux") return undefined;
    const parentPath = path.dirname(abs);
    if (parentPath === abs) return undefined;
    let parent = this.parents.get(parentPath);
    if (!parent) {
      parent = { real: realpathSyncOrNull(parentPath), asked: 0, folders: null };
      this.parents.set(parentPath, parent);
    }
    if (parent.real === null) return undefined;
    const name = path.basename(abs);
    if (++parent.asked === LIST_PARENT_AFTER) parent.folders = realFolders(parentPath);
    const folder = parent.folders ? parent.folders.has(name) : lstatOrNull(abs)?.isDirectory() === true;
    return folder ? path.join(parent.real, name) : undefined;
  }
}

/** lstat that answers null instead of throwing (a folder replaced or made unreadable meanwhile). */
function lstatOrNull(abs: string): Stats | null {
  try {
    return lstatSync(abs, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

/** A folder's real path in one realpath(3) call, or null (missing, a loop, no permission). */
export function realpathSyncOrNull(dir: string): string | null {
  try {
    return realpathSync.native(dir);
  } catch {
    return null;
  }
}

/** The names of a folder's entries that are folders themselves (links excluded), or null when it cannot be listed. */
function realFolders(dir: string): Set<string> | null {
  try {
    const entries = readdirSync(dir, { withFileTypes: true });
    if (entries.length > MAX_PARENT_ENTRIES) return null;
    return new Set(entries.filter((e) => e.isDirectory()).map((e) => e.name));
  } catch {
    return null;
  }
}
