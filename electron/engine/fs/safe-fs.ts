// File access that never blocks, never reads past a size cap and never follows a link out of a root.
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readFile as readFileWithCallback,
  readSync,
  stat as statWithCallback,
  type BigIntStats,
  type Stats,
} from "node:fs";
import { promisify } from "node:util";
import { isUtf8 } from "node:buffer";
import { formatBytes } from "../../../shared/format";
import { lstat, readdir, realpath, stat } from "node:fs/promises";
import path from "node:path";

// The callback readFile skips the FileHandle machinery of fs/promises: far cheaper per small file.
// (Node accepts a numeric flag, as stringToFlags passes numbers through; the typings only list strings.)
const readFileCallback = promisify(readFileWithCallback) as unknown as (
  file: string,
  options: { flag: number },
) => Promise<Buffer>;
const statCallback = promisify(statWithCallback);

/** Why a file could not be read as text. */
export type ReadFailure = "not-found" | "not-regular" | "too-large" | "unreadable" | "encoding" | "outside";

/** A text file read in full, or why it was not. */
export type TextRead =
  | {
      ok: true;
      text: string;
      bytes: number;
      bom: boolean;
      binary: boolean;
      /** The bytes as read, BOM included (only with `keepBytes`). */ raw?: Uint8Array;
    }
  | { ok: false; reason: ReadFailure; message: string; bytes?: number };

/** Default cap for text files the engine reads (SKILL.md, manifests, references). */
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

/** True when target is root itself or lies below it (both must already be absolute and normalised). */
export function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/** realpath that returns null instead of throwing (missing file, loop, permission). */
export async function realpathOrNull(p: string): Promise<string | null> {
  try {
    return await realpath(p);
  } catch {
    return null;
  }
}

/**
 * Reads a regular file as UTF-8 text. FIFOs, devices and folders are refused without opening them
 * for a blocking read; the file is opened non-blocking and checked again after opening (no race).
 * When `root` is given, the file's real path must stay inside root's real path.
 */
export async function readTextFile(
  file: string,
  options: {
    maxBytes?: number;
    root?: string;
    keepBytes?: boolean;
    /** Told the open file's stat (nanosecond times) when it was read whole at once, as the validation cache keeps it. */
    onStat?: (info: BigIntStats) => void;
  } = {},
): Promise<TextRead> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (!options.root) {
    const quick = readSmallFileSync(file, maxBytes, options.keepBytes === true, options.onStat);
    if (quick) return quick;
  }
  let info;
  try {
    info = await statCallback(file);
  } catch (error) {
    return statFailure(error);
  }
  if (options.root) {
    const [realRoot, realFile] = await Promise.all([realpathOrNull(options.root), realpathOrNull(file)]);
    if (!realRoot || !realFile || !isInside(realRoot, realFile)) {
      return {
        ok: false,
        reason: "outside",
        message: "The file is a link to a place outside its folder, so it is not read.",
      };
    }
  }
  const refused = refusal(info, maxBytes);
  if (refused) return refused;
  const read = await readStatedFile(file, maxBytes);
  if (!read.ok) return read;
  return options.keepBytes ? withRaw(decodeUtf8(read.bytes), read.bytes) : decodeUtf8(read.bytes);
}

/** A file's bytes as read, or why they were not. */
type BytesRead = { ok: true; bytes: Buffer } | Extract<TextRead, { ok: false }>;

/**
 * Reads a regular file's bytes within a size cap, undecoded (for a caller that decodes only the parts it uses): the
 * same stat, refusals and non-blocking read as readTextFile, without a root.
 */
export async function readFileBytes(file: string, maxBytes: number): Promise<BytesRead> {
  let info;
  try {
    info = await statCallback(file);
  } catch (error) {
    return statFailure(error);
  }
  const refused = refusal(info, maxBytes);
  return refused && !refused.ok ? refused : readStatedFile(file, maxBytes);
}

