// What an update changes in a skill folder: files added, removed and changed (a unified diff for text files, sizes
// for binary ones), and the files the user added or edited that the update keeps.
import { readFile, readlink } from "node:fs/promises";
import path from "node:path";
import { createTwoFilesPatch } from "diff";
import { formatBytes } from "../../../shared/format";
import type { InstallManifest } from "../transaction/manifest";
import { hashFile, listTree, type TreeEntry } from "../transaction/tree";

/** Largest file shown as a text diff; bigger ones are summed up by size. */
const MAX_DIFF_FILE_BYTES = 512 * 1024;
/** Total text diff kept for one update; the rest is summed up, and the summary says so. */
const MAX_DIFF_TOTAL_CHARS = 1024 * 1024;
const DIFF_TIMEOUT_MS = 2000;

/** One file's change. */
export interface FileChange {
  path: string;
  change: "added" | "removed" | "changed" | "kept";
  binary: boolean;
  oldBytes?: number;
  newBytes?: number;
  /** Unified diff for a changed text file (or added/removed text file), when within the limits. */
  diff?: string;
  /** A sentence about this file (why it is kept, why no diff is shown). */
  note?: string;
}

/** Everything an update changes, with the user's files that it keeps. */
export interface FolderDiff {
  added: string[];
  removed: string[];
  changed: string[];
  /** Files only in the installed copy that the update keeps (added or edited by the user). */
  kept: string[];
  /**
   * The user's files the update cannot keep, because the new release has a file where their folder is (`notes` vs
   * `notes/mine.txt`) or a folder where they are: applying refuses unless the caller lets exactly these go.
   */
  unkeepable: string[];
  unchanged: number;
  files: FileChange[];
  /** True when some text diffs were left out to stay within the size limit (each such file has a note). */
  diffsTruncated: boolean;
}

async function readSide(
  root: string,
  entry: TreeEntry,
): Promise<{ bytes: Buffer | null; text: string | null; link: string | null }> {
  const abs = path.join(root, ...entry.rel.split("/"));
  if (entry.kind === "link") return { bytes: null, text: null, link: await readlink(abs) };
  if (entry.size > MAX_DIFF_FILE_BYTES) return { bytes: null, text: null, link: null };
  const bytes = await readFile(abs);
  const head = bytes.subarray(0, 8192);
  let text: string | null = null;
  if (!head.includes(0)) {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      text = null;
    }
  }
  return { bytes, text, link: null };
}

async function sameContent(
  oldRoot: string,
  newRoot: string,
  a: TreeEntry,
  b: TreeEntry,
  oldHash: (rel: string) => Promise<string>,
): Promise<boolean> {
  if (a.kind !== b.kind) return false;
  if (a.kind === "link")
    return (
      (await readlink(path.join(oldRoot, ...a.rel.split("/")))) ===
      (await readlink(path.join(newRoot, ...b.rel.split("/"))))
    );
  if (a.size !== b.size || (a.mode & 0o111 ? 1 : 0) !== (b.mode & 0o111 ? 1 : 0)) return false;
  return (await oldHash(a.rel)) === (await hashFile(path.join(newRoot, ...b.rel.split("/"))));
}

/** A file's size in words: "1.2 KB → 1.5 KB" when it changed, else the one size there is (never a size beside a dash). */
function sizeWords(before: number | undefined, after: number | undefined): string {
  if (before !== undefined && after !== undefined) return `${formatBytes(before)} → ${formatBytes(after)}`;
  if (after !== undefined) return `${formatBytes(after)}, new`;
  if (before !== undefined) return `${formatBytes(before)}, removed`;
  return "size not known";
}

/**
 * Compares the installed copy (oldDir) with the new release (newDir). A file only in the installed copy is kept
 * unless the manifest of the release Skillshelf installed there lists it unchanged (then the release removed it).
 */
