// After a content update of a skill the `skills` installer installed, its lock entry records the new folder hash the
// way the installer does (skillFolderHash, and updatedAt when the entry has one), so `npx skills` and Skillshelf agree.
// Only that entry's fields change: the file is parsed, one entry changed, and written back with the same indentation
// and line ending through the one file writer.
import { stat } from "node:fs/promises";
import { parseJsonWithinLimits } from "../fs/json-limits";
import { readTextFile } from "../fs/safe-fs";
import { writeFileAtomic } from "../fs/write";

/** Lock files past this size are not rewritten (the installer's lock is a few KiB per hundred skills). */
const MAX_LOCK_BYTES = 8 * 1024 * 1024;

/** Whether the entry was updated, or why not (a sentence for people). */
export type LockHashResult = { ok: true; file: string } | { ok: false; reason: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The indentation the file uses (its first indented line), two spaces when it has none. */
function indentOf(text: string): string | number {
  const match = /\n([ \t]+)["}\]]/.exec(text);
  return match ? match[1]! : 2;
}

/**
 * Sets `skills[NAME].skillFolderHash` (and `updatedAt`, when present) in the lock file, NAME the first of `names` the
 * lock has (the installer keys entries by folder name); never throws.
 */
export async function recordLockHash(
  file: string,
  names: string[],
  hash: string,
  now: Date = new Date(),
): Promise<LockHashResult> {
  try {
    return await rewriteLockEntry(file, names, hash, now);
  } catch (error) {
    return {
      ok: false,
      reason: `The installer's lock file ${file} was left as it is (${(error as Error).message}); its hash for "${names[0] ?? ""}" is the old one.`,
    };
  }
}

async function rewriteLockEntry(file: string, names: string[], hash: string, now: Date): Promise<LockHashResult> {
  const name = names[0] ?? "";
  const read = await readTextFile(file, { maxBytes: MAX_LOCK_BYTES });
  if (!read.ok)
    return {
      ok: false,
      reason: `The installer's lock file ${file} could not be read (${read.message}), so its hash for "${name}" was not updated.`,
    };
  const parsed = parseJsonWithinLimits(read.text);
  if (!parsed.ok) return { ok: false, reason: `The installer's lock file ${file} was left as it is: ${parsed.why}` };
  const lock = parsed.value;
  const skills = isObject(lock) && isObject(lock.skills) ? lock.skills : {};
  const key = names.find((n) => Object.hasOwn(skills, n) && isObject(skills[n]));
  const entry = key === undefined ? undefined : skills[key];
  if (!isObject(entry))
    return {
      ok: false,
      reason: `The installer's lock file ${file} has no entry for "${name}" any more, so it was left as it is.`,
    };
  entry.skillFolderHash = hash;
  if ("updatedAt" in entry) entry.updatedAt = now.toISOString();
  const eol = read.text.includes("\r\n") ? "\r\n" : "\n";
  let text = JSON.stringify(lock, null, indentOf(read.text));
  if (eol === "\r\n") text = text.replace(/\n/g, "\r\n");
  if (/\r?\n$/.test(read.text)) text += eol;
  try {
    const mode = (await stat(file)).mode & 0o777;
    await writeFileAtomic(file, (read.bom ? "\uFEFF" : "") + text, { mode });
    return { ok: true, file };
  } catch (error) {
    return {
      ok: false,
      reason: `The installer's lock file ${file} could not be written (${(error as Error).message}); its hash for "${name}" is the old one, so it may report this skill as changed.`,
    };
  }
}
