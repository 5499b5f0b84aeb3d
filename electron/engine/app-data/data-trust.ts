// What Skillshelf trusts in its data folder: only folders and files that belong to the user running it and that no
// other user may write. A journal, backup record or lock planted by someone else could name any folder to move or
// delete, so it is refused before it is read (the shapes of the paths it may name are in data-paths.ts).
import { constants, type Stats } from "node:fs";
import { lstat, mkdir, open } from "node:fs/promises";
import path from "node:path";
import { parseJsonWithinLimits } from "../fs/json-limits";
import { writeFileAtomic, type WriteOptions } from "../fs/write";
import { EngineError } from "../errors";

const isWindows = process.platform === "win32";

/** Why an lstat'ed entry of the data folder is not trusted (a link, another user's, writable by others), or null. */
export function untrustedReason(info: Stats, what: string): string | null {
  if (info.isSymbolicLink()) return `${what} is a symbolic link`;
  if (isWindows) return null;
  const uid = process.getuid?.();
  if (uid !== undefined && info.uid !== uid) return `${what} belongs to another user (uid ${info.uid}, not ${uid})`;
  if (info.mode & 0o022)
    return `${what} may be written by other users (mode ${(info.mode & 0o777).toString(8).padStart(3, "0")})`;
  return null;
}

/** Creates a folder of the data folder (mode 0700) when missing, then refuses it unless it is ours and private. */
export async function ensureTrustedDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: DATA_DIR_MODE });
  const why = untrustedReason(await lstat(dir), dir);
  if (why) throw untrustedError(why);
}

/** Checks the data folder and the given folders below it, creating them when missing; throws install.data.untrusted. */
export async function ensureTrustedData(dataDir: string, ...subdirs: string[]): Promise<void> {
  await ensureTrustedDir(dataDir);
  for (const dir of subdirs) await ensureTrustedDir(dir);
}

/** The mode of every folder Skillshelf makes in its data folder (this user alone). */
export const DATA_DIR_MODE = 0o700;
/** The mode of every file Skillshelf writes in its data folder (this user alone). */
export const DATA_FILE_MODE = 0o600;

/** Makes (0700) and checks the data folder and every folder from it down to `dir`, which must lie inside it. */
export async function ensureDataFolder(dataDir: string, dir: string): Promise<void> {
  const rel = path.relative(dataDir, dir);
  if (rel.startsWith("..") || path.isAbsolute(rel))
    throw new TypeError(`${dir} is not inside the data folder ${dataDir}`);
  const chain = [dataDir];
  for (const part of rel.split(path.sep).filter(Boolean)) chain.push(path.join(chain[chain.length - 1]!, part));
  await ensureTrustedData(dataDir, ...chain.slice(1));
}

/**
 * The one writer of the data folder's files: its folders made 0700 and checked to be ours, the file written atomically
 * with mode 0600 (whatever the caller's other options), so no record, journal or hand-off there is readable by others.
 */
export async function writeDataFile(
  dataDir: string,
  file: string,
  data: string | Uint8Array,
  options: Omit<WriteOptions, "mode"> = {},
): Promise<void> {
  await ensureDataFolder(dataDir, path.dirname(file));
  await writeFileAtomic(file, data, { ...options, mode: DATA_FILE_MODE });
}

/** writeDataFile for a JSON value (two-space indented, as every record Skillshelf writes). */
export function writeDataJson(dataDir: string, file: string, value: unknown): Promise<void> {
  return writeDataFile(dataDir, file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Why a folder of the data folder that already exists is not trusted (a missing one is fine: null). */
export async function untrustedDirReason(dir: string): Promise<string | null> {
  const info = await lstat(dir).catch(() => null);
  if (!info) return null;
  if (!info.isDirectory() && !info.isSymbolicLink()) return `${dir} is not a folder`;
  return untrustedReason(info, dir);
}

/** The refusal, as an install error with the advice. */
export function untrustedError(why: string): EngineError {
  return new EngineError(
    "install.data.untrusted",
    `Skillshelf's data folder is not safe to use: ${why}. It must belong to you and be writable by you alone; nothing was changed.`,
  );
}

/** A JSON file of the data folder, or why it was refused, as a clause about "it" (another user's, writable by others…). */
export type TrustedJson = { ok: true; value: unknown } | { ok: false; why: string; missing?: true };

/**
 * Reads a journal, record or manifest without following a link, checks on the open descriptor that it is ours and
 * private and within maxBytes, and parses it within the JSON depth limit.
 */
export async function readTrustedJson(file: string, maxBytes: number): Promise<TrustedJson> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | (isWindows ? 0 : constants.O_NOFOLLOW | constants.O_NONBLOCK));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { ok: false, why: "it does not exist", missing: true };
    return { ok: false, why: code === "ELOOP" ? "it is a symbolic link" : `it cannot be read (${code})` };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { ok: false, why: "it is not a regular file" };
    const why = untrustedReason(info, "it");
    if (why) return { ok: false, why };
    if (info.size > maxBytes) return { ok: false, why: "it is larger than any record Skillshelf writes" };
    const buffer = Buffer.alloc(info.size + 1);
    const { bytesRead } = await handle.read(buffer, 0, info.size + 1, 0);
    if (bytesRead > info.size) return { ok: false, why: "it grew while it was read" };
    const parsed = parseJsonWithinLimits(buffer.subarray(0, bytesRead).toString("utf8"), { maxBytes });
    return parsed.ok ? parsed : { ok: false, why: parsed.why.replace(/\.$/, "") };
  } finally {
    await handle.close();
  }
}
