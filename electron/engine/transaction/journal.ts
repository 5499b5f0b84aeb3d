// The record of a folder swap in progress, written before each step, so start-up can finish or undo an interrupted one.
import { constants } from "node:fs";
import { open, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { backupsRoot, journalRoot } from "../app-data/data-dir";
import {
  ensureTrustedData,
  readTrustedJson,
  untrustedDirReason,
  untrustedReason,
  writeDataFile,
  writeDataJson,
} from "../app-data/data-trust";
import { isBackupPath, isPlainAbsolute, stagePathOf } from "../app-data/data-paths";
import { EngineError } from "../errors";
import type { InstallManifest } from "./manifest";
import { targetKey } from "../app-data/data-paths";

/** A record of ours far larger than this is damaged, not ours to trust. */
const MAX_JOURNAL_BYTES = 1024 * 1024;

/** One swap: move `target` to `backup`, then `stage` to `target`. */
export interface SwapJournal {
  id: string;
  /** The process performing the swap: recovery leaves a swap alone while that process lives. */
  pid: number;
  op: "update" | "rollback";
  /** "staging": the stage may be incomplete; "staged": it is complete and flushed, the renames may begin. */
  step: "staging" | "staged";
  target: string;
  stage: string;
  /** True when the stage is Skillshelf's temporary copy (deleted on undo); false when it is a backup (rollback). */
  stageOwned: boolean;
  backup: string;
  createdAt: string;
  keepBackups: number;
  /** Version and manifest of the copy being replaced (they go with its backup). */
  oldVersion: string | null;
  oldManifest: InstallManifest | null;
  /** Version and manifest of the copy moved into place (null manifest: not known, e.g. a rollback to a hand-made copy). */
  newVersion: string | null;
  newManifest: InstallManifest | null;
}

/** The journal file of one swap. */
function journalFile(dataDir: string, id: string): string {
  return path.join(journalRoot(dataDir), `${id}.json`);
}

/** Writes (or rewrites) a swap's journal atomically, readable by this user alone. */
export async function writeJournal(dataDir: string, journal: SwapJournal): Promise<void> {
  await writeDataJson(dataDir, journalFile(dataDir, journal.id), journal);
}

/**
 * Why a journal's paths are not the ones Skillshelf writes, or null: the stage of an update lies beside its target,
 * every backup (and a rollback's stage) one folder below `backups/<key>` of its target. A journal whose paths differ
 * names folders Skillshelf never moved, so recovery must not move or delete them.
 */
export function journalShapeProblem(dataDir: string, journal: SwapJournal, fileName?: string): string | null {
  const j = journal as unknown as Record<string, unknown>;
  if (typeof j.id !== "string" || !/^[0-9a-f]{12}$/.test(j.id)) return "its id is not one Skillshelf makes";
  if (fileName !== undefined && fileName !== `${j.id}.json`) return "its file name does not match its id";
  if (!isPlainAbsolute(j.target) || path.dirname(j.target) === j.target)
    return "its folder is not a plain absolute path";
  if (j.op !== "update" && j.op !== "rollback") return "its operation is unknown";
  if (j.step !== "staging" && j.step !== "staged") return "its step is unknown";
  if (!Number.isInteger(j.pid) || !Number.isInteger(j.keepBackups) || (j.keepBackups as number) < 1)
    return "its process id or backup count is not a whole number";
  const backups = backupsRoot(dataDir);
  if (!isBackupPath(backups, j.target, j.backup)) return "its backup is not where Skillshelf keeps backups";
  if (j.op === "update" && (j.stageOwned !== true || j.stage !== stagePathOf(j.target, j.id)))
    return "its staged copy is not beside the folder";
  if (j.op === "rollback" && (j.stageOwned !== false || !isBackupPath(backups, j.target, j.stage)))
    return "the copy it rolls back to is not where Skillshelf keeps backups";
  return null;
}

/** Deletes a finished swap's journal. */
export async function removeJournal(dataDir: string, id: string): Promise<void> {
  await rm(journalFile(dataDir, id), { force: true });
}

/** A temp file of the one writer: `.<name>.<pid>.<random>.tmp` (older writers left no pid). */
const WRITER_TEMP = /^\..*?(?:\.(\d+))?\.[0-9a-f]{16}\.tmp$/;

/**
 * Removes temporary files a crash left in the journal folder mid-write (the journal they were replacing still counts);
 * a temp whose writer still runs (another update going on right now) is left alone.
 */
export async function removeTornJournalWrites(dataDir: string): Promise<void> {
  const dir = journalRoot(dataDir);
  if ((await untrustedDirReason(dataDir)) ?? (await untrustedDirReason(dir))) return;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const temp = WRITER_TEMP.exec(name);
    if (temp && !(temp[1] && processAlive(Number(temp[1])))) await rm(path.join(dir, name), { force: true });
  }
}

