// The one file writer: every file Skillshelf writes (settings, window state, caches, installs) goes through a temp
// file in the same folder, an fsync and a rename, so a crash leaves the old file or the new one, never half of one.
//
// Links: a symbolic link at the target is refused (WriteRefusedError) rather than written through or replaced, so a
// planted link can never redirect a secret elsewhere and a user's own link is never silently broken. (rename itself
// never writes through a link; the check makes the refusal explicit.) The temp file is created with O_EXCL, which
// does not follow a link either. Backups (`backupFile`) read the source without following a link and replace a link
// at the backup path by a regular file: the link's target is never touched.
import { constants } from "node:fs";
import { lstat, open, rename, unlink, type FileHandle } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import path from "node:path";

/** Options of a write: the file's permission bits (0o600 for anything holding a secret). */
export interface WriteOptions {
  mode?: number;
  /** Runs once the new content is on disk, just before the rename; throwing abandons the write (compare-and-swap). */
  beforeRename?: () => Promise<void>;
}

/** A write refused before anything was written (the target is a link or not a regular file), with a sentence to show. */
export class WriteRefusedError extends Error {
  override name = "WriteRefusedError";
  constructor(
    message: string,
    readonly code: "symlink" | "not-regular",
  ) {
    super(message);
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

/** Writes a file atomically: temp in the same folder, fsync, rename; never follows a symlink at the target. */
export async function writeFileAtomic(
  file: string,
  data: string | Uint8Array,
  options: WriteOptions = {},
): Promise<void> {
  await refuseUnsafeTarget(file);
  const dir = path.dirname(file);
  // The writer's pid is in the name, so a cleanup can tell a torn write of a dead process from one still going on.
  const temp = path.join(
    dir,
    `.${path.basename(file).slice(0, 100)}.${process.pid}.${randomBytes(8).toString("hex")}.tmp`,
  );
  const mode = options.mode ?? DEFAULT_MODE;
  let created = false;
  try {
    const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, mode);
    created = true;
    try {
      if (options.mode !== undefined && !isWindows) await handle.chmod(mode);
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await options.beforeRename?.();
    await refuseUnsafeTarget(file);
    await rename(temp, file);
    created = false;
  } finally {
    if (created) await unlink(temp).catch(() => undefined);
  }
  await syncFolder(dir);
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