/**
 * readFileBytes in synchronous reads, for a file read while the caller's own synchronous work holds the thread (the
 * callback read would wait for it between chunks). Null hands over to readFileBytes: an open error other than a
 * missing file, or a file that grew.
 */
export function readFileBytesSync(file: string, maxBytes: number): BytesRead | null {
  const missing = (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR" ? statFailure(error) : null;
  };
  const read = readCheckedSync(file, maxBytes, Infinity, (size) => Buffer.allocUnsafe(size), { openFailure: missing });
  return read === null || "ok" in read ? read : { ok: true, bytes: read };
}

/**
 * A regular file's bytes within `maxBytes`, and, where files have owners, only when it is this user's and no one else
 * may write it (a file planted in a shared folder is never used); null otherwise.
 */
export function readOwnFileSync(file: string, maxBytes: number): Buffer | null {
  const uid = process.getuid?.();
  const own = (info: Stats | BigIntStats) =>
    uid === undefined || (Number(info.uid) === uid && (Number(info.mode) & 0o022) === 0);
  const read = readCheckedSync(file, maxBytes, Infinity, (size) => Buffer.allocUnsafe(size), { accept: own });
  return read === null || "ok" in read ? null : read;
}

function statFailure(error: unknown): Extract<TextRead, { ok: false }> {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR")
    return { ok: false, reason: "not-found", message: "The file does not exist." };
  if (code === "ELOOP")
    return { ok: false, reason: "unreadable", message: "The file is a symbolic link that loops back on itself." };
  return { ok: false, reason: "unreadable", message: `The file cannot be read (${code ?? "unknown error"}).` };
}

/** Reads a file stat'ed as regular and small enough; a file that grew past the cap meanwhile is refused. */
async function readStatedFile(file: string, maxBytes: number): Promise<BytesRead> {
  let bytes: Buffer;
  try {
    // Non-blocking open: even if the file was swapped for a FIFO since the stat, the read cannot hang.
    bytes = await readFileCallback(file, { flag: constants.O_RDONLY | constants.O_NONBLOCK });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EISDIR")
      return { ok: false, reason: "not-regular", message: "This is a folder, not a regular file." };
    if (code === "EAGAIN") return { ok: false, reason: "not-regular", message: "This is not a regular file." };
    return {
      ok: false,
      reason: "unreadable",
      message:
        code === "EACCES" || code === "EPERM"
          ? "You do not have permission to read this file."
          : `The file cannot be read (${code ?? "read error"}).`,
    };
  }
  if (bytes.length > maxBytes) {
    return {
      ok: false,
      reason: "too-large",
      message: `The file is over the ${formatBytes(maxBytes)} limit, so it was not read.`,
      bytes: bytes.length,
    };
  }
  return { ok: true, bytes };
}

function withRaw(read: TextRead, raw: Uint8Array): TextRead {
  if (read.ok) read.raw = raw;
  return read;
}

/** Why a stat'ed path is not read: not a regular file, or over the cap; null when it may be read. */
function refusal(info: Stats | BigIntStats, maxBytes: number): TextRead | null {
  if (!info.isFile()) {
    const what = info.isDirectory()
      ? "a folder"
      : info.isFIFO()
        ? "a named pipe"
        : info.isSocket()
          ? "a socket"
          : "a device or special file";
    return { ok: false, reason: "not-regular", message: `This is ${what}, not a regular file.` };
  }
  const size = Number(info.size);
  if (size > maxBytes) {
    return {
      ok: false,
      reason: "too-large",
      message: `The file is ${formatBytes(size)}, over the ${formatBytes(maxBytes)} limit, so it was not read.`,
      bytes: size,
    };
  }
  return null;
}

/** Files up to this size are read with synchronous calls: one open, fstat, read and close beat five thread-pool round trips. */
const SYNC_READ_MAX = 256 * 1024;