/** One journal file found in the data folder: the journal, or null with why it is not used. */
export interface FoundJournal {
  file: string;
  journal: SwapJournal | null;
  why?: string;
}

/**
 * Every journal left in the data folder. A journal is used only when the data folder, the journal folder and the file
 * belong to this user and no one else may write them, and when its paths have the shape Skillshelf gives them;
 * others come back with `journal: null` and the reason (never thrown).
 */
export async function readJournals(dataDir: string): Promise<FoundJournal[]> {
  const dir = journalRoot(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const jsons = names.filter((n) => n.endsWith(".json")).sort();
  if (jsons.length === 0) return [];
  const folderWhy = (await untrustedDirReason(dataDir)) ?? (await untrustedDirReason(dir));
  if (folderWhy) return [{ file: dir, journal: null, why: folderWhy }];
  const out: FoundJournal[] = [];
  for (const name of jsons) {
    const file = path.join(dir, name);
    const read = await readTrustedJson(file, MAX_JOURNAL_BYTES);
    if (!read.ok) {
      if (!read.missing) out.push({ file, journal: null, why: read.why });
      continue;
    }
    const value = read.value as SwapJournal;
    const shape = value && typeof value === "object" ? journalShapeProblem(dataDir, value, name) : "it is not a record";
    out.push(shape ? { file, journal: null, why: shape } : { file, journal: value });
  }
  return out;
}

/** True while a process with that id exists (EPERM: it exists but belongs to another user). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A lock younger than this with no process id yet is being written by its owner. */
const FRESH_LOCK_MS = 10_000;

function lockFile(dataDir: string, target: string): string {
  return path.join(journalRoot(dataDir), `${targetKey(target)}.lock`);
}

/** The process id a lock holds, read without following a link and only from a lock of ours (else "foreign"). */
async function lockOwner(file: string): Promise<number | "foreign" | null> {
  let handle;
  try {
    handle = await open(
      file,
      constants.O_RDONLY | (process.platform === "win32" ? 0 : constants.O_NOFOLLOW | constants.O_NONBLOCK),
    );
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? null : "foreign";
  }
  try {
    const info = await handle.stat();
    if (!info.isFile() || untrustedReason(info, file)) return "foreign";
    const buffer = Buffer.alloc(32);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const pid = Number(buffer.subarray(0, bytesRead).toString("utf8").trim());
    if (pid) return pid;
    return Date.now() - info.mtimeMs > FRESH_LOCK_MS ? null : 0;
  } finally {
    await handle.close();
  }
}

/** True when a lock of ours was left by a process that is gone (or was never written); another user's lock never is. */
async function lockIsStale(file: string): Promise<boolean> {
  const owner = await lockOwner(file);
  if (owner === "foreign") return false;
  return owner === null || (owner > 0 && !processAlive(owner));
}

/** A lock's temp file left by older versions: `.<lock>.<pid>.<random>.lock-tmp` (the writer's temps end in `.tmp`). */
const LOCK_TEMP = /^\.(.+)\.(\d+)\.[0-9a-f]+\.lock-tmp$/;

/**
 * Creates the lock file holding this process's id in one step: the writer publishes a complete file and never replaces
 * one (`overwrite: false`), so a crash can never leave a lock without its owner's id — an empty lock would refuse every
 * update of the folder until it aged. A crash's temp file is removed by `removeTornJournalWrites`.
 */
async function createLock(dataDir: string, file: string): Promise<void> {
  await writeDataFile(dataDir, file, String(process.pid), { overwrite: false });
}

/** Takes the one lock per folder (two updates of one folder never run at once); returns its release. */
export async function lockTarget(dataDir: string, target: string): Promise<() => Promise<void>> {
  const file = lockFile(dataDir, target);
  await ensureTrustedData(dataDir, journalRoot(dataDir));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await createLock(dataDir, file);
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (!(await lockIsStale(file))) break;
      await rm(file, { force: true });
    }
  }
  throw new EngineError(
    "install.busy",
    `Another update or rollback of ${target} is running; try again when it has finished.`,
  );
}

/** Removes locks, and the temp files locks are made from, whose process is gone (a killed run). */
export async function removeStaleLocks(dataDir: string): Promise<void> {
  const dir = journalRoot(dataDir);
  if ((await untrustedDirReason(dataDir)) ?? (await untrustedDirReason(dir))) return;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const temp = LOCK_TEMP.exec(name);
    if (
      (name.endsWith(".lock") && (await lockIsStale(path.join(dir, name)))) ||
      (temp && !processAlive(Number(temp[2])))
    )
      await rm(path.join(dir, name), { force: true });
  }
}
