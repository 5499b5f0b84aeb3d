// Lists a skill folder cheaply: plain readdir for ordinary folders, the confined walkTree as soon as a link appears.
import { readdirSync, type BigIntStats, type Dirent } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { readTextFile, resolveInside, walkTree } from "../fs/safe-fs";
import type { KeptStat } from "../fs/stats-seen";
import { ListedFileSet, type FileKind, type SkillFileSet } from "./file-set";

/** Caps shared with walkTree's defaults. */
export const MAX_FOLDER_ENTRIES = 20_000;
export const MAX_FOLDER_DEPTH = 32;
/** Largest referenced file read when following a reference chain. */
export const MAX_REFERENCE_BYTES = 1024 * 1024;

/** A skill folder's entries, confined to it. */
export interface FolderListing {
  kinds: Map<string, Exclude<FileKind, null | "outside">>;
  /** Entries whose real path is outside the folder (never read). */
  outside: string[];
  /** Links that are broken or loop. */
  broken: string[];
  truncated: boolean;
  /** The folder holds links, so reads must check confinement. */
  hasLinks: boolean;
}

/**
 * Lists the folder below `root`, given its top-level entries. Without links, readdir's entry types
 * are enough (no stat, no realpath per entry); any link switches to walkTree, which resolves and confines.
 */
export async function listSkillFolder(root: string, top: Dirent[]): Promise<FolderListing> {
  const listing: FolderListing = { kinds: new Map(), outside: [], broken: [], truncated: false, hasLinks: false };
  const queue: Array<{ abs: string; rel: string; depth: number; dirents: Dirent[] | null }> = [
    { abs: root, rel: "", depth: 0, dirents: top },
  ];
  while (queue.length > 0) {
    const current = queue.shift()!;
    let dirents = current.dirents;
    if (!dirents) {
      try {
        // Synchronous: one readdir per folder of a skill costs far less than a thread-pool round trip.
        dirents = readdirSync(current.abs, { withFileTypes: true });
      } catch {
        continue;
      }
    }
    for (const dirent of dirents) {
      if (dirent.isSymbolicLink()) return listWithLinks(root);
      if (listing.kinds.size >= MAX_FOLDER_ENTRIES) {
        listing.truncated = true;
        return listing;
      }
      const rel = current.rel ? `${current.rel}/${dirent.name}` : dirent.name;
      if (dirent.isDirectory()) {
        listing.kinds.set(rel, "dir");
        if (current.depth + 1 >= MAX_FOLDER_DEPTH) listing.truncated = true;
        else queue.push({ abs: path.join(current.abs, dirent.name), rel, depth: current.depth + 1, dirents: null });
      } else {
        listing.kinds.set(rel, dirent.isFile() ? "file" : "other");
      }
    }
  }
  return listing;
}

async function listWithLinks(root: string): Promise<FolderListing> {
  const walk = await walkTree(root, { maxEntries: MAX_FOLDER_ENTRIES, maxDepth: MAX_FOLDER_DEPTH });
  const kinds = new Map<string, "file" | "dir" | "other">();
  for (const entry of walk.entries) kinds.set(entry.rel, entry.kind);
  return { kinds, outside: walk.outside, broken: walk.broken, truncated: walk.truncated, hasLinks: true };
}

/**
 * What the rules read of a skill folder, for the validation cache: every listed path whose text they asked for (read
 * or not), and the stat of each file as it was opened and read whole (its identity, with no second stat).
 */
export class ReadLog {
  readonly contents = new Set<string>();
  readonly stats = new Map<string, KeptStat>();

  /** Notes a path the rules asked for; the options to read it with, so its stat is kept when it is read whole. */
  asked(rel: string): { onStat: (info: BigIntStats) => void } {
    this.contents.add(rel);
    return {
      onStat: ({ dev, ino, size, mtimeNs, ctimeNs }) => this.stats.set(rel, { dev, ino, size, mtimeNs, ctimeNs }),
    };
  }
}

/**
 * The rules' view of a listed folder: kinds from the listing (checked on disk past a truncated walk), texts read with
 * confinement; with `keep`, the bytes of each listed file read whole go there (the content hash reuses them); with
 * `reads`, what they read (the validation cache records their identities).
 */
export function folderFileSet(
  root: string,
  listing: FolderListing,
  keep?: Map<string, Uint8Array>,
  reads?: ReadLog,
): SkillFileSet {
  const display = (rel: string) => path.join(root, ...rel.split("/"));
  const confined = listing.hasLinks || listing.truncated;
  const readText = async (rel: string): Promise<string | null> => {
    const logged = reads?.asked(rel);
    const result = await readTextFile(
      display(rel),
      confined
        ? { maxBytes: MAX_REFERENCE_BYTES, root }
        : { maxBytes: MAX_REFERENCE_BYTES, keepBytes: keep !== undefined, ...logged },
    );
    if (result.ok && result.raw) {
      if (keep && listing.kinds.get(rel) === "file") keep.set(rel, result.raw);
      delete result.raw;
    }
    return result.ok && !result.binary ? result.text : null;
  };
  const listed = new ListedFileSet(listing.kinds, readText, display, listing.outside);
  if (!listing.truncated) return listed;
  return {
    async kind(rel: string): Promise<FileKind> {
      const known = await listed.kind(rel);
      if (known) return known;
      const resolved = await resolveInside(root, rel);
      if (!resolved.ok) return resolved.reason === "outside" ? "outside" : null;
      const info = await stat(resolved.path).catch(() => null);
      return info ? (info.isDirectory() ? "dir" : info.isFile() ? "file" : "other") : null;
    },
    readText,
    display,
  };
}
