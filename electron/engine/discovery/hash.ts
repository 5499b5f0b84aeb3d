// Content hash of a skill folder: SHA-256 over its confined walk (relative paths and bytes, sorted).
import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, realpathSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { isInside } from "../fs/safe-fs";
import { lazyImport } from "../lazy-import";

/** node:crypto, loaded on first use: `validate` of unchanged skills hashes nothing, and it is costly to start. */
const cryptoModule = lazyImport(() => import("node:crypto"));

/** A folder's content hash and whether the caps cut it short. */
export interface FolderHash {
  hash: string;
  files: number;
  bytes: number;
  truncated: boolean;
  /** Which cap cut the hash short, when one did: too many entries, nested too deep, or too many bytes. */
  limit?: HashLimitHit;
}

/** The cap that cut a content hash short. */
export type HashLimitHit =
  { kind: "entries"; max: number } | { kind: "depth"; max: number } | { kind: "bytes"; max: number };

/** Caps that keep hashing a huge or hostile folder bounded. */
export interface HashLimits {
  maxEntries?: number;
  maxBytes?: number;
}

const DEFAULT_MAX_ENTRIES = 5_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/** Files up to this size are read synchronously: for small files that is several times cheaper than the thread pool. */
const SYNC_READ_MAX = 256 * 1024;

/** Reads a regular file synchronously when it is small; a big one is only measured (the caller reads it asynchronously). */
function readIfSmallSync(file: string, limit: number): { data: Buffer | null; size: number; big: boolean } {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return { data: null, size: 0, big: false };
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return { data: null, size: 0, big: false };
    if (info.size > SYNC_READ_MAX) return { data: null, size: info.size, big: true };
    const buffer = Buffer.alloc(Math.min(info.size, limit));
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return { data: buffer.subarray(0, read), size: info.size, big: false };
  } catch {
    return { data: null, size: 0, big: false };
  } finally {
    closeSync(fd);
  }
}

async function readRegularFile(file: string, limit: number): Promise<Buffer | null> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return null;
    const buffer = Buffer.alloc(Math.min(info.size, limit));
    let read = 0;
    while (read < buffer.length) {
      const { bytesRead } = await handle.read(buffer, read, buffer.length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return buffer.subarray(0, read);
  } catch {
    return null;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

interface HashEntry {
  rel: string;
  abs: string;
}

/**
 * Lists a folder's regular files for hashing, confined like safe-fs's walkTree (a link is followed only when its real
 * path stays inside, each linked folder once, depth and count capped) but with directory entry types and synchronous
 * calls: hashing 10,000 skills is dominated by per-call overhead, and plain entries need no stat or realpath.
 */
function listFilesForHash(
  root: string,
  realRoot: string,
  maxEntries: number,
  maxDepth = 32,
): { files: HashEntry[]; truncated: boolean; limit?: HashLimitHit } {
  const files: HashEntry[] = [];
  const seenLinks = new Set<string>([realRoot]);
  const stack: Array<{ abs: string; rel: string; depth: number }> = [{ abs: root, rel: "", depth: 0 }];
  let count = 0;
  let truncated = false;
  let limit: HashLimitHit | undefined;
  while (stack.length > 0) {
    const { abs, rel, depth } = stack.pop() as { abs: string; rel: string; depth: number };
    let dirents;
    try {
      dirents = readdirSync(abs, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const d of dirents) {
      if (++count > maxEntries) return { files, truncated: true, limit: { kind: "entries", max: maxEntries } };
      const childAbs = path.join(abs, d.name);
      const childRel = rel ? `${rel}/${d.name}` : d.name;
      let isDir = d.isDirectory();
      let isFile = d.isFile();
      if (d.isSymbolicLink()) {
        let real: string;
        try {
          real = realpathSync.native(childAbs);
        } catch {
          continue;
        }
        if (!isInside(realRoot, real)) continue;
        const info = statSync(childAbs, { throwIfNoEntry: false });
        if (!info) continue;
        isDir = info.isDirectory();
        isFile = info.isFile();
        if (isDir) {
          if (seenLinks.has(real)) continue;
          seenLinks.add(real);
        }
      }
      if (isFile) files.push({ rel: childRel, abs: childAbs });
      else if (isDir) {
        if (depth + 1 >= maxDepth) {
          truncated = true;
          limit = { kind: "depth", max: maxDepth };
        } else stack.push({ abs: childAbs, rel: childRel, depth: depth + 1 });
      }
    }
  }
  files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return limit ? { files, truncated, limit } : { files, truncated };
}

/**
 * Hashes a skill folder with its details; links leaving the folder are never followed, caps are reported.
 * `knownFiles` (relative regular files, sorted, from a complete link-free listing) spares a second walk, and
 * `alreadyRead` (relative path → bytes the caller just read, such as SKILL.md) spares reading those files again.
 */
export async function hashSkillFolderWithInfo(
  dir: string,
  limits: HashLimits = {},
  knownFiles: readonly string[] | null = null,
  alreadyRead: ReadonlyMap<string, Uint8Array> = new Map(),
): Promise<FolderHash> {
  const { createHash } = await cryptoModule();
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  let walk: { files: HashEntry[]; truncated: boolean; limit?: HashLimitHit };
  if (knownFiles && knownFiles.length <= (limits.maxEntries ?? DEFAULT_MAX_ENTRIES)) {
    walk = { files: knownFiles.map((rel) => ({ rel, abs: path.join(dir, ...rel.split("/")) })), truncated: false };
  } else {
    let realRoot: string | null;
    try {
      realRoot = realpathSync.native(dir);
    } catch {
      realRoot = null;
    }
    if (!realRoot) return { hash: createHash("sha256").digest("hex"), files: 0, bytes: 0, truncated: false };
    walk = listFilesForHash(dir, realRoot, limits.maxEntries ?? DEFAULT_MAX_ENTRIES);
  }
  const sha = createHash("sha256");
  let bytes = 0;
  let truncated = walk.truncated;
  let limit = walk.limit;
  const bytesHit: HashLimitHit = { kind: "bytes", max: maxBytes };
  for (const entry of walk.files) {
    const left = maxBytes - bytes;
    if (left <= 0) {
      truncated = true;
      limit ??= bytesHit;
      break;
    }
    const known = alreadyRead.get(entry.rel);
    const small = known
      ? { data: known.length > left ? known.subarray(0, left) : known, size: known.length, big: false }
      : readIfSmallSync(entry.abs, left);
    const content = small.big ? await readRegularFile(entry.abs, left) : small.data;
    sha.update(`${entry.rel}\u0000${content ? content.length : -1}\u0000`);
    if (content) {
      sha.update(content);
      bytes += content.length;
      if (content.length < small.size) {
        truncated = true;
        limit ??= bytesHit;
      }
    }
  }
  const result: FolderHash = { hash: sha.digest("hex"), files: walk.files.length, bytes, truncated };
  if (limit) result.limit = limit;
  return result;
}

/** SHA-256 (lowercase hex) of a skill folder's content: the same files with the same bytes give the same hash. */
export async function hashSkillFolder(dir: string): Promise<string> {
  return (await hashSkillFolderWithInfo(dir)).hash;
}
