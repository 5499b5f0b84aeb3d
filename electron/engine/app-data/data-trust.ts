// What Skillshelf trusts in its data folder: only folders and files that belong to the user running it and that no
// other user may write. A journal, backup record or lock planted by someone else could name any folder to move or
// delete, so it is refused before it is read (the shapes of the paths it may name are in data-paths.ts).
import { constants, type Stats } from "node:fs";
import { lstat, mkdir, open } from "node:fs/promises";
import { parseJsonWithinLimits } from "../fs/json-limits";
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
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const why = untrustedReason(await lstat(dir), dir);
  if (why) throw untrustedError(why);
}

/** Checks the data folder and the given folders below it, creating them when missing; throws install.data.untrusted. */
export async function ensureTrustedData(dataDir: string, ...subdirs: string[]): Promise<void> {
  await ensureTrustedDir(dataDir);
  for (const dir of subdirs) await ensureTrustedDir(dir);
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
