// What the handlers know about the catalog and the author folder, so they only touch paths the user was shown.
import path from "node:path";
import type { AuthorSnapshot } from "../../shared/ipc";
import type { ScanResult } from "../../shared/model";
import { allSkills, emptyScan } from "../../shared/scan-result";
import { realPathInside, realRoots } from "../engine/open/open-policy";

/** The state the handlers share: the last catalog and the author snapshot. */
export class CatalogState {
  catalog: ScanResult = emptyScan();
  author: AuthorSnapshot | null = null;
  /** Real folders of the roots, resolved once per catalog and author snapshot (a new scan or re-read replaces them). */
  #realRoots: { catalog: ScanResult; author: AuthorSnapshot | null; roots: Promise<string[]> } | null = null;

  /** Scans whose items the renderer may ask about. */
  private scans(): ScanResult[] {
    return this.author ? [this.catalog, this.author.scan] : [this.catalog];
  }

  /** True when dir is a skill folder of the current catalog or of the author folder. */
  isKnownSkillDir(dir: string): boolean {
    const target = path.resolve(dir);
    return this.scans().some((scan) =>
      allSkills(scan).some((s) => path.resolve(s.dir) === target || path.resolve(s.realDir) === target),
    );
  }

  /** The skill folders and plugin roots (as listed and as real folders) that bound what may be opened or revealed. */
  openRoots(): string[] {
    const roots: string[] = [];
    for (const scan of this.scans()) {
      for (const s of allSkills(scan)) roots.push(s.dir, s.realDir);
      for (const plugin of scan.plugins) roots.push(plugin.root);
    }
    return roots;
  }

  /**
   * The real path of p when, after resolving every link, it lies inside a skill folder or plugin root of the catalog
   * or the author folder (locations such as ~ are not roots); null otherwise.
   */
  async realPathInCatalog(p: string): Promise<string | null> {
    if (!path.isAbsolute(p)) return null;
    if (this.#realRoots?.catalog !== this.catalog || this.#realRoots.author !== this.author) {
      this.#realRoots = { catalog: this.catalog, author: this.author, roots: realRoots(this.openRoots()) };
    }
    return realPathInside(path.resolve(p), await this.#realRoots.roots);
  }
}
