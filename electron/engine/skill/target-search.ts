// Searches a folder that is not itself a skill or plugin (a repository root, say) for every skill and plugin in it.
import { lstatSync, readdirSync, type Dirent } from "node:fs";
import { realpath } from "node:fs/promises";
import path from "node:path";
import { childPath } from "../fs/child-path";
import { isInside } from "../fs/safe-fs";
import type { StatsSeen } from "../fs/stats-seen";
import { isMarketplaceRoot, marketplaceRootKinds } from "./marketplace-root";

/** Folders never searched: version control, dependencies and caches, which hold copies rather than sources. */
const SKIPPED_FOLDERS: ReadonlySet<string> = new Set([
  ".git",
  ".hg",
  ".svn",
  "node_modules",
  "bower_components",
  "jspm_packages",
  ".pnpm-store",
  ".yarn",
  "vendor",
  ".venv",
  "venv",
  "__pycache__",
  ".tox",
  ".mypy_cache",
  ".pytest_cache",
  ".ruff_cache",
  "site-packages",
  "target",
  ".gradle",
  "Pods",
  ".next",
  ".nuxt",
  ".cache",
  ".turbo",
]);

/** How deep below the searched folder a skill or plugin is looked for. Exported for tests: they nest one deeper. */
export const SEARCH_MAX_DEPTH = 8;
/** How many folders one search lists at most. */
const SEARCH_MAX_FOLDERS = 20_000;

/** What a searched folder turned out to be. */
export type FoundKind = "skill" | "plugin" | "marketplace";

/** One thing found by a search. */
export interface FoundItem {
  kind: FoundKind;
  /** Absolute path of the folder. */
  dir: string;
}

/** What a search looked at and where it found things, for the summary line the user reads. */
export interface SearchSummary {
  root: string;
  foldersSearched: number;
  /**
   * Count per kind and per parent folder (relative to the root: "." for the root's own children, "" for the root
   * itself); filled by findTargets once it knows the plugins marketplaces add.
   */
  found: Array<{ kind: FoundKind; parent: string; count: number }>;
  /** Folders skipped by name (dependencies, version control). */
  skippedFolders: number;
  /** Links to folders that lead outside the searched folder, never followed. */
  linksOutside: number;
  /** A limit the search reached (depth or folder count), in words, or null. */
  limit: string | null;
}

const isSkillFile = (name: string) => name.toLowerCase() === "skill.md";

