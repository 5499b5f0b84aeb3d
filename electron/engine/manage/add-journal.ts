// The record of an add in progress, written before anything lands in a client's folder, so a crash is finished (every
// place was written: only the lock entry was left) or undone (what this add wrote is taken away, what it replaced put
// back) at the next start. Kept in its own folder of the data folder, beside the swap journal, with the same trust rules.
import { randomBytes } from "node:crypto";
import { lstat, readdir, readlink, rm } from "node:fs/promises";
import path from "node:path";
import { backupsRoot, stagingRoot } from "../app-data/data-dir";
import { isBackupPath, isPlainAbsolute, stagePathOf } from "../app-data/data-paths";
import { readTrustedJson, untrustedDirReason, writeDataJson } from "../app-data/data-trust";
import { processAlive } from "../transaction/journal";
import { rollback } from "../transaction/swap";
import { syncPath } from "../transaction/tree";
import { renameWithRetry as rename } from "../fs/rename-retry";
import { createSymlink as symlink } from "../fs/write";
import { installerFolderHashes } from "../skill-lock/folder-hash";
import { upsertLockEntry, type LockEntry } from "../skill-lock/lock-edit";
import { checkClientFolder, lockFileOf, type Scope } from "./clients";
import { checkBeforeRestore, scopeFolders } from "./record-places";

/** How one place is written (decided from what was there): each kind is undone its own way. */
export type AddPlaceKind = "copy" | "link" | "relink" | "copy-over-link" | "link-over-copy" | "swap";

/** One place of an add, with the names its temporary and replaced entries get (fixed before anything is written). */
export interface AddJournalPlace {
  kind: AddPlaceKind;
  path: string;
  /** The staged copy beside `path` (copy kinds). */
  stage?: string;
  /** The link made beside `path` and renamed over it (link kinds). */
  aside?: string;
  linkTo?: string;
  /** The installer's folder hash of the copy being added (how recovery recognises its own copy). */
  hash?: string;
  /** The target of the link this add replaces (relink, copy-over-link). */
  previousLink?: string;
  /** Where a copy replaced by a link is moved (link-over-copy). */
  backup?: string;
}

/** One add of one skill: "placing" until every place is written, then "placed" with the lock entry still to write. */
export interface AddJournal {
  id: string;
  pid: number;
  op: "add";
  step: "placing" | "placed";
  name: string;
  createdAt: string;
  places: AddJournalPlace[];
  lock?: { file: string; entry: LockEntry };
  /** The project whose folders the add wrote (absent: the home's). */
  project?: string;
}

/** Where add journals are read back: the data folder and the home (a journal's project, if any, is its own). */
export interface AddJournalScope extends Scope {
  dataDir: string;
}

/** How recovery left one interrupted add (the shape of the update recovery's outcomes, so both are shown alike). */
export interface AddRecoveryOutcome {
  target: string | null;
  outcome: "finished" | "undone" | "needs-attention";
  detail: string;
}

const MAX_JOURNAL_BYTES = 1024 * 1024;
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const KINDS: readonly AddPlaceKind[] = ["copy", "link", "relink", "copy-over-link", "link-over-copy", "swap"];

/** The folder of add journals in the data folder. */
export function addJournalRoot(dataDir: string): string {
  return path.join(dataDir, "add-journal");
}

/** A new journal id (the swap journal's shape: 12 hex digits). */
export function newAddId(): string {
  return randomBytes(6).toString("hex");
}

/** The link made beside `place` before it is renamed over it. */
export function asidePathOf(place: string, id: string): string {
  return `${place}.skillshelf-${id}`;
}

/** The staging folder of an add's source in the data folder: its process id is in the name, so a crash's is found. */
export function addStagingName(): string {
  return `add-${process.pid}-${Date.now()}-${randomBytes(4).toString("hex")}`;
}
const ADD_STAGING = /^add-(\d+)-\d+-[0-9a-f]{8}$/;

const journalFile = (dataDir: string, id: string) => path.join(addJournalRoot(dataDir), `${id}.json`);

