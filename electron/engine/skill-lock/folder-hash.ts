// The `skills` installer's own folder hash (its computeSkillFolderHash), recorded in the lock instead of a git tree SHA
// for installs from a local path or when GitHub's API was unreachable: SHA-256 over every regular file's "/"-separated
// relative path and then its bytes, files sorted by path, `.git` and `node_modules` folders skipped, links not followed.
import { createHash } from "node:crypto";
import type { Dirent } from "node:fs";
import { lstat, readFile, readdir } from "node:fs/promises";
import path from "node:path";

/** A SHA-256 folder hash as the installer writes it (a git tree SHA has 40 hex digits). */
export const INSTALLER_HASH = /^[0-9a-f]{64}$/i;

/** Folders hashed within these bounds; past one the hash is not computed (null), never guessed. */
const MAX_FILES = 10_000;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_DEPTH = 32;

interface HashedFile {
  rel: string;
  content: Buffer;
}

/** The file orders the installer's `localeCompare` sort may produce (it depends on its runtime's locale). */
const ORDERS: ReadonlyArray<(a: string, b: string) => number> = [
  (a, b) => a.localeCompare(b),
  new Intl.Collator("en").compare,
  (a, b) => (a < b ? -1 : a > b ? 1 : 0),
];

async function collect(dir: string): Promise<HashedFile[] | null> {
  const files: HashedFile[] = [];
  let bytes = 0;
  async function walk(abs: string, rel: string, depth: number): Promise<boolean> {
    if (depth > MAX_DEPTH) return false;
    const entries: Dirent[] = await readdir(abs, { withFileTypes: true });
    for (const entry of entries) {
      const childAbs = path.join(abs, entry.name);
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name === ".git" || entry.name === "node_modules") continue;
        if (!(await walk(childAbs, childRel, depth + 1))) return false;
      } else if (entry.isFile()) {
        bytes += (await lstat(childAbs)).size;
        if (bytes > MAX_BYTES || files.length >= MAX_FILES) return false;
        files.push({ rel: childRel, content: await readFile(childAbs) });
      }
    }
    return true;
  }
  return (await walk(dir, "", 0)) ? files : null;
}

function digest(files: readonly HashedFile[]): string {
  const hash = createHash("sha256");
  for (const file of files) hash.update(file.rel).update(file.content);
  return hash.digest("hex");
}

/** The installer's hash of `dir` in each file order it may have used (first: this runtime's), or null past the bounds or unreadable. */
export async function installerFolderHashes(dir: string): Promise<string[] | null> {
  const files = await collect(dir).catch(() => null);
  if (!files) return null;
  const hashes = ORDERS.map((order) => digest([...files].sort((a, b) => order(a.rel, b.rel))));
  return [...new Set(hashes)];
}

/** How a caller computes installerFolderHashes (the hosts: in their task worker). */
export type InstallerHasher = (dir: string) => Promise<string[] | null>;

/** Whether `dir` still has the installer's recorded SHA-256 hash (null when the folder cannot be hashed). */
async function matchesInstallerHash(
  dir: string,
  recorded: string,
  hashesOf: InstallerHasher = installerFolderHashes,
): Promise<boolean | null> {
  const hashes = await hashesOf(dir).catch(() => null);
  return hashes ? hashes.includes(recorded.toLowerCase()) : null;
}

/**
 * The recorded hash as a git tree SHA a content verdict can compare: a SHA-256 hash the folder still has becomes the
 * folder's own tree SHA (`treeSha`), one it no longer has stays (so the copy reads as changed), and null when the
 * folder cannot be hashed; a git tree SHA is returned as it is.
 */
export async function recordedAsTree(
  dir: string,
  recorded: string | null,
  treeSha: string,
  hashesOf: InstallerHasher = installerFolderHashes,
): Promise<string | null> {
  if (!recorded || !INSTALLER_HASH.test(recorded)) return recorded;
  const matches = await matchesInstallerHash(dir, recorded, hashesOf);
  return matches === null ? null : matches ? treeSha : recorded;
}
