// The record of a folder swap in progress, written before each step, so start-up can finish or undo an interrupted one.
import { randomBytes } from "node:crypto";
import { link, mkdir, open, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { writeJsonAtomic } from "../fs/write";
import { journalRoot } from "./data-dir";
import { InstallError } from "./errors";
import { targetKey, type InstallManifest } from "./manifest";
import { readJsonFileWithinLimits } from "../fs/json-limits";

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

/** Writes (or rewrites) a swap's journal atomically. */
export async function writeJournal(dataDir: string, journal: SwapJournal): Promise<void> {
  await mkdir(journalRoot(dataDir), { recursive: true });
  await writeJsonAtomic(journalFile(dataDir, journal.id), journal);
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
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const temp = WRITER_TEMP.exec(name);
    if (temp && !(temp[1] && processAlive(Number(temp[1])))) await rm(path.join(dir, name), { force: true });
  }
}

/** Every journal left in the data folder (unreadable ones are reported with their file, not thrown). */
export async function readJournals(dataDir: string): Promise<Array<{ file: string; journal: SwapJournal | null }>> {
  const dir = journalRoot(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const out: Array<{ file: string; journal: SwapJournal | null }> = [];
  for (const name of names.filter((n) => n.endsWith(".json")).sort()) {
    const file = path.join(dir, name);
    try {
      const value = (await readJsonFileWithinLimits(file, MAX_JOURNAL_BYTES)) as SwapJournal;
      out.push({
        file,
        journal:
          value &&
          typeof value.target === "string" &&
          typeof value.stage === "string" &&
          typeof value.backup === "string"
            ? value
            : null,
      });
    } catch {
      out.push({ file, journal: null });
    }
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

async function lockIsStale(file: string): Promise<boolean> {
  const pid = Number((await readFile(file, "utf8").catch(() => "")).trim());
  if (pid) return !processAlive(pid);
  const info = await stat(file).catch(() => null);
  return !info || Date.now() - info.mtimeMs > FRESH_LOCK_MS;
}

/** A lock's temp file: `.<lock>.<pid>.<random>.lock-tmp` (the pid tells whether its writer still runs). */
const LOCK_TEMP = /^\.(.+)\.(\d+)\.[0-9a-f]+\.lock-tmp$/;

/**
 * Creates the lock file holding this process's id in one step: the id is written to a temp file that is then hard-linked
 * to the lock's name (which fails if the lock exists), so a crash can never leave a lock without its owner's id — an
 * empty lock would refuse every update of the folder until it aged. Where hard links are not supported (FAT, some
 * network and FUSE file systems), the lock is created and then written.
 */
async function createLock(file: string): Promise<void> {
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${randomBytes(8).toString("hex")}.lock-tmp`,
  );
  await writeFile(temp, String(process.pid), { flag: "wx", mode: 0o600 });
  try {
    await link(temp, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") throw error;
    const handle = await open(file, "wx", 0o600);
    await handle.writeFile(String(process.pid));
    await handle.close();
  } finally {
    await rm(temp, { force: true });
  }
}

/** Takes the one lock per folder (two updates of one folder never run at once); returns its release. */
export async function lockTarget(dataDir: string, target: string): Promise<() => Promise<void>> {
  const file = lockFile(dataDir, target);
  await mkdir(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await createLock(file);
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (!(await lockIsStale(file))) break;
      await rm(file, { force: true });
    }
  }
  throw new InstallError(
    "install.busy",
    `Another update or rollback of ${target} is running; try again when it has finished.`,
  );
}

/** Removes locks, and the temp files locks are made from, whose process is gone (a killed run). */
export async function removeStaleLocks(dataDir: string): Promise<void> {
  const dir = journalRoot(dataDir);
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const temp = LOCK_TEMP.exec(name);
    if (
      (name.endsWith(".lock") && (await lockIsStale(path.join(dir, name)))) ||
      (temp && !processAlive(Number(temp[2])))
    )
      await rm(path.join(dir, name), { force: true });
  }
}
