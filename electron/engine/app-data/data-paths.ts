// The shapes of the paths a journal or backup record may name: a swap's stage beside its target, every backup one
// folder below `backups/<key>` (in the data folder, or `.skillshelf-backups` beside the skill). A path of another shape
// is not one Skillshelf made, so it is never moved or deleted on a record's word.
import { createHash } from "node:crypto";
import path from "node:path";

/** A stable, file-name-safe key for one installed folder: its name plus a hash of its real path. */
export function targetKey(realDir: string): string {
  const name =
    path
      .basename(realDir)
      .replace(/[^\w.-]/g, "_")
      .slice(0, 64) || "skill";
  return `${name}-${createHash("sha256").update(realDir).digest("hex").slice(0, 12)}`;
}

/** The two places a backup of realDir may live: the data folder's backups, or `.skillshelf-backups` beside the skill. */
export function backupHolders(backupsRoot: string, realDir: string): string[] {
  const key = targetKey(realDir);
  return [path.join(backupsRoot, key), path.join(path.dirname(realDir), ".skillshelf-backups", key)];
}

/** A plain absolute path with nothing to normalise away. */
export function isPlainAbsolute(p: unknown): p is string {
  return typeof p === "string" && p.length < 4096 && !p.includes("\0") && path.isAbsolute(p) && path.resolve(p) === p;
}

/** True when dir is one folder below one of the backup holders of realDir (the only place a backup may be). */
export function isBackupPath(backupsRoot: string, realDir: string, dir: unknown): dir is string {
  if (!isPlainAbsolute(dir) || !isPlainAbsolute(realDir)) return false;
  const name = path.basename(dir);
  return (
    /^[\w.-]+$/.test(name) && !name.startsWith(".") && backupHolders(backupsRoot, realDir).includes(path.dirname(dir))
  );
}

/** The staging folder of an update of target: beside it, named after it and the swap's id. */
export function stagePathOf(target: string, id: string): string {
  return path.join(path.dirname(target), `.skillshelf-staging-${path.basename(target)}-${id}`);
}
