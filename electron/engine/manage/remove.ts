// `remove`: every copy and link of one skill in the chosen clients' folders (and, in the home, every folder the
// `skills` installer writes to) plus its lock entry — shown first, then moved into the backups with a record of what
// went where, so restoreRemoved() (`skillshelf rollback NAME`, Undo in the app) puts all of it back.
import { randomBytes } from "node:crypto";
import { lstat, mkdir, readdir, readlink, rm, unlink } from "node:fs/promises";
import path from "node:path";
import { renameWithRetry as rename } from "../fs/rename-retry";
import { backupsRoot } from "../app-data/data-dir";
import { isBackupPath, isPlainAbsolute } from "../app-data/data-paths";
import { readTrustedJson, untrustedDirReason, untrustedError, writeDataJson } from "../app-data/data-trust";
import { EngineError } from "../errors";
import { syncPath } from "../transaction/tree";
import { readJsonFileWithinLimits } from "../fs/json-limits";
import { createSymlink as symlink } from "../fs/write";
import { installerSkillFolders } from "../skill-lock/agent-folders";
import { MAX_LOCK_BYTES, removeLockEntry, upsertLockEntry } from "../skill-lock/lock-edit";
import { moveToBackup } from "./backup-move";
import { CLIENT_IDS, checkClientFolder, clientPlace, lockFileOf, type ClientId, type Scope } from "./clients";
import { checkBeforeRestore, scopeFolders } from "./record-places";

/** One thing remove takes away. */
export type Removal =
  | { kind: "copy"; path: string; clients: ClientId[]; backup?: string }
  | { kind: "link"; path: string; target: string; clients: ClientId[] };

/** What remove found (and, applied, did); the record restoreRemoved reads. */
export interface RemovePlan {
  name: string;
  items: Removal[];
  lock: { file: string; entry: Record<string, unknown> } | null;
  /** Claude Desktop keeps its own copies: the steps to remove one there (Skillshelf never writes into its tree). */
  desktopSteps: string[];
  id: string;
  removedAt?: string;
  /** The project whose folders it was removed from (absent: the home's). */
  project?: string;
}

/** Options of planRemove and removeSkill. */
export interface RemoveOptions extends Scope {
  dataDir: string;
  /** Only these clients' folders (default: every client and, in the home, every installer folder). */
  clients?: ClientId[];
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/** A removal record far larger than this is not one Skillshelf wrote. */
const MAX_REMOVAL_RECORD_BYTES = 1024 * 1024;
const removalsDir = (dataDir: string) => path.join(dataDir, "removals");
const RECORD_ID = /^\d{1,16}-[0-9a-f]{8}$/;

async function readLockEntry(file: string, name: string): Promise<Record<string, unknown> | null> {
  const lock = (await readJsonFileWithinLimits(file, MAX_LOCK_BYTES)) as { skills?: Record<string, unknown> } | null;
  const entry = lock?.skills?.[name];
  return entry && typeof entry === "object" && !Array.isArray(entry) ? (entry as Record<string, unknown>) : null;
}

/** Finds every copy and link of `name` (nothing is changed). */
export async function planRemove(name: string, options: RemoveOptions): Promise<RemovePlan> {
  if (!SAFE_NAME.test(name))
    throw new EngineError("manage.not-installed", `"${name.slice(0, 100)}" is not a skill name.`);
  const clients = options.clients?.length ? options.clients : CLIENT_IDS;
  const folders = new Map<string, ClientId[]>();
  for (const id of clients) {
    const dir = clientPlace(id, options).dir;
    if (dir) folders.set(dir, [...(folders.get(dir) ?? []), id]);
  }
  if (!options.clients?.length && !options.project)
    for (const dir of installerSkillFolders(options.home, options.env)) if (!folders.has(dir)) folders.set(dir, []);
  const items: Removal[] = [];
  for (const [dir, ids] of folders) {
    const at = path.join(dir, name);
    const info = await lstat(at).catch(() => null);
    if (!info) continue;
    await checkClientFolder(dir, options);
    if (info.isSymbolicLink()) items.push({ kind: "link", path: at, target: await readlink(at), clients: ids });
    else if (info.isDirectory() && (await lstat(path.join(at, "SKILL.md")).catch(() => null)))
      items.push({ kind: "copy", path: at, clients: ids });
  }
  const lockFile = lockFileOf(options);
  const entry = lockFile && !options.clients?.length ? await readLockEntry(lockFile, name) : null;
  if (lockFile && entry) await checkClientFolder(path.dirname(lockFile), options);
  const desktopSteps = options.clients?.includes("claude-desktop")
    ? [
        "Open Claude Desktop, then Settings → Capabilities (Skills).",
        `Find "${name}" in the list of skills and choose Remove (or turn it off).`,
        "Skillshelf notices that it is gone on its next scan.",
      ]
    : [];
  if (!items.length && !entry && !desktopSteps.length)
    throw new EngineError(
      "manage.not-installed",
      `No copy or link of "${name}" was found in the chosen clients' folders.`,
    );
  return {
    name,
    items: items.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "link" ? -1 : 1)),
    lock: lockFile && entry ? { file: lockFile, entry } : null,
    desktopSteps,
    id: `${Date.now()}-${randomBytes(4).toString("hex")}`,
    ...(options.project ? { project: path.resolve(options.project) } : {}),
  };
}