/** Writes (or rewrites) an add's journal atomically, readable by this user alone. */
export async function writeAddJournal(dataDir: string, journal: AddJournal): Promise<void> {
  await writeDataJson(dataDir, journalFile(dataDir, journal.id), journal);
}

/** Deletes a finished add's journal. */
export async function removeAddJournal(dataDir: string, id: string): Promise<void> {
  await rm(journalFile(dataDir, id), { force: true });
}

/** The scope a journal's add wrote in: the one given, in the journal's project when it names one. */
const scopeOf = (scope: Scope, j: AddJournal): Scope => ({ ...scope, ...(j.project ? { project: j.project } : {}) });

/**
 * Why a journal's paths are not the ones an add writes in this scope (so recovery must not touch them), or null: every
 * place a skill folder in a client folder of this home (or the journal's project), its stage and aside beside it, a
 * backup where Skillshelf keeps backups, the lock exactly this home's installer lock.
 */
export function addJournalShapeProblem(scope: AddJournalScope, j: AddJournal, fileName?: string): string | null {
  const dataDir = scope.dataDir;
  const r = j as unknown as Record<string, unknown>;
  if (typeof r.id !== "string" || !/^[0-9a-f]{12}$/.test(r.id)) return "its id is not one Skillshelf makes";
  if (fileName !== undefined && fileName !== `${r.id}.json`) return "its file name does not match its id";
  if (r.op !== "add" || (r.step !== "placing" && r.step !== "placed")) return "its operation or step is unknown";
  if (!Number.isInteger(r.pid)) return "its process id is not a whole number";
  if (typeof r.name !== "string" || !SAFE_NAME.test(r.name)) return "its skill name is not a folder name";
  if (r.project !== undefined && !isPlainAbsolute(r.project)) return "its project is not a plain absolute path";
  const where = scopeOf(scope, j);
  const folders = scopeFolders(where);
  if (!Array.isArray(r.places) || r.places.length > 20) return "its places are not a short list";
  for (const p of r.places as AddJournalPlace[]) {
    if (typeof p !== "object" || p === null || !KINDS.includes(p.kind)) return "a place's kind is unknown";
    if (!isPlainAbsolute(p.path) || path.basename(p.path) !== r.name) return "a place is not a folder of the skill";
    if (!folders.includes(path.dirname(p.path))) return "a place is not in a client folder of this home";
    const copyKind = p.kind === "copy" || p.kind === "copy-over-link";
    const linkKind = p.kind === "link" || p.kind === "relink" || p.kind === "link-over-copy";
    if (copyKind && p.stage !== stagePathOf(p.path, r.id)) return "a staged copy is not beside its place";
    if (linkKind && (p.aside !== asidePathOf(p.path, r.id) || !isPlainAbsolute(p.linkTo)))
      return "a link is not made beside its place";
    if ((copyKind || p.kind === "swap") && !(typeof p.hash === "string" && /^[0-9a-f]{64}$/.test(p.hash)))
      return "a copy has no folder hash";
    if ((p.kind === "relink" || p.kind === "copy-over-link") && !(typeof p.previousLink === "string"))
      return "a replaced link has no target";
    if (typeof p.previousLink === "string" && (p.previousLink.length > 4096 || p.previousLink.includes("\u0000")))
      return "a replaced link's target is not a path";
    if (p.kind === "link-over-copy" && !isBackupPath(backupsRoot(dataDir), p.path, p.backup))
      return "a replaced copy's backup is not where Skillshelf keeps backups";
  }
  if (r.lock !== undefined) {
    const lock = r.lock as { file?: unknown; entry?: unknown };
    if (lock.file !== lockFileOf(where)) return "its lock file is not the installer's lock of this home";
    if (typeof lock.entry !== "object" || lock.entry === null || Array.isArray(lock.entry))
      return "its lock entry is not a record";
  }
  return null;
}

const info = (p: string) => lstat(p).catch(() => null);
const hashOf = async (dir: string) => (await installerFolderHashes(dir))?.[0] ?? null;