/**
 * The buffer small reads land in when their bytes are not kept: decoding copies them into a string before the read
 * returns (nothing in between can run), so one buffer serves every read instead of a fresh allocation per file.
 */
let scratch = Buffer.allocUnsafe(0);

function scratchOf(size: number): Buffer {
  if (scratch.length < size) scratch = Buffer.allocUnsafe(Math.max(size, 64 * 1024));
  return scratch;
}

/** What a synchronous read may do besides reading: answer an open error, refuse a file by its stat, hand its stat on. */
interface CheckedReadOptions {
  /** The answer to an open error; null (the default) hands over to the careful path. */
  openFailure?: (error: unknown) => Extract<TextRead, { ok: false }> | null;
  /** False hands a file over to the careful path by its stat (its owner, its mode). */
  accept?: (info: Stats | BigIntStats) => boolean;
  /** Told the stat, with nanosecond times, of a file read whole at once. */
  onStat?: (info: BigIntStats) => void;
}

/**
 * A file read with synchronous calls: opened non-blocking (a FIFO or device cannot hang it), checked with fstat on the
 * open descriptor before any read, then read asking for a byte more than fstat saw (a regular file reads short only
 * at its end, and one that grew meanwhile goes to the careful path). A refusal (not a file, over maxBytes) is
 * returned; null hands over to the careful path: an open error openFailure does not answer, a file over `largest`, or
 * one that grew while it was read.
 */
