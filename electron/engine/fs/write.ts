// The one file writer: every file Skillshelf writes (settings, window state, caches, installs) goes through a temp
// file in the same folder, an fsync and a rename, so a crash leaves the old file or the new one, never half of one.
//
// Links: a symbolic link at the target is refused (WriteRefusedError) rather than written through or replaced, so a
// planted link can never redirect a secret elsewhere and a user's own link is never silently broken. (rename itself
// never writes through a link; the check makes the refusal explicit.) The temp file is created with O_EXCL, which
// does not follow a link either. Backups (`backupFile`) read the source without following a link and replace a link
// at the backup path by a regular file: the link's target is never touched.
//
// Besides replacing a file, it publishes one without ever replacing what is there (`overwrite: false`: packed
// archives, locks), streams a new file (downloads, archive entries into staging), copies a file without following a
// link and makes links. A lint rule (eslint.config.js) keeps node's writing functions out of every other module.
import { closeSync, constants, openSync, writeSync } from "node:fs";
import { link, lstat, open, rename, symlink, unlink, type FileHandle } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { EngineError } from "../errors";
import { PIECES_PER_WRITEV, piecesLeft } from "./writev-pieces";

/** Options of a write: the file's permission bits (0o600 for anything holding a secret). */
export interface WriteOptions {
  mode?: number;
  /** Runs once the new content is on disk (in `temp`), just before the rename; throwing abandons the write. */
  beforeRename?: (temp: string) => Promise<void>;
  /** false: never replace a file already at the name; the write fails with code EEXIST instead (default true). */
  overwrite?: boolean;
  /** Appended to the temp file's name, for readers that go by the extension (".skill"). */
  tempSuffix?: string;
  /**
   * false: no fsync of the file or its folder (still atomic: readers see the old file or the new one). Only for a file
   * that can be rebuilt, such as a cache, which a crash may leave empty or old but never half-written in its place.
   */
  durable?: boolean;
}

/** A write refused before anything was written (the target is a link or not a regular file), with a sentence to show. */
export class WriteRefusedError extends EngineError {
  override name = "WriteRefusedError";
  constructor(
    message: string,
    /** What was refused: a link, or something that is not a regular file. */
    readonly refused: "symlink" | "not-regular",
  ) {
    super(`write.${refused}`, message);
  }
}

const DEFAULT_MODE = 0o666;
const isWindows = process.platform === "win32";

async function refuseUnsafeTarget(file: string): Promise<void> {
  let info;
  try {
    info = await lstat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (info.isSymbolicLink()) {
    throw new WriteRefusedError(
      `${path.basename(file)} is a symbolic link; Skillshelf does not write through links. Replace it with a regular file.`,
      "symlink",
    );
  }
  if (!info.isFile())
    throw new WriteRefusedError(
      `${path.basename(file)} exists but is not a regular file, so it was not overwritten.`,
      "not-regular",
    );
}

/** Flushes a folder's entries (the rename) to disk; folders cannot be opened for sync on Windows, where this is skipped. */
async function syncFolder(dir: string): Promise<void> {
  if (isWindows) return;
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, constants.O_RDONLY);
    await handle.sync();
  } catch {
    /* some file systems cannot sync a folder; the rename is still atomic */
  } finally {
    await handle?.close();
  }
}

/**
 * Writes pieces in order with writev(2), up to PIECES_PER_WRITEV at a time, going on after a short write: the kernel
 * copies from each piece, so thousands of small pieces cost neither a joined copy (~60 ms for a 10 MB cache of
 * 20,000 pieces, most of it faulting in new memory) nor a call each.
 */
async function writePieces(handle: FileHandle, data: ReadonlyArray<string | Uint8Array>): Promise<void> {
  let batch: Uint8Array[] = [];
  const flush = async () => {
    let pending = batch;
    batch = [];
    while (pending.length > 0) pending = piecesLeft(pending, (await handle.writev(pending)).bytesWritten);
  };
  for (const piece of data) {
    const bytes = typeof piece === "string" ? Buffer.from(piece) : piece;
    if (bytes.length === 0) continue;
    batch.push(bytes);
    if (batch.length === PIECES_PER_WRITEV) await flush();
  }
  await flush();
}

/**
 * Writes a file atomically: temp in the same folder, fsync, rename; never follows a symlink at the target. Data given
 * in pieces is written in pieces (a large file built in turns is never joined into one string first).
 */
export async function writeFileAtomic(
  file: string,
  data: string | Uint8Array | ReadonlyArray<string | Uint8Array>,
  options: WriteOptions = {},
): Promise<void> {
  const overwrite = options.overwrite ?? true;
  if (overwrite) await refuseUnsafeTarget(file);
  const dir = path.dirname(file);
  // The writer's pid is in the name, so a cleanup can tell a torn write of a dead process from one still going on.
  const temp = path.join(
    dir,
    `.${path.basename(file).slice(0, 100)}.${process.pid}.${randomBytes(8).toString("hex")}.tmp${options.tempSuffix ?? ""}`,
  );
  const mode = options.mode ?? DEFAULT_MODE;
  let created = false;
  try {
    const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, mode);
    created = true;
    try {
      if (options.mode !== undefined && !isWindows) await handle.chmod(mode);
      if (typeof data === "string" || data instanceof Uint8Array) await handle.writeFile(data);
      else await writePieces(handle, data);
      if (options.durable !== false) await handle.sync();
    } finally {
      await handle.close();
    }
    await options.beforeRename?.(temp);
    if (overwrite) {
      await refuseUnsafeTarget(file);
      await rename(temp, file);
      created = false;
    } else await publishNoOverwrite(temp, file, mode);
  } finally {
    if (created) await unlink(temp).catch(() => undefined);
  }
  if (options.durable !== false) await syncFolder(dir);
}

