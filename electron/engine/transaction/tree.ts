// Walking, copying, flushing and hashing a skill folder without ever following a link out of it.
import { createHash } from "node:crypto";
import { constants, createReadStream } from "node:fs";
import { chmod, lstat, mkdir, open, readdir, readlink, realpath, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { copyFileNoFollow, createSymlink } from "../fs/write";
import { EngineError } from "../errors";

/** Most entries a skill folder may hold for Skillshelf to copy or compare it. */
const MAX_TREE_ENTRIES = 50_000;

/** One entry of a folder tree (relative, forward slashes), as lstat sees it. */
export interface TreeEntry {
  rel: string;
  kind: "file" | "dir" | "link" | "other";
  mode: number;
  size: number;
}

/** Every entry below root, parents before children, sorted by name per folder; links are listed, never followed. */
export async function listTree(root: string): Promise<TreeEntry[]> {
  const out: TreeEntry[] = [];
  const walk = async (rel: string): Promise<void> => {
    const names = (await readdir(path.join(root, rel))).sort();
    for (const name of names) {
      const childRel = rel ? `${rel}/${name}` : name;
      const info = await lstat(path.join(root, childRel));
      const kind = info.isFile() ? "file" : info.isDirectory() ? "dir" : info.isSymbolicLink() ? "link" : "other";
      out.push({ rel: childRel, kind, mode: info.mode & 0o7777, size: info.size });
      if (out.length > MAX_TREE_ENTRIES)
        throw new EngineError(
          "install.target.unsafe",
          `The folder ${root} holds more than ${MAX_TREE_ENTRIES} entries, too many to copy safely.`,
        );
      if (kind === "dir") await walk(childRel);
    }
  };
  await walk("");
  return out;
}

/** True when a link's target stays inside the tree (resolved lexically from the link's own folder). */
export function linkStaysInside(rel: string, target: string): boolean {
  if (path.isAbsolute(target)) return false;
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(rel), target.split(path.sep).join("/")));
  return resolved !== ".." && !resolved.startsWith("../");
}

/**
 * How copyTree treats links: keep them as links verbatim (backups); refuse the copy when one leads outside by its text
 * ("inside-only"); or, for a folder given by the user, also by where it really resolves through the other links
 * ("real-inside": `a -> b/../x` with `b -> .` leaves the folder although its text does not).
 */
export type LinkPolicy = "keep" | "inside-only" | "real-inside";

/** Why a link of the tree at root does not really resolve to an entry strictly inside it, or null when it does. */
async function realLinkProblem(realRoot: string, linkPath: string): Promise<string | null> {
  const real = await realpath(linkPath).catch(() => null);
  if (real === null) return "leads nowhere (or loops)";
  const rel = path.relative(realRoot, real);
  if (rel === "") return "points at the folder itself";
  if (rel.startsWith("..") || path.isAbsolute(rel)) return "really resolves to a place outside the folder";
  return null;
}

/** Flushes one file or folder to disk (folders cannot be opened for sync on Windows: skipped there). */
export async function syncPath(p: string, isDir: boolean): Promise<void> {
  if (isDir && process.platform === "win32") return;
  let handle: FileHandle | undefined;
  try {
    handle = await open(p, constants.O_RDONLY);
    await handle.sync();
  } catch {
    /* some file systems cannot sync a folder; renames stay atomic */
  } finally {
    await handle?.close();
  }
}

/**
 * Copies src into dest (which must not exist), keeping file modes and links as links; never reads through a link.
 * Devices and FIFOs are refused. Every file and folder is flushed, so a rename of dest afterwards is durable.
 */
export async function copyTree(src: string, dest: string, options: { links?: LinkPolicy } = {}): Promise<number> {
  const entries = await listTree(src);
  const rootInfo = await lstat(src);
  const realRoot = options.links === "real-inside" ? await realpath(src) : null;
  await mkdir(dest, { mode: rootInfo.mode & 0o777 });
  let files = 0;
  const dirs = [dest];
  for (const entry of entries) {
    const from = path.join(src, ...entry.rel.split("/"));
    const to = path.join(dest, ...entry.rel.split("/"));
    if (entry.kind === "dir") {
      await mkdir(to, { recursive: true, mode: 0o700 });
      dirs.push(to);
    } else if (entry.kind === "file") {
      await mkdir(path.dirname(to), { recursive: true });
      await copyFileNoFollow(from, to, entry.mode);
      files++;
    } else if (entry.kind === "link") {
      const target = await readlink(from);
      if (options.links !== "keep" && options.links !== undefined && !linkStaysInside(entry.rel, target)) {
        throw new EngineError(
          options.links === "real-inside" ? "install.source.link-outside" : "install.target.unsafe",
          `"${entry.rel}" is a link to a place outside the skill's folder; Skillshelf does not copy it.`,
        );
      }
      const problem = options.links === "real-inside" ? await realLinkProblem(realRoot!, from) : null;
      if (problem)
        throw new EngineError(
          "install.source.link-outside",
          `"${entry.rel}" is a link that ${problem} (${target}); Skillshelf does not install links like that from a folder.`,
        );
      await mkdir(path.dirname(to), { recursive: true });
      await createSymlink(target, to);
    } else {
      throw new EngineError(
        "install.target.unsafe",
        `"${entry.rel}" is a device, pipe or socket, not a file; Skillshelf does not copy it.`,
      );
    }
  }
  for (const entry of entries)
    if (entry.kind === "dir") await chmod(path.join(dest, ...entry.rel.split("/")), entry.mode);
  for (const dir of dirs.reverse()) await syncPath(dir, true);
  return files;
}

/** SHA-256 (lowercase hex) of a file's bytes, streamed. */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}