function readCheckedSync(
  file: string,
  maxBytes: number,
  largest: number,
  bufferOf: (size: number) => Buffer,
  { openFailure, accept, onStat }: CheckedReadOptions = {},
): Buffer | Extract<TextRead, { ok: false }> | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return openFailure?.(error) ?? null;
  }
  try {
    const info = onStat ? fstatSync(fd, { bigint: true }) : fstatSync(fd);
    const refused = refusal(info, maxBytes);
    if (refused) return refused as Extract<TextRead, { ok: false }>;
    const size = Number(info.size);
    if (size > largest || (accept && !accept(info))) return null;
    const buffer = bufferOf(size + 1);
    const read = readSync(fd, buffer, 0, size + 1, 0);
    if (read > size) return null;
    // Only a file read whole at once: the stat names exactly the bytes the caller gets.
    if (onStat && "mtimeNs" in info) onStat(info);
    return buffer.subarray(0, read);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** The fast path of readTextFile for small files (up to SYNC_READ_MAX); null hands over to the careful path. */
function readSmallFileSync(
  file: string,
  maxBytes: number,
  keepBytes: boolean,
  onStat?: (info: BigIntStats) => void,
): TextRead | null {
  const read = readCheckedSync(
    file,
    maxBytes,
    SYNC_READ_MAX,
    keepBytes ? (size) => Buffer.allocUnsafe(size) : scratchOf,
    { onStat },
  );
  if (read === null || "ok" in read) return read;
  return keepBytes ? withRaw(decodeUtf8(read), read) : decodeUtf8(read);
}

/** Decodes bytes as strict UTF-8, stripping (and reporting) a BOM and noting NUL bytes. */
export function decodeUtf8(bytes: Uint8Array): TextRead {
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  // isUtf8 is the strict check a fatal TextDecoder makes; once it passes, Buffer's decoder gives the same text, faster.
  if (!isUtf8(body))
    return { ok: false, reason: "encoding", message: "The file is not valid UTF-8 text.", bytes: bytes.length };
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8");
  return { ok: true, text, bytes: bytes.length, bom, binary: text.includes("\u0000") };
}

/** Resolves a relative path inside root, refusing absolute paths, `..`, NUL and links whose real path leaves root. */
export async function resolveInside(
  root: string,
  rel: string,
): Promise<
  { ok: true; path: string; real: string } | { ok: false; reason: "refused" | "not-found" | "outside"; message: string }
> {
  if (rel.includes("\u0000")) return { ok: false, reason: "refused", message: "The path contains a NUL character." };
  if (rel === "" || path.isAbsolute(rel) || /^[a-zA-Z]:/.test(rel) || rel.startsWith("\\"))
    return { ok: false, reason: "refused", message: "Only paths relative to the folder are allowed." };
  const parts = rel.split(/[\\/]+/);
  if (parts.includes(".."))
    return { ok: false, reason: "refused", message: "The path climbs out of the folder with `..`." };
  const realRoot = await realpathOrNull(root);
  if (!realRoot) return { ok: false, reason: "not-found", message: "The folder does not exist." };
  const joined = path.join(root, ...parts);
  const real = await realpathOrNull(joined);
  if (!real) return { ok: false, reason: "not-found", message: "The file does not exist." };
  if (!isInside(realRoot, real))
    return {
      ok: false,
      reason: "outside",
      message: "The path leads outside the folder through a link, so it is not served.",
    };
  return { ok: true, path: joined, real };
}

/** One entry of a confined walk. */
export interface TreeEntry {
  /** Path relative to the root, with "/" separators. */
  rel: string;
  kind: "file" | "dir" | "other";
  size: number;
  /** The entry is a symbolic link (whose target stays inside the root). */
  link: boolean;
}

/** What a confined walk found, and what it left out. */
export interface TreeWalk {
  entries: TreeEntry[];
  /** Links whose real path is outside the root (never followed). */
  outside: string[];
  /** Links that are broken or loop. */
  broken: string[];
  /** True when the walk stopped at maxEntries or maxDepth. */
  truncated: boolean;
}

/**
 * Lists a folder's tree without ever leaving it: a link is followed only when its real path stays
 * inside root, each real folder is visited once (no loops), and depth and count are capped.
 */
export async function walkTree(
  root: string,
  options: { maxEntries?: number; maxDepth?: number } = {},
): Promise<TreeWalk> {
  const maxEntries = options.maxEntries ?? 20_000;
  const maxDepth = options.maxDepth ?? 32;
  const result: TreeWalk = { entries: [], outside: [], broken: [], truncated: false };
  const realRoot = await realpathOrNull(root);
  if (!realRoot) return result;
  const seen = new Set<string>([realRoot]);
  const queue: Array<{ abs: string; rel: string; depth: number }> = [{ abs: root, rel: "", depth: 0 }];
  while (queue.length > 0) {
    const { abs, rel, depth } = queue.shift()!;
    let names;
    try {
      names = await readdir(abs, { withFileTypes: true });
    } catch {
      continue;
    }
    names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const dirent of names) {
      if (result.entries.length >= maxEntries) {
        result.truncated = true;
        return result;
      }
      const childAbs = path.join(abs, dirent.name);
      const childRel = rel ? `${rel}/${dirent.name}` : dirent.name;
      let link = false;
      let info;
      if (dirent.isSymbolicLink()) {
        link = true;
        const real = await realpathOrNull(childAbs);
        if (!real) {
          result.broken.push(childRel);
          continue;
        }
        if (!isInside(realRoot, real)) {
          result.outside.push(childRel);
          continue;
        }
        info = await stat(childAbs).catch(() => null);
      } else {
        info = await lstat(childAbs).catch(() => null);
      }
      if (!info) continue;
      if (info.isDirectory()) {
        result.entries.push({ rel: childRel, kind: "dir", size: 0, link });
        const real = await realpathOrNull(childAbs);
        if (!real || seen.has(real)) continue;
        seen.add(real);
        if (depth + 1 >= maxDepth) {
          result.truncated = true;
          continue;
        }
        queue.push({ abs: childAbs, rel: childRel, depth: depth + 1 });
      } else {
        result.entries.push({
          rel: childRel,
          kind: info.isFile() ? "file" : "other",
          size: info.isFile() ? info.size : 0,
          link,
        });
      }
    }
  }
  return result;
}
