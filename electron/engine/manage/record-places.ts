// The one rule a record read back (a removal record, an add journal) is held to before Skillshelf acts on its word:
// every place it names is a skill folder in a client folder of its scope, every backup lies where Skillshelf keeps
// backups, and each place is checked again right before it is used (its folder may have become a link meanwhile).
import { lstat } from "node:fs/promises";
import path from "node:path";
import { backupsRoot } from "../app-data/data-dir";
import { isBackupPath } from "../app-data/data-paths";
import { EngineError } from "../errors";
import { installerSkillFolders } from "../skill-lock/agent-folders";
import { CLIENT_IDS, checkClientFolder, clientPlace, type Scope } from "./clients";

/** Every folder of this scope Skillshelf writes skills into: the clients' and, in the home, the installer's. */
export function scopeFolders(scope: Scope): string[] {
  const dirs = CLIENT_IDS.map((id) => clientPlace(id, scope).dir).filter((d): d is string => !!d);
  if (!scope.project) dirs.push(...installerSkillFolders(scope.home, scope.env));
  return [...new Set(dirs.map((d) => path.resolve(d)))];
}

/** Checks, right before it is used, that a recorded place's folder is still this user's and its backup still a kept copy. */
export async function checkBeforeRestore(
  item: { path: string; backup?: string | undefined },
  scope: Scope,
  dataDir: string,
): Promise<void> {
  await checkClientFolder(path.dirname(item.path), scope);
  if (!item.backup) return;
  const info = await lstat(item.backup).catch(() => null);
  if (!info?.isDirectory() || !isBackupPath(backupsRoot(dataDir), item.path, item.backup))
    throw new EngineError(
      "install.rollback.none",
      `The kept copy of ${item.path} is no longer at ${item.backup}, so nothing was put back.`,
    );
}
