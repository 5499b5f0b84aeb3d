// The git tree SHA of a folder, computed exactly as git computes it, so an installed skill can be compared with the
// tree GitHub reports upstream and with the `skills` installer's recorded skillFolderHash without git installed.
import { createHash } from "node:crypto";
import type { Dirent } from "node:fs";
import { lstat, readFile, readdir, readlink } from "node:fs/promises";
import path from "node:path";
import { EngineError } from "../errors";

/** One entry of a git tree: its mode as git writes it and its object id (hex). */
export interface GitTreeEntry {
  mode: "100644" | "100755" | "120000" | "40000";
  sha: string;
}

/** A folder hashed as a git tree: the root tree's id, every file's blob id and every non-empty folder's tree id, by
 * relative path ("/" separators; the root folder is ""). */
export interface GitTree {
  sha: string;
  files: Map<string, GitTreeEntry>;
  trees: Map<string, string>;
}

/** Limits that keep hashing a hostile folder bounded; past one the hash is refused rather than guessed. */
export interface GitTreeLimits {
  maxFiles?: number;
  maxBytes?: number;
  maxDepth?: number;
}

/** A folder too large or too deep to hash within the limits. */
export class GitTreeLimitError extends EngineError {
  override name = "GitTreeLimitError";
  constructor(message: string) {
    super("tree.too-large", message);
  }
}

const DEFAULTS: Required<GitTreeLimits> = { maxFiles: 10_000, maxBytes: 256 * 1024 * 1024, maxDepth: 32 };

/** The id git gives an object of that type and content: SHA-1 of `TYPE SIZE\0CONTENT`. */
export function gitObjectId(type: "blob" | "tree", content: Uint8Array): string {
  return createHash("sha1").update(`${type} ${content.length}\u0000`).update(content).digest("hex");
}

/** The id of a tree from its entries, sorted as git sorts them (a folder's name compares as if it ended in "/"). */
function gitTreeId(entries: ReadonlyArray<{ name: string; mode: GitTreeEntry["mode"]; sha: string }>): string {
  const sortKey = (e: { name: string; mode: string }) =>
    Buffer.from(e.mode === "40000" ? `${e.name}/` : e.name, "utf8");
  const sorted = [...entries].sort((a, b) => Buffer.compare(sortKey(a), sortKey(b)));
  const parts: Buffer[] = [];
  for (const e of sorted) parts.push(Buffer.from(`${e.mode} ${e.name}\u0000`, "utf8"), Buffer.from(e.sha, "hex"));
  return gitObjectId("tree", Buffer.concat(parts));
}

/**
 * Hashes `dir` as `git add -A && git write-tree` would: regular files as blobs (100755 when the owner may execute),
 * symbolic links as blobs of their target text (never followed), folders as trees, empty folders left out.
 */
export async function gitTreeOf(dir: string, limits: GitTreeLimits = {}): Promise<GitTree> {
  const max = { ...DEFAULTS, ...limits };
  const files = new Map<string, GitTreeEntry>();
  const trees = new Map<string, string>();
  let bytes = 0;

  async function treeOf(abs: string, rel: string, depth: number): Promise<string | null> {
    if (depth > max.maxDepth) throw new GitTreeLimitError(`The folder nests deeper than ${max.maxDepth} levels.`);
    const dirents: Dirent[] = await readdir(abs, { withFileTypes: true });
    const entries: Array<{ name: string; mode: GitTreeEntry["mode"]; sha: string }> = [];
    for (const d of dirents) {
      if (d.name === ".git") continue;
      const childAbs = path.join(abs, d.name);
      const childRel = rel ? `${rel}/${d.name}` : d.name;
      if (d.isDirectory()) {
        const sha = await treeOf(childAbs, childRel, depth + 1);
        if (sha) entries.push({ name: d.name, mode: "40000", sha });
        continue;
      }
      let entry: GitTreeEntry;
      if (d.isSymbolicLink()) {
        entry = { mode: "120000", sha: gitObjectId("blob", Buffer.from(await readlink(childAbs), "utf8")) };
      } else if (d.isFile()) {
        const info = await lstat(childAbs);
        bytes += info.size;
        if (bytes > max.maxBytes) throw new GitTreeLimitError(`The folder holds more than ${max.maxBytes} bytes.`);
        entry = { mode: info.mode & 0o100 ? "100755" : "100644", sha: gitObjectId("blob", await readFile(childAbs)) };
      } else {
        continue;
      }
      if (files.size >= max.maxFiles) throw new GitTreeLimitError(`The folder holds more than ${max.maxFiles} files.`);
      files.set(childRel, entry);
      entries.push({ name: d.name, ...entry });
    }
    if (entries.length === 0) return null;
    const sha = gitTreeId(entries);
    trees.set(rel, sha);
    return sha;
  }

  const sha = (await treeOf(dir, "", 0)) ?? gitTreeId([]);
  return { sha, files, trees };
}