/** True when `p` is a link whose text points (relative to its folder) at `target`. */
async function linksTo(p: string, target: string): Promise<boolean> {
  const i = await info(p);
  if (!i?.isSymbolicLink()) return false;
  return path.resolve(path.dirname(p), await readlink(p)) === path.resolve(target);
}

/** True when `p` is a real folder holding exactly the copy this add wrote. */
async function isOurCopy(p: string, hash: string | undefined): Promise<boolean> {
  const i = await info(p);
  return !!i?.isDirectory() && !!hash && (await hashOf(p)) === hash;
}

async function putLinkBack(place: string, target: string, aside: string): Promise<void> {
  await rm(aside, { force: true });
  await symlink(target, aside, "dir");
  await rename(aside, place);
}

/** Undoes one place; returns a sentence when it could not be (then the rest is left as it is for the user). */
async function undoPlace(p: AddJournalPlace, where: Scope, dataDir: string, id: string): Promise<string | null> {
  await checkBeforeRestore({ path: p.path }, where, dataDir);
  if (p.stage) await rm(p.stage, { recursive: true, force: true });
  if (p.aside && (await info(p.aside))?.isSymbolicLink()) await rm(p.aside, { force: true });
  switch (p.kind) {
    case "copy":
      if (await isOurCopy(p.path, p.hash)) await rm(p.path, { recursive: true, force: true });
      else if (await info(p.path)) return `${p.path} is not the copy this add wrote, so it was left`;
      return null;
    case "link":
      if (await linksTo(p.path, p.linkTo!)) await rm(p.path, { force: true });
      return null;
    case "relink":
      if (await linksTo(p.path, p.linkTo!)) await putLinkBack(p.path, p.previousLink!, asidePathOf(p.path, id));
      return null;
    case "copy-over-link": {
      if (await isOurCopy(p.path, p.hash)) await rm(p.path, { recursive: true, force: true });
      if (!(await info(p.path))) await putLinkBack(p.path, p.previousLink!, asidePathOf(p.path, id));
      return null;
    }
    case "link-over-copy":
      if (await linksTo(p.path, p.linkTo!)) await rm(p.path, { force: true });
      if (!(await info(p.path)) && (await info(p.backup!))) {
        await checkBeforeRestore({ path: p.path, backup: p.backup }, where, dataDir);
        await rename(p.backup!, p.path);
        await syncPath(path.dirname(p.path), true);
      }
      return null;
    case "swap":
      if (!(await isOurCopy(p.path, p.hash))) return null;
      try {
        await rollback(p.path, dataDir);
        return null;
      } catch (error) {
        return `the copy it replaced at ${p.path} could not be put back (${(error as Error).message}); \`skillshelf rollback ${p.path}\` does it`;
      }
  }
}

/** Removes torn writes of the lock (the one writer's temp files) whose writer is gone. */
async function removeTornLockWrites(lockFile: string): Promise<void> {
  const dir = path.dirname(lockFile);
  const prefix = `.${path.basename(lockFile)}.`;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const m = name.startsWith(prefix) ? /^(\d+)\.[0-9a-f]{16}\.tmp$/.exec(name.slice(prefix.length)) : null;
    if (m && !processAlive(Number(m[1]))) await rm(path.join(dir, name), { force: true });
  }
}