export async function diffFolders(
  oldDir: string,
  newDir: string,
  options: { manifest?: InstallManifest | null } = {},
): Promise<FolderDiff> {
  const manifest = options.manifest ?? null;
  const isContent = (e: TreeEntry) => e.kind === "file" || e.kind === "link";
  const oldEntries = new Map((await listTree(oldDir)).filter(isContent).map((e) => [e.rel, e]));
  const newTree = await listTree(newDir);
  const newEntries = new Map(newTree.filter(isContent).map((e) => [e.rel, e]));
  const newFolders = new Set(newTree.filter((e) => e.kind === "dir").map((e) => e.rel));
  /** What in the new release takes the place of an installed file that is not in it, or null. */
  const clashOf = (rel: string): string | null => {
    if (newFolders.has(rel)) return `the new release has a folder "${rel}" there`;
    const parts = rel.split("/");
    for (let i = 1; i < parts.length; i++) {
      const prefix = parts.slice(0, i).join("/");
      if (newEntries.has(prefix)) return `the new release has a file "${prefix}" where its folder is`;
    }
    return null;
  };
  const result: FolderDiff = {
    added: [],
    removed: [],
    changed: [],
    kept: [],
    unkeepable: [],
    unchanged: 0,
    files: [],
    diffsTruncated: false,
  };
  let budget = MAX_DIFF_TOTAL_CHARS;
  const oldHashes = new Map<string, Promise<string>>();
  const oldHash = (rel: string): Promise<string> => {
    let hash = oldHashes.get(rel);
    if (!hash) oldHashes.set(rel, (hash = hashFile(path.join(oldDir, ...rel.split("/")))));
    return hash;
  };

  const describe = async (
    rel: string,
    change: FileChange["change"],
    before: TreeEntry | undefined,
    after: TreeEntry | undefined,
    note?: string,
  ) => {
    const a = before ? await readSide(oldDir, before) : null;
    const b = after ? await readSide(newDir, after) : null;
    const binary =
      (a !== null && a.text === null && a.link === null && before!.size <= MAX_DIFF_FILE_BYTES) ||
      (b !== null && b.text === null && b.link === null && after!.size <= MAX_DIFF_FILE_BYTES);
    const file: FileChange = {
      path: rel,
      change,
      binary,
      ...(before ? { oldBytes: before.size } : {}),
      ...(after ? { newBytes: after.size } : {}),
      ...(note ? { note } : {}),
    };
    const tooBig =
      (before && before.kind === "file" && before.size > MAX_DIFF_FILE_BYTES) ||
      (after && after.kind === "file" && after.size > MAX_DIFF_FILE_BYTES);
    if (change === "kept") {
      /* the user's own file: no diff */
    } else if (a?.link !== undefined && a?.link !== null) {
      file.note = `a link to ${a.link}` + (change === "changed" ? ", replaced by a file" : "");
    } else if (tooBig) {
      file.note = `${sizeWords(before?.size, after?.size)}; too large to show the changes (over ${formatBytes(MAX_DIFF_FILE_BYTES)})`;
    } else if (binary) {
      file.note = `not text, ${sizeWords(before?.size, after?.size)}`;
    } else {
      const patch = createTwoFilesPatch(`a/${rel}`, `b/${rel}`, a?.text ?? "", b?.text ?? "", undefined, undefined, {
        context: 3,
        timeout: DIFF_TIMEOUT_MS,
      });
      if (patch === undefined) file.note = "too many differences to show as a text diff";
      else if (patch.length > budget) {
        file.note = "text diff left out: the update's diffs passed the size shown at once";
        result.diffsTruncated = true;
      } else {
        file.diff = patch;
        budget -= patch.length;
      }
    }
    result.files.push(file);
  };

  for (const [rel, after] of [...newEntries].sort(([x], [y]) => (x < y ? -1 : 1))) {
    const before = oldEntries.get(rel);
    if (!before) {
      result.added.push(rel);
      await describe(rel, "added", undefined, after);
    } else if (await sameContent(oldDir, newDir, before, after, oldHash)) {
      result.unchanged++;
    } else {
      result.changed.push(rel);
      const edited = manifest?.files[rel] && before.kind === "file" && manifest.files[rel] !== (await oldHash(rel));
      await describe(
        rel,
        "changed",
        before,
        after,
        edited ? "you had edited this file; your copy stays in the backup" : undefined,
      );
    }
  }
  for (const [rel, before] of [...oldEntries].sort(([x], [y]) => (x < y ? -1 : 1))) {
    if (newEntries.has(rel)) continue;
    const recorded = manifest?.files[rel];
    const untouched = recorded !== undefined && before.kind === "file" && recorded === (await oldHash(rel));
    if (untouched) {
      result.removed.push(rel);
      await describe(rel, "removed", before, undefined);
    } else if (clashOf(rel)) {
      result.unkeepable.push(rel);
      result.removed.push(rel);
      await describe(
        rel,
        "removed",
        before,
        undefined,
        `your file cannot be kept: ${clashOf(rel)!}; it would stay only in the backup`,
      );
    } else {
      result.kept.push(rel);
      await describe(
        rel,
        "kept",
        before,
        undefined,
        recorded !== undefined
          ? "the new release drops this file, but you edited it: kept"
          : manifest
            ? "your file (not part of the installed release): kept"
            : "not in the new release; kept, as it may be yours",
      );
    }
  }
  return result;
}
