// The copies an update or a rollback replaced, per installed folder: where they are, which version each held, and
// the manifest of the release each held; the newest N are kept.
import { randomBytes } from "node:crypto";
import { lstat, mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { renameWithRetry as rename } from "../fs/rename-retry";
import { backupsRoot } from "../app-data/data-dir";
import {
  ensureTrustedData,
  readTrustedJson,
  untrustedDirReason,
  untrustedError,
  untrustedReason,
  writeDataJson,
} from "../app-data/data-trust";
import { isBackupPath, isPlainAbsolute } from "../app-data/data-paths";
import type { InstallManifest } from "./manifest";
import { targetKey } from "../app-data/data-paths";

/** A record of ours far larger than this is damaged, not ours to trust. */
const MAX_RECORD_BYTES = 1024 * 1024;

/** Backups kept per folder unless the caller says otherwise. */
export const DEFAULT_KEEP_BACKUPS = 3;

/** One kept copy. */
export interface BackupEntry {
  dir: string;
  createdAt: string;
  version: string | null;
  /** The manifest of the release this copy held, when Skillshelf installed it. */
  manifest: InstallManifest | null;
}

interface BackupRecord {
  target: string;
  backups: BackupEntry[];
}

function recordFile(dataDir: string, realDir: string): string {
  return path.join(backupsRoot(dataDir), `${targetKey(realDir)}.json`);
}

/**
 * One record file as written by recordBackup, or null when it is missing, too large, not a record, or not ours (the
 * data folder, the backups folder or the file belongs to another user or may be written by others). Entries whose
 * folder is not where Skillshelf keeps backups of the record's target are dropped.
 */
async function readRecordFile(dataDir: string, file: string): Promise<BackupRecord | null> {
  const root = backupsRoot(dataDir);
  if ((await untrustedDirReason(dataDir)) ?? (await untrustedDirReason(root))) return null;
  const read = await readTrustedJson(file, MAX_RECORD_BYTES);
  if (!read.ok) return null;
  const value = read.value as BackupRecord | null;
  if (!value || !isPlainAbsolute(value.target) || !Array.isArray(value.backups)) return null;
  if (path.basename(file) !== `${targetKey(value.target)}.json`) return null;
  const backups = value.backups.filter(
    (b) => b && typeof b === "object" && isBackupPath(root, value.target, b.dir) && typeof b.createdAt === "string",
  );
  return { target: value.target, backups };
}

async function readRecord(dataDir: string, realDir: string): Promise<BackupRecord> {
  const record = await readRecordFile(dataDir, recordFile(dataDir, realDir));
  return record?.target === realDir ? record : { target: realDir, backups: [] };
}

/** Most backup records read for the history list; past it the list says so. */
export const MAX_HISTORY_RECORDS = 2_000;

/** The installed folders that have kept copies (from the backup records), for a history across the catalog. */
export async function foldersWithBackups(dataDir: string): Promise<{ targets: string[]; capped: boolean }> {
  const names = (await readdir(backupsRoot(dataDir)).catch(() => [] as string[]))
    .filter((n) => n.endsWith(".json"))
    .sort();
  const targets: string[] = [];
  for (const name of names.slice(0, MAX_HISTORY_RECORDS)) {
    const record = await readRecordFile(dataDir, path.join(backupsRoot(dataDir), name));
    if (record && record.backups.length > 0) targets.push(record.target);
  }
  return { targets, capped: names.length > MAX_HISTORY_RECORDS };
}

/**
 * The folder for a new backup of realDir: under the data folder when it is on the same file system as the skill's
 * parent (so the move is a rename), else in a hidden `.skillshelf-backups` folder beside the skill.
 */
export async function newBackupDir(dataDir: string, realDir: string, id: string): Promise<string> {
  const parent = path.dirname(realDir);
  const dataBackups = backupsRoot(dataDir);
  await ensureTrustedData(dataDir, dataBackups);
  const [a, b] = await Promise.all([stat(dataBackups), stat(parent)]);
  const base = a.dev === b.dev ? dataBackups : path.join(parent, ".skillshelf-backups");
  const holder = path.join(base, targetKey(realDir));
  await mkdir(holder, { recursive: true, mode: 0o700 });
  // Beside the skill, another user may have made `.skillshelf-backups` first (or a link by that name): never use theirs.
  for (const dir of [base, holder]) {
    const why = untrustedReason(await lstat(dir), dir);
    if (why) throw untrustedError(why);
  }
  return path.join(holder, `${new Date().toISOString().replace(/[:.]/g, "-")}-${id}`);
}

/** The kept copies of realDir that still exist, newest first. */
export async function listBackups(realDir: string, dataDir: string): Promise<BackupEntry[]> {
  const record = await readRecord(dataDir, realDir);
  const present: BackupEntry[] = [];
  for (const entry of record.backups)
    if (
      await lstat(entry.dir).then(
        (s) => s.isDirectory(),
        () => false,
      )
    )
      present.push(entry);
  return present.reverse();
}

/** Adds a backup to the record (idempotent: recovery may add it again) and drops all but the newest `keep`. */
export async function recordBackup(dataDir: string, realDir: string, entry: BackupEntry, keep: number): Promise<void> {
  const record = await readRecord(dataDir, realDir);
  if (!record.backups.some((b) => b.dir === entry.dir)) record.backups.push(entry);
  const dropped = record.backups.length > keep ? record.backups.slice(0, record.backups.length - keep) : [];
  record.backups = record.backups.slice(dropped.length);
  await writeDataJson(dataDir, recordFile(dataDir, realDir), record);
  for (const old of dropped) {
    // Checked again right before the delete: the folder holding it must still be a real folder of ours.
    if (!(await isOurBackupHolder(dataDir, realDir, old.dir))) continue;
    const doomed = path.join(path.dirname(old.dir), `.pruning-${randomBytes(4).toString("hex")}`);
    if (
      await rename(old.dir, doomed).then(
        () => true,
        () => false,
      )
    )
      await rm(doomed, { recursive: true, force: true });
  }
}

/** Removes a backup from the record (it was moved back into place by a rollback). */
export async function forgetBackup(dataDir: string, realDir: string, dir: string): Promise<void> {
  const record = await readRecord(dataDir, realDir);
  const backups = record.backups.filter((b) => b.dir !== dir);
  if (backups.length !== record.backups.length)
    await writeDataJson(dataDir, recordFile(dataDir, realDir), { ...record, backups });
}

/** True when dir has the shape of a backup of realDir and the folder holding it is a real folder of this user. */
export async function isOurBackupHolder(dataDir: string, realDir: string, dir: string): Promise<boolean> {
  if (!isBackupPath(backupsRoot(dataDir), realDir, dir)) return false;
  const holder = await lstat(path.dirname(dir)).catch(() => null);
  return holder !== null && holder.isDirectory() && untrustedReason(holder, "") === null;
}