/** A folder's entries, or none when it cannot be listed (synchronous: a readdir costs less than a thread-pool trip). */
function listOrNone(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/**
 * True when `dir` holds an entry named exactly SKILL.md that is not a folder (one lstat, no listing; kept in `seen`,
 * when given, for the validation cache's check of the same file).
 */
function exactSkillFile(dir: string, seen?: StatsSeen): boolean {
  try {
    const file = childPath(dir, "SKILL.md");
    const info = seen ? seen.stat(file, false) : lstatSync(file, { throwIfNoEntry: false });
    return info !== undefined && !info.isDirectory();
  } catch {
    return false;
  }
}

/** What a folder holds at its top: a skill, a plugin, or a marketplace (or nothing of these). */
function classifyFolder(dir: string, entries: readonly Dirent[]): FoundKind | null {
  if (entries.some((e) => isSkillFile(e.name) && !e.isDirectory())) return "skill";
  if (entries.some((e) => e.name === "plugin.json" && !e.isDirectory())) return "plugin";
  if (entries.some((e) => e.name === ".claude-plugin" && (e.isDirectory() || e.isSymbolicLink()))) {
    const inner = listOrNone(path.join(dir, ".claude-plugin")).map((e) => e.name);
    if (inner.includes("plugin.json")) return "plugin";
    if (inner.includes("marketplace.json")) return "marketplace";
  }
  return null;
}

/** What a search listed, for `validate`'s kept run: the folders whose names it read, and the links it met. */
export interface SearchTrace {
  listed: string[];
  links: number;
}

/** A folder to search and its real path (a plain folder's is its parent's plus its name: no realpath call). */
interface Pending {
  dir: string;
  real: string;
}

/**
 * Walks `root` breadth-first (sorted, bounded in depth and folder count, skipping dependency folders and links that
 * leave it) and returns every skill, plugin and marketplace folder. A skill's or plugin's own folders are not searched
 * further (the validator reads them); a marketplace's are, since its plugins usually live beside it. A folder holding
 * SKILL.md under its exact name is told by one lstat, without listing it (the validator lists it afterwards); with
 * `seen`, that lstat is kept for the validation cache, which would otherwise take it again.
 */
export async function searchFolder(
  root: string,
  seen?: StatsSeen,
  trace?: SearchTrace,
): Promise<{ items: FoundItem[]; summary: SearchSummary }> {
  const realRoot = await realpath(root).catch(() => root);
  const items: FoundItem[] = [];
  const summary: SearchSummary = {
    root,
    foldersSearched: 0,
    found: [],
    skippedFolders: 0,
    linksOutside: 0,
    limit: null,
  };
  const visited = new Set<string>([realRoot]);
  let level: Pending[] = [{ dir: root, real: realRoot }];
  for (let depth = 0; level.length > 0; depth++) {
    const next: Pending[] = [];
    for (const { dir, real: dirReal } of level) {
      if (summary.foldersSearched >= SEARCH_MAX_FOLDERS) {
        summary.limit = `only the first ${SEARCH_MAX_FOLDERS} folders were searched`;
        break;
      }
      summary.foldersSearched++;
      // As for a path given to validate: a marketplace root holding a skill or plugin file of its own is not searched.
      if (isMarketplaceRoot(dir)) {
        trace?.listed.push(dir);
        const kinds = marketplaceRootKinds(
          dir,
          listOrNone(dir).map((e) => e.name),
        );
        if (kinds) {
          for (const kind of kinds) items.push({ kind, dir });
          continue;
        }
      }
      if (exactSkillFile(dir, seen)) {
        items.push({ kind: "skill", dir });
        continue;
      }
      const entries = listOrNone(dir);
      trace?.listed.push(dir);
      const kind = classifyFolder(dir, entries);
      if (kind) items.push({ kind, dir });
      if (kind === "skill" || kind === "plugin") continue;
      const children = entries.filter((e) => e.isDirectory() || e.isSymbolicLink()).sort(byName);
      for (const entry of children) {
        const name = entry.name;
        if (SKIPPED_FOLDERS.has(name)) {
          summary.skippedFolders++;
          continue;
        }
        const child = childPath(dir, name);
        // A plain folder's real path is its parent's plus one name: inside the root when its parent is.
        const plain = entry.isDirectory();
        if (!plain && trace) trace.links++;
        const real = plain ? childPath(dirReal, name) : await realpath(child).catch(() => null);
        if (!real) continue;
        if (!plain && !isInside(realRoot, real)) {
          summary.linksOutside++;
          continue;
        }
        if (visited.has(real)) continue;
        visited.add(real);
        if (depth + 1 > SEARCH_MAX_DEPTH) {
          summary.limit ??= `folders deeper than ${SEARCH_MAX_DEPTH} levels were not searched`;
          continue;
        }
        next.push({ dir: child, real });
      }
    }
    if (summary.limit?.startsWith("only")) break;
    level = next;
  }
  items.sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
  return { items, summary };
}

const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** How many items of each kind sit under each parent folder (relative to root; "" for root itself, "." for its children). */
export function countFound(root: string, items: readonly FoundItem[]): SearchSummary["found"] {
  const counts = new Map<string, { kind: FoundKind; parent: string; count: number }>();
  // Items come sorted, so siblings follow one another: their parent is worked out once.
  let lastParent = "";
  let lastRel = "";
  for (const item of items) {
    const abs = path.dirname(item.dir);
    if (item.dir !== root && abs !== lastParent) {
      lastParent = abs;
      lastRel = relativeParent(root, item.dir);
    }
    const parent = item.dir === root ? "" : lastRel;
    const key = `${item.kind}\u0000${parent}`;
    const entry = counts.get(key) ?? { kind: item.kind, parent, count: 0 };
    entry.count++;
    counts.set(key, entry);
  }
  return [...counts.values()];
}

/** The parent of `dir` relative to `root` with "/" separators ("." for root itself): a slice for folders inside it. */
function relativeParent(root: string, dir: string): string {
  const parent = path.dirname(dir);
  if (parent === root) return ".";
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  const rel = parent.startsWith(prefix) ? parent.slice(prefix.length) : path.relative(root, parent);
  return rel.split(path.sep).join("/") || ".";
}
