// What the handlers know about the catalog and the author folder, so they only touch paths the user was shown.
import path from "node:path";
import { isInside } from "../engine/fs/safe-fs";
import type { AuthorSnapshot } from "../../shared/ipc";
import type { ScanResult } from "../../shared/model";
import { allSkills, emptyScan } from "../../shared/scan-result";

/** The state the handlers share: the last catalog and the author snapshot. */
export class CatalogState {
  catalog: ScanResult = emptyScan();
  author: AuthorSnapshot | null = null;

  /** Scans whose items the renderer may ask about. */
  private scans(): ScanResult[] {
    return this.author ? [this.catalog, this.author.scan] : [this.catalog];
  }

  /** True when dir is a skill folder of the current catalog or of the author folder. */
  isKnownSkillDir(dir: string): boolean {
    const target = path.resolve(dir);
    return this.scans().some((scan) => allSkills(scan).some((s) => path.resolve(s.dir) === target || path.resolve(s.realDir) === target));
  }

  /** True when p lies in a skill folder, a plugin root, a location or the author folder the user was shown. */
  isKnownPath(p: string): boolean {
    const target = path.resolve(p);
    const roots: string[] = [];
    for (const scan of this.scans()) {
      for (const s of allSkills(scan)) roots.push(s.dir, s.realDir);
      for (const plugin of scan.plugins) roots.push(plugin.root);
      for (const location of scan.locations) if (location.exists) roots.push(location.path);
    }
    if (this.author) roots.push(this.author.path);
    return roots.some((root) => isInside(path.resolve(root), target));
  }
}