/** Why a journal's places may not be used now (a folder is another user's, or leads to one), or null. */
async function placesRefused(journal: AddJournal, where: Scope, dataDir: string): Promise<string | null> {
  try {
    for (const place of journal.places) await checkBeforeRestore({ path: place.path }, where, dataDir);
    if (journal.lock) await checkClientFolder(path.dirname(journal.lock.file), where);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Finishes ("placed") or undoes ("placing") one add; also used in-process when a write fails midway. Every place is
 * checked before anything is done, and each again right before it is used; a refusal changes nothing.
 */
export async function recoverAddJournal(scope: AddJournalScope, journal: AddJournal): Promise<AddRecoveryOutcome> {
  const dataDir = scope.dataDir;
  const where = scopeOf(scope, journal);
  const target = journal.places.find((p) => p.kind === "copy" || p.kind === "swap")?.path ?? journal.places[0]?.path;
  const shown = target ?? journal.name;
  const refused = await placesRefused(journal, where, dataDir);
  if (refused)
    return {
      target: shown,
      outcome: "needs-attention",
      detail: `the add of "${journal.name}" was not recovered and its journal was left: ${refused}`,
    };
  if (journal.step === "placed") {
    if (journal.lock) {
      await checkClientFolder(path.dirname(journal.lock.file), where);
      await removeTornLockWrites(journal.lock.file);
      const edit = await upsertLockEntry(journal.lock.file, journal.name, journal.lock.entry);
      if (!edit.ok)
        return { target: shown, outcome: "needs-attention", detail: `the add of "${journal.name}": ${edit.reason}` };
    }
    await removeAddJournal(dataDir, journal.id);
    return {
      target: shown,
      outcome: "finished",
      detail: `the add of "${journal.name}" had written every copy and link; its lock entry was completed`,
    };
  }
  const problems: string[] = [];
  for (const place of [...journal.places].reverse()) {
    const problem = await undoPlace(place, where, dataDir, journal.id).catch((error: Error) => error.message);
    if (problem) problems.push(problem);
  }
  if (problems.length)
    return {
      target: shown,
      outcome: "needs-attention",
      detail: `the add of "${journal.name}" was interrupted and only partly undone: ${problems.join("; ")}`,
    };
  await removeAddJournal(dataDir, journal.id);
  return {
    target: shown,
    outcome: "undone",
    detail: `the add of "${journal.name}" was interrupted; what it had written was taken away`,
  };
}

/** Removes the source staging of adds whose process is gone (a killed download or unpack). */
async function removeDeadAddStaging(dataDir: string): Promise<void> {
  const root = stagingRoot(dataDir);
  if (await untrustedDirReason(root)) return;
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const m = ADD_STAGING.exec(name);
    if (m && !processAlive(Number(m[1]))) await rm(path.join(root, name), { recursive: true, force: true });
  }
}

/** Finishes or undoes every add a crash interrupted and removes the staging killed adds left (run at start-up). */
export async function recoverInterruptedAdds(scope: AddJournalScope): Promise<AddRecoveryOutcome[]> {
  const dataDir = scope.dataDir;
  const dir = addJournalRoot(dataDir);
  const folderWhy = (await untrustedDirReason(dataDir)) ?? (await untrustedDirReason(dir));
  if (folderWhy)
    return [{ target: null, outcome: "needs-attention", detail: `add journals were not read: ${folderWhy}` }];
  const outcomes: AddRecoveryOutcome[] = [];
  for (const name of (await readdir(dir).catch(() => [] as string[])).sort()) {
    const file = path.join(dir, name);
    if (!name.endsWith(".json")) {
      const temp = /^\..*\.(\d+)\.[0-9a-f]{16}\.tmp$/.exec(name);
      if (temp && !processAlive(Number(temp[1]))) await rm(file, { force: true });
      continue;
    }
    const read = await readTrustedJson(file, MAX_JOURNAL_BYTES);
    if (!read.ok) {
      if (!read.missing)
        outcomes.push({ target: null, outcome: "needs-attention", detail: `the add journal ${file}: ${read.why}` });
      continue;
    }
    const journal = read.value as AddJournal;
    const shape =
      journal && typeof journal === "object" ? addJournalShapeProblem(scope, journal, name) : "it is not a record";
    if (shape) {
      outcomes.push({
        target: null,
        outcome: "needs-attention",
        detail: `the add journal ${file} was not used: ${shape}; it was left for inspection`,
      });
      continue;
    }
    if (journal.pid === process.pid || processAlive(journal.pid)) continue;
    outcomes.push(
      await recoverAddJournal(scope, journal).catch((error: Error): AddRecoveryOutcome => ({
        target: journal.name,
        outcome: "needs-attention",
        detail: `the add of "${journal.name}" could not be recovered: ${error.message}`,
      })),
    );
  }
  await removeDeadAddStaging(dataDir);
  return outcomes;
}
