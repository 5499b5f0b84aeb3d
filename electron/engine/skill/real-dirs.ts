// Real paths of many skill folders side by side: one realpath per parent folder and one lstat per skill, instead of
// realpath(3)'s readlink of every component for every skill.
import { lstatSync, realpathSync } from "node:fs";
import path from "node:path";

/**
 * Resolves skill folders' real paths, remembering each parent's. Used for one batch (a validate run), never kept: a
 * parent replaced by a link later is resolved afresh by the next batch. Only on Linux, where names are case-sensitive:
 * elsewhere realpath also corrects the case of the last name, which this shortcut would not.
 */
export class RealDirs {
  private readonly parents = new Map<string, string | null>();

  /** The real path of `abs` (absolute, normalised), or undefined when the caller must resolve it itself. */
  of(abs: string): string | undefined {
    if (process.platform !== "linux") return undefined;
    const parent = path.dirname(abs);
    if (parent === abs) return undefined;
    let realParent = this.parents.get(parent);
    if (realParent === undefined) {
      try {
        realParent = realpathSync.native(parent);
      } catch {
        realParent = null;
      }
      this.parents.set(parent, realParent);
    }
    if (realParent === null) return undefined;
    const info = lstatSync(abs, { throwIfNoEntry: false });
    return info?.isDirectory() ? path.join(realParent, path.basename(abs)) : undefined;
  }
}
