// Moves a skill folder into Skillshelf's backups by one rename (the backup folder is on the skill's file system).
import { randomBytes } from "node:crypto";
import { renameWithRetry as rename } from "../fs/rename-retry";
import path from "node:path";
import { newBackupDir } from "../transaction/backups";
import { syncPath } from "../transaction/tree";

/** Renames `dir` into a fresh backup folder (or the one given, named by newBackupDir) and returns where it went. */
export async function moveToBackup(dir: string, dataDir: string, given?: string): Promise<string> {
  const backup = given ?? (await newBackupDir(dataDir, path.resolve(dir), randomBytes(6).toString("hex")));
  await rename(dir, backup);
  await syncPath(path.dirname(dir), true);
  return backup;
}