/**
 * Gives the complete file `temp` the name `file` only if nothing has it: a hard link fails when the name is taken
 * (the caller then removes `temp`). Where hard links are not supported (FAT, some network and FUSE file systems), the
 * name is claimed by creating it exclusively, then the temp is renamed over the claim, so the file is never half there.
 */
async function publishNoOverwrite(temp: string, file: string, mode: number): Promise<void> {
  try {
    await link(temp, file);
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw error;
  }
  const claim = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, mode);
  await claim.close();
  try {
    await rename(temp, file);
  } catch (error) {
    await unlink(file).catch(() => undefined);
    throw error;
  }
}

/** Same for JSON (2-space indent + trailing newline). */
export async function writeJsonAtomic(file: string, value: unknown, options: WriteOptions = {}): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`, options);
}

/**
 * Copies `file` to `backupPath` atomically with `mode` (default 0o600: backups often hold secrets). The source is
 * opened without following a link (a link is refused); a link at `backupPath` is replaced, its target never touched.
 */
export async function backupFile(
  file: string,
  backupPath: string,
  options: WriteOptions & { maxBytes?: number } = {},
): Promise<void> {
  const maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
  const source = await lstat(file);
  if (source.isSymbolicLink())
    throw new WriteRefusedError(`${path.basename(file)} is a symbolic link, so it was not copied.`, "symlink");
  if (!source.isFile())
    throw new WriteRefusedError(`${path.basename(file)} is not a regular file, so it was not copied.`, "not-regular");
  const noFollow = isWindows ? 0 : constants.O_NOFOLLOW | constants.O_NONBLOCK;
  const handle = await open(file, constants.O_RDONLY | noFollow);
  let data: Buffer;
  try {
    const opened = await handle.stat();
    if (!opened.isFile())
      throw new WriteRefusedError(`${path.basename(file)} is not a regular file, so it was not copied.`, "not-regular");
    if (opened.size > maxBytes) throw new Error(`${path.basename(file)} is too large to back up.`);
    data = await handle.readFile();
  } finally {
    await handle.close();
  }
  const existing = await lstat(backupPath).catch(() => null);
  if (existing?.isSymbolicLink()) await unlink(backupPath);
  await writeFileAtomic(backupPath, data, { mode: options.mode ?? 0o600 });
}

/** A new file written chunk by chunk (a download); `finish` flushes and closes it, `close` only closes (a failure). */
export interface NewFileWriter {
  write(chunk: Uint8Array): Promise<void>;
  finish(): Promise<void>;
  close(): Promise<void>;
}

/** Creates `file`, which must not exist (never through a link), to be written chunk by chunk. */
export async function createNewFile(file: string, options: { mode?: number } = {}): Promise<NewFileWriter> {
  const handle = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, options.mode ?? 0o600);
  let isOpen = true;
  const close = async () => {
    if (!isOpen) return;
    isOpen = false;
    await handle.close();
  };
  return {
    write: async (chunk) => {
      await handle.write(chunk);
    },
    finish: async () => {
      await handle.sync();
      await close();
    },
    close,
  };
}

/** The synchronous form, for the archive reader's entries written into staging; `close` is safe to call twice. */
export interface NewFileSyncWriter {
  write(chunk: Uint8Array): void;
  close(): void;
}

/** Creates `file` synchronously, which must not exist (never through a link), with `mode` (before the umask). */
export function createNewFileSync(file: string, mode: number): NewFileSyncWriter {
  let fd: number | null = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, mode);
  return {
    write: (chunk) => {
      let offset = 0;
      while (offset < chunk.byteLength) offset += writeSync(fd!, chunk, offset);
    },
    close: () => {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}

/**
 * Copies the regular file `from` to the new file `to` (which must not exist) with `mode`, flushed: `from` is opened
 * without following a link, so a file swapped for a link since it was listed is refused, never read through.
 */
export async function copyFileNoFollow(from: string, to: string, mode: number): Promise<void> {
  const noFollow = isWindows ? 0 : constants.O_NOFOLLOW | constants.O_NONBLOCK;
  const source = await open(from, constants.O_RDONLY | noFollow);
  try {
    if (!(await source.stat()).isFile())
      throw new WriteRefusedError(`${path.basename(from)} is not a regular file, so it was not copied.`, "not-regular");
    const target = await open(to, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, mode);
    try {
      const buffer = Buffer.allocUnsafe(64 * 1024);
      for (;;) {
        const { bytesRead } = await source.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) break;
        let offset = 0;
        while (offset < bytesRead) offset += (await target.write(buffer, offset, bytesRead - offset)).bytesWritten;
      }
      if (!isWindows) await target.chmod(mode);
      await target.sync();
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/** Makes a symbolic link at `at` holding `target` verbatim; anything already at `at` makes it fail (EEXIST). */
export async function createSymlink(target: string, at: string, type?: "dir" | "file"): Promise<void> {
  await symlink(target, at, type);
}
