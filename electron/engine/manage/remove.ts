// `remove`: every copy and link of one skill in the chosen clients' folders (and, in the home, every folder the
// `skills` installer writes to) plus its lock entry — shown first, then moved into the backups with a record of what
// went where, so restoreRemoved() (`skillshelf rollback NAME`, Undo in the app) puts all of it back.
import { randomBytes } from "node:crypto";
import { lstat, mkdir, readdir, readlink, rm, unlink } from "node:fs/promises";
import path from "node:path";
import { renameWithRetry as rename } from "../fs/rename-retry";
import { InstallError } from "../apply/errors";
import { syncPath } from "../apply/tree";
import { readJsonFileWithinLimits } from "../fs/json-limits";
import { createSymlink as symlink, writeFileAtomic } from "../fs/write";
import { installerSkillFolders } from "../skill-lock/agent-folders";
import { MAX_LOCK_BYTES, removeLockEntry, upsertLockEntry } from "../skill-lock/lock-edit";
import { moveToBackup } from "./backup-move";
import { CLIENT_IDS, clientPlace, lockFileOf, type ClientId, type Scope } from "./clients";

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

async function readLockEntry(file: string, name: string): Promise<Record<string, unknown> | null> {
  const lock = (await readJsonFileWithinLimits(file, MAX_LOCK_BYTES)) as { skills?: Record<string, unknown> } | null;
  const entry = lock?.skills?.[name];
  return entry && typeof entry === "object" && !Array.isArray(entry) ? (entry as Record<string, unknown>) : null;
}

/** Finds every copy and link of `name` (nothing is changed). */
export async function planRemove(name: string, options: RemoveOptions): Promise<RemovePlan> {
  if (!SAFE_NAME.test(name))
    throw new InstallError("manage.not-installed", `"${name.slice(0, 100)}" is not a skill name.`);
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
    if (info.isSymbolicLink()) items.push({ kind: "link", path: at, target: await readlink(at), clients: ids });
    else if (info.isDirectory() && (await lstat(path.join(at, "SKILL.md")).catch(() => null)))
      items.push({ kind: "copy", path: at, clients: ids });
  }
  const lockFile = lockFileOf(options);
  const entry = lockFile && !options.clients?.length ? await readLockEntry(lockFile, name) : null;
  const desktopSteps = options.clients?.includes("claude-desktop")
    ? [
        "Open Claude Desktop, then Settings → Capabilities (Skills).",
        `Find "${name}" in the list of skills and choose Remove (or turn it off).`,
        "Skillshelf notices that it is gone on its next scan.",
      ]
    : [];
  if (!items.length && !entry && !desktopSteps.length)
    throw new InstallError(
      "manage.not-installed",
      `No copy or link of "${name}" was found in the chosen clients' folders.`,
    );
  return {
    name,
    items: items.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "link" ? -1 : 1)),
    lock: lockFile && entry ? { file: lockFile, entry } : null,
    desktopSteps,
    id: `${Date.now()}-${randomBytes(4).toString("hex")}`,
  };
}

const recordFile = (dataDir: string, plan: RemovePlan) =>
  path.join(removalsDir(dataDir), `${plan.name}.${plan.id}.json`);

/** Removes what plan lists: links first, then copies moved into the backups, then the lock entry; returns the record. */
export async function removeSkill(plan: RemovePlan, options: RemoveOptions): Promise<RemovePlan> {
  plan.removedAt = new Date().toISOString();
  await mkdir(removalsDir(options.dataDir), { recursive: true });
  const save = () => writeFileAtomic(recordFile(options.dataDir, plan), JSON.stringify(plan, null, 2));
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
      throw new InstallError(
        "install.swap.failed",
        `The copies were removed but the lock was not edited: ${edit.reason}`,
      );
  }
  return plan;
}

/** The newest removal of `name` that can still be undone, or null. */
export async function latestRemoval(name: string, dataDir: string): Promise<{ file: string; plan: RemovePlan } | null> {
  const names = (await readdir(removalsDir(dataDir)).catch(() => [] as string[]))
    .filter((f) => f.startsWith(`${name}.`) && f.endsWith(".json") && f.slice(name.length + 1).split(".").length === 2)
    .sort()
    .reverse();
  for (const f of names) {
    const file = path.join(removalsDir(dataDir), f);
    const plan = (await readJsonFileWithinLimits(file, MAX_REMOVAL_RECORD_BYTES)) as RemovePlan | null;
    if (plan?.name === name && Array.isArray(plan.items)) return { file, plan };
  }
  return null;
}

/** Puts back the newest removal of `name`: copies renamed back, links made again, the lock entry re-added. */
export async function restoreRemoved(name: string, dataDir: string): Promise<RemovePlan> {
  const found = await latestRemoval(name, dataDir);
  if (!found) throw new InstallError("install.rollback.none", `Skillshelf has no removal of "${name}" to undo.`);
  const { plan, file } = found;
  for (const item of plan.items) {
    if (await lstat(item.path).catch(() => null))
      throw new InstallError(
        "manage.conflict",
        `${item.path} is there again, so the removal of "${name}" was not undone; move it away first.`,
      );
  }
  for (const item of plan.items) {
    if (item.kind !== "copy" || !item.backup) continue;
    await mkdir(path.dirname(item.path), { recursive: true });
    await rename(item.backup, item.path);
    await syncPath(path.dirname(item.path), true);
  }
  for (const item of plan.items) {
    if (item.kind !== "link") continue;
    await mkdir(path.dirname(item.path), { recursive: true });
    await symlink(item.target, item.path, "dir");
  }
  if (plan.lock) {
    const edit = await upsertLockEntry(plan.lock.file, name, plan.lock.entry);
    if (!edit.ok)
      throw new InstallError("install.swap.failed", `The copies are back but the lock was not edited: ${edit.reason}`);
  }
  await rm(file, { force: true });
  return plan;
}
