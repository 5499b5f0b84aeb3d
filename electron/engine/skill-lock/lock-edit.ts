// Changes to the `skills` installer's lock (~/.agents/.skill-lock.json) that touch only one entry's text, and a second
// writer's change made between our read and our rename is not lost: the file is compared just before the rename and
// the edit is made again on what is there now. The API later commands (add, remove) build on.
import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { parseJsonWithinLimits } from "../fs/json-limits";
import { readTextFile } from "../fs/safe-fs";
import { writeFileAtomic } from "../fs/write";
import { removeMember, setMember } from "./json-text";

/** The lock format the installer reads and writes; it discards a lock of a lower version. */
export const LOCK_VERSION = 3;
/** Lock files past this size are not edited (the installer's lock is a few KiB per hundred skills). */
export const MAX_LOCK_BYTES = 8 * 1024 * 1024;
/** Tries when other writers keep changing the file between our read and our rename. */
const ATTEMPTS = 5;

/** Whether the lock was written (changed: false when it already said so), or why not (a sentence for people). */
export type LockEditResult = { ok: true; file: string; changed: boolean } | { ok: false; reason: string };

/** One lock entry as the installer writes it (source, sourceType, sourceUrl, skillPath, skillFolderHash, dates, …). */
export type LockEntry = Record<string, unknown>;

/** The lock as read for an edit: its text (no BOM), whether it had a BOM, and its parsed `skills` object. */
interface LockText {
  text: string;
  bom: boolean;
  skills: Record<string, unknown>;
}

/** How an edit changes the text, given what the lock holds now: the new text, or why it cannot be made. */
type Edit = (lock: LockText) => { text: string } | { reason: string };

class ChangedUnderUs extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

async function readLock(file: string): Promise<LockText | { missing: true } | { reason: string }> {
  const read = await readTextFile(file, { maxBytes: MAX_LOCK_BYTES });
  if (!read.ok)
    return read.reason === "not-found" ? { missing: true } : { reason: `it could not be read (${read.message})` };
  const json = parseJsonWithinLimits(read.text);
  if (!json.ok) return { reason: json.why.replace(/\.$/, "") };
  if (!isObject(json.value) || !isObject(json.value.skills)) return { reason: 'it has no "skills" object' };
  const version = json.value.version;
  if (typeof version !== "number" || version < LOCK_VERSION)
    return { reason: `it is of version ${String(version)}, which the installer ignores (it needs ${LOCK_VERSION})` };
  return { text: read.text, bom: read.bom, skills: json.value.skills };
}

/** A new lock as the installer starts one, holding `skills`. */
function newLockText(skills: Record<string, LockEntry>): string {
  return JSON.stringify({ version: LOCK_VERSION, skills, dismissed: {} }, null, 2);
}

/**
 * Test seam: runs after each read of the lock, so a test can be the other writer at the worst moment.
 * Exported for tests: they set afterRead.
 */
export const lockEditHooks: { afterRead?: (file: string) => Promise<void> } = {};

/** Edits of one lock in this process, one after another (other processes are caught by the compare before rename). */
const queues = new Map<string, Promise<unknown>>();

/** Runs `work` after the edits of `file` already queued in this process. */
function queued<T>(file: string, work: () => Promise<T>): Promise<T> {
  const key = path.resolve(file);
  const run = (queues.get(key) ?? Promise.resolve()).then(work, work);
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

/** Reads, edits and writes the lock, again on what is there now when another writer changed it before the rename. */
function editLock(file: string, edit: Edit, create?: () => string): Promise<LockEditResult> {
  return queued(file, () => editOnce(file, edit, create));
}

async function editOnce(file: string, edit: Edit, create?: () => string): Promise<LockEditResult> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const lock = await readLock(file);
    await lockEditHooks.afterRead?.(file);
    if ("reason" in lock)
      return { ok: false, reason: `The installer's lock file ${file} was left as it is: ${lock.reason}.` };
    let next: string;
    let before: string | null = null;
    if ("missing" in lock) {
      if (!create) return { ok: false, reason: `The installer's lock file ${file} does not exist.` };
      next = create();
    } else {
      const edited = edit(lock);
      if ("reason" in edited)
        return { ok: false, reason: `The installer's lock file ${file} was left as it is: ${edited.reason}` };
      if (edited.text === lock.text) return { ok: true, file, changed: false };
      next = (lock.bom ? "\uFEFF" : "") + edited.text;
      before = (lock.bom ? "\uFEFF" : "") + lock.text;
    }
    try {
      const mode = before === null ? 0o644 : (await stat(file)).mode & 0o777;
      if (before === null) await mkdir(path.dirname(file), { recursive: true });
      await writeFileAtomic(file, next, { mode, beforeRename: () => unchangedSince(file, before) });
      return { ok: true, file, changed: true };
    } catch (error) {
      if (error instanceof ChangedUnderUs) continue;
      return {
        ok: false,
        reason: `The installer's lock file ${file} could not be written (${(error as Error).message}).`,
      };
    }
  }
  return { ok: false, reason: `The installer's lock file ${file} kept changing while it was edited; try again.` };
}

/** Throws ChangedUnderUs when the file's text is no longer `before` (null: the file did not exist). */
async function unchangedSince(file: string, before: string | null): Promise<void> {
  const now = await readTextFile(file, { maxBytes: MAX_LOCK_BYTES });
  const text = now.ok ? (now.bom ? "\uFEFF" : "") + now.text : null;
  if (before === null ? now.ok || now.reason !== "not-found" : text !== before) throw new ChangedUnderUs();
}

/** Adds or replaces the entry `name` (the installer's key, the skill's folder name); the other entries' text is kept. */
export function upsertLockEntry(lockPath: string, name: string, entry: LockEntry): Promise<LockEditResult> {
  return editLock(
    lockPath,
    (lock) => {
      const text = setMember(lock.text, ["skills"], name, entry);
      return text === null ? { reason: 'its "skills" object could not be found.' } : { text };
    },
    () => newLockText({ [name]: entry }),
  );
}

/** Removes the entry `name` (every duplicate of it); a lock without it is left unchanged. */
export function removeLockEntry(lockPath: string, name: string): Promise<LockEditResult> {
  return editLock(lockPath, (lock) => {
    if (!Object.hasOwn(lock.skills, name)) return { text: lock.text };
    const text = removeMember(lock.text, ["skills"], name);
    return text === null ? { reason: 'its "skills" object could not be found.' } : { text };
  });
}

/**
 * Sets some fields of an existing entry, each in place (skillFolderHash after an update, …): the entry is the first of
 * `names` the lock has, and `fields` picks what to set from what it holds (e.g. updatedAt only where there is one).
 */
export function updateLockEntryFields(
  lockPath: string,
  names: string | readonly string[],
  fields: (entry: Record<string, unknown>) => Record<string, unknown>,
): Promise<LockEditResult> {
  const candidates = typeof names === "string" ? [names] : names;
  return editLock(lockPath, (lock) => {
    const name = candidates.find((n) => Object.hasOwn(lock.skills, n) && isObject(lock.skills[n]));
    if (name === undefined) return { reason: `it has no entry for "${candidates[0] ?? ""}" any more.` };
    let text: string | null = lock.text;
    for (const [key, value] of Object.entries(fields(lock.skills[name] as Record<string, unknown>))) {
      text = setMember(text, ["skills", name], key, value);
      if (text === null) return { reason: `its entry for "${name}" could not be found.` };
    }
    return { text };
  });
}
