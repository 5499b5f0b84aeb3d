// Where Skillshelf keeps what it downloads and the copies it replaced: SKILLSHELF_DATA_DIR, else the platform's app-data
// folder of the user running Skillshelf — never below `--home`, which may be another user's (whose files would then
// decide what this process moves and deletes). It takes no home on purpose, and lint keeps every other module from
// building the folder itself (eslint.config.js, dataFolderBuilt).
import { homedir } from "node:os";
import path from "node:path";

/** The data folder for an environment and platform; `userHome` is the running user's own home (injectable for tests). */
export function dataDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string {
  const home = homedir();
  if (env.SKILLSHELF_DATA_DIR) return path.resolve(env.SKILLSHELF_DATA_DIR);
  if (platform === "darwin") return path.join(home, "Library", "Application Support", "Skillshelf");
  if (platform === "win32") return path.join(env.APPDATA ?? path.join(home, "AppData", "Roaming"), "Skillshelf");
  return path.join(env.XDG_DATA_HOME || path.join(home, ".local", "share"), "skillshelf");
}

/** Downloads and unpacked archives waiting to be checked. */
export function stagingRoot(data: string): string {
  return path.join(data, "staging");
}

/** Copies replaced by an update, per skill, for rollback (when on the same file system as the skill). */
export function backupsRoot(data: string): string {
  return path.join(data, "backups");
}

/** One record per swap in progress, read at start-up to finish or undo an interrupted one. */
export function journalRoot(data: string): string {
  return path.join(data, "journal");
}

/** The file list and hashes of every copy Skillshelf installed, so later updates know which files the user added. */
export function manifestsRoot(data: string): string {
  return path.join(data, "manifests");
}
