// Moves a skill folder into Skillshelf's backups by one rename (the backup folder is on the skill's file system).
import { randomBytes } from "node:crypto";
import { renameWithRetry as rename } from "../fs/rename-retry";
import path from "node:path";
import { newBackupDir } from "../apply/backups";
import { syncPath } from "../apply/tree";

/** Renames `dir` into a fresh backup folder and returns where it went; the copy is whole or untouched. */
export async function moveToBackup(dir: string, dataDir: string): Promise<string> {
  const backup = await newBackupDir(dataDir, path.resolve(dir), randomBytes(6).toString("hex"));
  await rename(dir, backup);
  await syncPath(path.dirname(dir), true);
  return backup;
}