const recordFile = (dataDir: string, plan: RemovePlan) =>
  path.join(removalsDir(dataDir), `${plan.name}.${plan.id}.json`);

/** Removes what plan lists: links first, then copies moved into the backups, then the lock entry; returns the record. */
export async function removeSkill(plan: RemovePlan, options: RemoveOptions): Promise<RemovePlan> {
  plan.removedAt = new Date().toISOString();
  const save = () => writeDataJson(options.dataDir, recordFile(options.dataDir, plan), plan);
  await save();
  for (const item of plan.items) {
    if (item.kind === "link") await unlink(item.path);
    else {
      item.backup = await moveToBackup(item.path, options.dataDir);
      await save();
    }
  }
  if (plan.lock) {
    const edit = await removeLockEntry(plan.lock.file, plan.name);
    if (!edit.ok)
      throw new EngineError(
        "install.swap.failed",
        `The copies were removed but the lock was not edited: ${edit.reason}`,
      );
  }
  return plan;
}

/** Why a removal record is not one remove wrote for this scope (so nothing is done on its word), or null. */
export function removalShapeProblem(record: unknown, fileName: string, scope: Scope, dataDir: string): string | null {
  if (typeof record !== "object" || record === null || Array.isArray(record)) return "it is not a record";
  const r = record as Record<string, unknown>;
  if (typeof r.name !== "string" || !SAFE_NAME.test(r.name)) return "its skill name is not a folder name";
  if (typeof r.id !== "string" || !RECORD_ID.test(r.id)) return "its id is not one Skillshelf makes";
  if (fileName !== `${r.name}.${r.id}.json`) return "its file name does not match its name and id";
  if (r.project !== undefined && !isPlainAbsolute(r.project)) return "its project is not a plain absolute path";
  const where: Scope = { ...scope, ...(typeof r.project === "string" ? { project: r.project } : {}) };
  const folders = scopeFolders(where);
  if (!Array.isArray(r.items) || r.items.length > 64) return "its items are not a short list";
  for (const item of r.items as Removal[]) {
    if (typeof item !== "object" || item === null) return "an item is not a record";
    if (!Array.isArray(item.clients) || !item.clients.every((c) => (CLIENT_IDS as unknown[]).includes(c)))
      return "an item names a client Skillshelf does not know";
    if (!isPlainAbsolute(item.path) || path.basename(item.path) !== r.name)
      return "an item is not a folder of the skill";
    if (!folders.includes(path.dirname(item.path))) return "an item is not in a client folder of this home";
    if (item.kind === "link") {
      if (typeof item.target !== "string" || !item.target || item.target.length > 4096 || item.target.includes("\0"))
        return "a link's target is not a path";
    } else if (item.kind === "copy") {
      if (item.backup !== undefined && !isBackupPath(backupsRoot(dataDir), item.path, item.backup))
        return "a copy's backup is not where Skillshelf keeps backups";
    } else return "an item's kind is unknown";
  }
  if (r.lock !== null && r.lock !== undefined) {
    const lock = r.lock as { file?: unknown; entry?: unknown };
    if (lock.file !== lockFileOf(where)) return "its lock file is not the installer's lock of this home";
    if (typeof lock.entry !== "object" || lock.entry === null || Array.isArray(lock.entry))
      return "its lock entry is not a record";
  }
  if (!Array.isArray(r.desktopSteps) || !r.desktopSteps.every((d) => typeof d === "string"))
    return "its Claude Desktop steps are not text";
  return null;
}

