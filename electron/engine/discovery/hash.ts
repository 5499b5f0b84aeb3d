// Content hash of a skill folder: SHA-256 over its confined walk (relative paths and bytes, sorted).
import { createHash } from "node:crypto";
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { walkTree } from "../fs/safe-fs";

/** A folder's content hash and whether the caps cut it short. */
export interface FolderHash {
  hash: string;
  files: number;
  bytes: number;
  truncated: boolean;
}

/** Caps that keep hashing a huge or hostile folder bounded. */
export interface HashLimits {
  maxEntries?: number;
  maxBytes?: number;
}

const DEFAULT_MAX_ENTRIES = 5_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/** Files up to this size are read synchronously: for small files that is several times cheaper than the thread pool. */
const SYNC_READ_MAX = 256 * 1024;

function readSmallFileSync(file: string, limit: number): Buffer | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return null;
    const buffer = Buffer.alloc(Math.min(info.size, limit));
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.subarray(0, read);
  } catch {
    return null;
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

/** Hashes a skill folder with its details; links leaving the folder are never followed, caps are reported. */
export async function hashSkillFolderWithInfo(dir: string, limits: HashLimits = {}): Promise<FolderHash> {
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  const walk = await walkTree(dir, { maxEntries: limits.maxEntries ?? DEFAULT_MAX_ENTRIES });
  const files = walk.entries.filter((e) => e.kind === "file").sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  const sha = createHash("sha256");
  let bytes = 0;
  let truncated = walk.truncated;
  for (const entry of files) {
    const left = maxBytes - bytes;
    if (left <= 0) {
      truncated = true;
      break;
    }
    const file = path.join(dir, ...entry.rel.split("/"));
    const content = entry.size <= SYNC_READ_MAX ? readSmallFileSync(file, left) : await readRegularFile(file, left);
    sha.update(`${entry.rel}\u0000${content ? content.length : -1}\u0000`);
    if (content) {
      sha.update(content);
      bytes += content.length;
      if (content.length < entry.size) truncated = true;
    }
  }
  return { hash: sha.digest("hex"), files: files.length, bytes, truncated };
}

/** SHA-256 (lowercase hex) of a skill folder's content: the same files with the same bytes give the same hash. */
export async function hashSkillFolder(dir: string): Promise<string> {
  return (await hashSkillFolderWithInfo(dir)).hash;
}