/** A removal that can be undone, or why the newest record of `name` may not be used. */
export type FoundRemoval = { file: string; plan: RemovePlan } | { refused: string } | null;

/**
 * The newest removal of `name` this user recorded for this scope. A record read back is trusted only when it is ours
 * and private (the trusted reader) and every path in it has the shape remove gives it; otherwise its refusal.
 */
export async function latestRemoval(name: string, options: Scope & { dataDir: string }): Promise<FoundRemoval> {
  if (!SAFE_NAME.test(name)) return null;
  const dir = removalsDir(options.dataDir);
  const folderWhy = (await untrustedDirReason(options.dataDir)) ?? (await untrustedDirReason(dir));
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.startsWith(`${name}.`) && f.endsWith(".json") && f.slice(name.length + 1).split(".").length === 2)
    .sort()
    .reverse();
  if (!names.length) return null;
  if (folderWhy) return { refused: folderWhy };
  const file = path.join(dir, names[0]!);
  const read = await readTrustedJson(file, MAX_REMOVAL_RECORD_BYTES);
  if (!read.ok) return { refused: `the record ${file} ${read.why}` };
  const shape = removalShapeProblem(read.value, names[0]!, options, options.dataDir);
  if (shape) return { refused: `the record ${file} was not used: ${shape}` };
  return { file, plan: read.value as RemovePlan };
}

/** Puts back the newest removal of `name`: copies renamed back, links made again, the lock entry re-added. */
export async function restoreRemoved(name: string, options: Scope & { dataDir: string }): Promise<RemovePlan> {
  const found = await latestRemoval(name, options);
  if (!found) throw new EngineError("install.rollback.none", `Skillshelf has no removal of "${name}" to undo.`);
  if ("refused" in found) throw untrustedError(found.refused);
  const { plan, file } = found;
  const scope: Scope = { ...options, ...(plan.project ? { project: plan.project } : {}) };
  for (const item of plan.items) {
    if (await lstat(item.path).catch(() => null))
      throw new EngineError(
        "manage.conflict",
        `${item.path} is there again, so the removal of "${name}" was not undone; move it away first.`,
      );
    await checkBeforeRestore(item, scope, options.dataDir);
  }
  if (plan.lock) await checkClientFolder(path.dirname(plan.lock.file), scope);
  for (const item of plan.items) {
    if (item.kind !== "copy" || !item.backup) continue;
    await checkBeforeRestore(item, scope, options.dataDir);
    await mkdir(path.dirname(item.path), { recursive: true });
    await rename(item.backup, item.path);
    await syncPath(path.dirname(item.path), true);
  }
  for (const item of plan.items) {
    if (item.kind !== "link") continue;
    await checkClientFolder(path.dirname(item.path), scope);
    await mkdir(path.dirname(item.path), { recursive: true });
    await symlink(item.target, item.path, "dir");
  }
  if (plan.lock) {
    const edit = await upsertLockEntry(plan.lock.file, name, plan.lock.entry);
    if (!edit.ok)
      throw new EngineError("install.swap.failed", `The copies are back but the lock was not edited: ${edit.reason}`);
  }
  await rm(file, { force: true });
  return plan;
}
