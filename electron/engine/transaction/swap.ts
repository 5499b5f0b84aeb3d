// Replaces a skill folder the user owns with a new copy, atomically on the same file system: the new copy is staged
// beside the target and flushed, the old folder is renamed into a backup, the new one renamed into place. A journal
// written before each step lets recoverInterrupted() finish or undo a swap a crash cut short: the folder always holds
// the old version or the new one, never a mix. rollback() is the same swap with the newest backup as the new copy.
import { randomBytes } from "node:crypto";
import { chmod, lstat, mkdir, readdir, readlink, realpath, rm } from "node:fs/promises";
import { copyFileNoFollow, createSymlink } from "../fs/write";
import { renameWithRetry as rename } from "../fs/rename-retry";
import path from "node:path";
import { readSkill } from "../skill/read-skill";
import { DEFAULT_KEEP_BACKUPS, forgetBackup, listBackups, newBackupDir, recordBackup } from "./backups";
import { stagingRoot } from "../app-data/data-dir";
import { stagePathOf } from "../app-data/data-paths";
import { untrustedDirReason, untrustedReason } from "../app-data/data-trust";
import { causeOfErrno, EngineError } from "../errors";
import { placeOf, placeProblem, type Place } from "./swap-place";
import { unkeepableError } from "./kept-conflict";
import {
  journalShapeProblem,
  lockTarget,
  processAlive,
  readJournals,
  removeJournal,
  removeStaleLocks,
  removeTornJournalWrites,
  writeJournal,
  type SwapJournal,
} from "./journal";
import { fileHashes, readManifest, removeManifest, writeManifest, type InstallManifest } from "./manifest";
import { copyTree, linkStaysInside, syncPath } from "./tree";

/**
 * Points a test can stop a swap at (the crash-consistency test kills the process there).
 * Exported for tests: the crash tests name the step to stop at.
 */
export type SwapStep = "journal-written" | "stage-copied" | "staged" | "old-moved" | "new-moved" | "recorded";

/** Options of an update or a rollback. */
export interface SwapOptions {
  dataDir: string;
  keepBackups?: number;
  /** Files of the installed copy to carry into the new one (the user's files; see diffFolders' `kept`). */
  keep?: string[];
  /** Test hook, awaited after each step. */
  onStep?: (step: SwapStep) => void | Promise<void>;
}

/** What a swap did. */
export interface ApplyResult {
  target: string;
  backup: string;
  kept: string[];
  version: string | null;
  previousVersion: string | null;
}

const exists = (p: string) =>
  lstat(p).then(
    () => true,
    () => false,
  );

/** Folders this process is swapping right now: recovery never touches them. */
const swapping = new Set<string>();

async function withLock<T>(dataDir: string, targetRealDir: string, work: () => Promise<T>): Promise<T> {
  const target = path.resolve(targetRealDir);
  const unlock = await lockTarget(dataDir, target);
  swapping.add(target);
  try {
    return await work();
  } finally {
    swapping.delete(target);
    await unlock();
  }
}

async function checkTarget(targetRealDir: string, dataDir: string): Promise<string> {
  const target = path.resolve(targetRealDir);
  const info = await lstat(target).catch(() => null);
  if (!info) throw new EngineError("install.target.unsafe", `The skill folder ${target} does not exist.`);
  if (info.isSymbolicLink())
    throw new EngineError(
      "install.target.unsafe",
      `${target} is a link; the update is applied once, to the real folder it points at (${await realpath(target).catch(() => "unknown")}).`,
    );
  if (!info.isDirectory()) throw new EngineError("install.target.unsafe", `${target} is not a folder.`);
  if ((await realpath(target)) !== target)
    throw new EngineError(
      "install.target.unsafe",
      `${target} lies below a link; give its real path (${await realpath(target)}).`,
    );
  const parent = await lstat(path.dirname(target));
  if (process.platform !== "win32" && parent.mode & 0o002) {
    const sticky = (parent.mode & 0o1000) !== 0;
    if (!sticky || untrustedReason(info, target) !== null)
      throw new EngineError(
        "install.target.unsafe",
        sticky
          ? `${target} lies in a folder every user may write to (${path.dirname(target)}) and does not belong to you, so Skillshelf does not replace it.`
          : `${target} lies in a folder every user may write to (${path.dirname(target)}): another user could swap it during the update, so Skillshelf does not replace it.`,
      );
  }
  for (const { journal } of await readJournals(dataDir)) {
    if (journal?.target === target) {
      throw new EngineError(
        "install.busy",
        processAlive(journal.pid)
          ? `Another update or rollback of ${target} is running; try again when it has finished.`
          : `An earlier update of ${target} was interrupted; run \`skillshelf update\` or \`skillshelf rollback\` again (they finish or undo it first).`,
      );
    }
  }
  return target;
}

async function carryKept(target: string, stage: string, keep: string[]): Promise<string[]> {
  const carried: string[] = [];
  for (const rel of keep) {
    const from = path.join(target, ...rel.split("/"));
    const to = path.join(stage, ...rel.split("/"));
    const info = await lstat(from).catch(() => null);
    if (!info) continue;
    let parentClash = false;
    const parts = rel.split("/");
    for (let i = 1; i < parts.length && !parentClash; i++) {
      const above = await lstat(path.join(stage, ...parts.slice(0, i))).catch(() => null);
      parentClash = above !== null && !above.isDirectory();
    }
    // Never dropped silently: a file the plan keeps that has no place in the new copy stops the update here.
    if (parentClash || (await exists(to))) throw unkeepableError([rel]);
    await mkdir(path.dirname(to), { recursive: true });
    if (info.isFile()) {
      await copyFileNoFollow(from, to, info.mode & 0o7777);
    } else if (info.isSymbolicLink()) {
      const link = await readlink(from);
      if (!linkStaysInside(rel, link)) continue;
      await createSymlink(link, to);
    } else continue;
    await syncPath(path.dirname(to), true);
    carried.push(rel);
  }
  return carried;
}

/** A file-system failure in words (the common ones named, others by their code). */
function whyFailed(error: unknown, target: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM")
    return `Skillshelf may not write in ${path.dirname(target)} (permission denied)`;
  if (code === "ENOSPC") return "the disk is full";
  if (code === "EXDEV") return "the copy and the skill are on different file systems";
  return code ?? (error as Error).message;
}

/** The records a finished swap leaves: the backup listed (with its version and manifest), the new manifest. */
async function finish(dataDir: string, journal: SwapJournal): Promise<void> {
  if (journal.op === "rollback") await forgetBackup(dataDir, journal.target, journal.stage);
  await recordBackup(
    dataDir,
    journal.target,
    { dir: journal.backup, createdAt: journal.createdAt, version: journal.oldVersion, manifest: journal.oldManifest },
    journal.keepBackups,
  );
  if (journal.newManifest) await writeManifest(dataDir, journal.newManifest);
  else await removeManifest(dataDir, journal.target);
}

async function runSwap(journal: SwapJournal, options: SwapOptions, prepare: () => Promise<void>): Promise<void> {
  const step = async (s: SwapStep) => options.onStep?.(s);
  const before = await placeOf(journal);
  await writeJournal(options.dataDir, journal);
  await step("journal-written");
  await prepare();
  await step("stage-copied");
  const staged: Place = { ...before, stage: await placeOf(journal).then((p) => p.stage) };
  await writeJournal(options.dataDir, { ...journal, step: "staged" });
  await step("staged");
  await refuseMoved(options.dataDir, journal, staged, "before-old-move");
  await rename(journal.target, journal.backup);
  await syncPath(path.dirname(journal.target), true);
  await syncPath(path.dirname(journal.backup), true);
  await step("old-moved");
  await refuseMoved(options.dataDir, journal, staged, "before-new-move");
  await rename(journal.stage, journal.target);
  await syncPath(path.dirname(journal.target), true);
  await step("new-moved");
  await finish(options.dataDir, journal);
  await step("recorded");
  await removeJournal(options.dataDir, journal.id);
}

/**
 * Right before a rename: the folders must still be the ones staged (same real path, device and inode), else the swap
 * stops. Before the first rename nothing was moved (the journal goes, the staged copy stays where it was made); after
 * it, the journal stays so recovery finishes the swap once the folders are what they were.
 */
async function refuseMoved(
  dataDir: string,
  journal: SwapJournal,
  staged: Place,
  when: "before-old-move" | "before-new-move",
): Promise<void> {
  const problem = await placeProblem(journal, staged, when);
  if (!problem) return;
  if (when === "before-old-move") {
    await removeJournal(dataDir, journal.id);
    throw new EngineError(
      "install.target.moved",
      `${problem}. Nothing was moved; the staged copy may be left at ${journal.stage}.`,
    );
  }
  throw new EngineError(
    "install.target.moved",
    `${problem}. The old version is in ${journal.backup}; once the folder is as it was, Skillshelf finishes the update (restart it, or run \`skillshelf update\` again).`,
  );
}

/**
 * Replaces the folder at targetRealDir (a real folder, not a link: links to it keep working) with a copy of newDir,
 * carrying over `keep` files from the old copy; the old copy becomes the newest backup.
 */
export async function applyFolderUpdate(
  targetRealDir: string,
  newDir: string,
  options: SwapOptions,
): Promise<ApplyResult> {
  return withLock(options.dataDir, targetRealDir, () => applyLocked(targetRealDir, newDir, options));
}

async function applyLocked(targetRealDir: string, newDir: string, options: SwapOptions): Promise<ApplyResult> {
  const target = await checkTarget(targetRealDir, options.dataDir);
  const id = randomBytes(6).toString("hex");
  const stage = stagePathOf(target, id);
  const [oldReport, newReport, oldManifest] = await Promise.all([
    readSkill(target),
    readSkill(newDir),
    readManifest(options.dataDir, target),
  ]);
  const newManifest: InstallManifest = {
    target,
    version: newReport.version,
    installedAt: new Date().toISOString(),
    files: await fileHashes(newDir),
  };
  const journal: SwapJournal = {
    id,
    pid: process.pid,
    op: "update",
    step: "staging",
    target,
    stage,
    stageOwned: true,
    backup: await newBackupDir(options.dataDir, target, id),
    createdAt: new Date().toISOString(),
    keepBackups: options.keepBackups ?? DEFAULT_KEEP_BACKUPS,
    oldVersion: oldReport.version,
    oldManifest,
    newVersion: newReport.version,
    newManifest,
  };
  let kept: string[] = [];
  try {
    await runSwap(journal, options, async () => {
      await copyTree(newDir, stage, { links: "inside-only" });
      kept = await carryKept(target, stage, options.keep ?? []);
      await chmod(stage, (await lstat(target)).mode & 0o7777);
      await syncPath(stage, true);
    });
  } catch (error) {
    if (error instanceof EngineError && error.code === "install.target.moved") throw error;
    await recoverOne(options.dataDir, journal);
    if (error instanceof EngineError) throw error;
    throw new EngineError(
      "install.swap.failed",
      `The update could not be applied: ${whyFailed(error, target)}; the folder was left as it was.`,
      causeOfErrno(error),
    );
  }
  return { target, backup: journal.backup, kept, version: newReport.version, previousVersion: oldReport.version };
}

/** Puts the newest backup of targetRealDir back in place, byte for byte; the replaced copy becomes a backup (undoable). */
export async function rollback(
  targetRealDir: string,
  dataDir: string,
  options: Omit<SwapOptions, "dataDir" | "keep"> = {},
): Promise<ApplyResult> {
  return withLock(dataDir, targetRealDir, () => rollbackLocked(targetRealDir, dataDir, options));
}

async function rollbackLocked(
  targetRealDir: string,
  dataDir: string,
  options: Omit<SwapOptions, "dataDir" | "keep">,
): Promise<ApplyResult> {
  const target = await checkTarget(targetRealDir, dataDir);
  const [latest] = await listBackups(target, dataDir);
  if (!latest)
    throw new EngineError(
      "install.rollback.none",
      `There is no earlier copy of ${target} to go back to: Skillshelf keeps one when it updates a skill.`,
    );
  const id = randomBytes(6).toString("hex");
  const current = await readSkill(target);
  const journal: SwapJournal = {
    id,
    pid: process.pid,
    op: "rollback",
    step: "staging",
    target,
    stage: latest.dir,
    stageOwned: false,
    backup: path.join(path.dirname(latest.dir), `${new Date().toISOString().replace(/[:.]/g, "-")}-${id}`),
    createdAt: new Date().toISOString(),
    keepBackups: options.keepBackups ?? DEFAULT_KEEP_BACKUPS,
    oldVersion: current.version,
    oldManifest: await readManifest(dataDir, target),
    newVersion: latest.version,
    newManifest: latest.manifest,
  };
  try {
    await runSwap(journal, { ...options, dataDir }, async () => undefined);
  } catch (error) {
    if (error instanceof EngineError && error.code === "install.target.moved") throw error;
    await recoverOne(dataDir, journal);
    throw new EngineError(
      "install.swap.failed",
      `The rollback could not be applied: ${whyFailed(error, target)}; the folder was left as it was.`,
      causeOfErrno(error),
    );
  }
  return { target, backup: journal.backup, kept: [], version: latest.version, previousVersion: current.version };
}

/** How recovery left one interrupted swap. */
export interface RecoveryOutcome {
  target: string | null;
  outcome: "finished" | "undone" | "needs-attention";
  detail: string;
}

/** Why a journal's paths may not be used now (their shape, or a folder on the way is now a link), or null. */
async function recheckBeforeUse(dataDir: string, journal: SwapJournal): Promise<string | null> {
  const shape = journalShapeProblem(dataDir, journal);
  if (shape) return `its journal is not used: ${shape}`;
  for (const dir of new Set([
    path.dirname(journal.target),
    path.dirname(journal.backup),
    path.dirname(journal.stage),
  ])) {
    const real = await realpath(dir).catch(() => null);
    if (real !== null && real !== dir) return `${dir} is now reached through a link`;
  }
  return null;
}

async function recoverOne(dataDir: string, journal: SwapJournal): Promise<RecoveryOutcome> {
  const unusable = await recheckBeforeUse(dataDir, journal);
  if (unusable)
    return { target: journal.target, outcome: "needs-attention", detail: `${unusable}; nothing was changed` };
  const [t, s, b] = await Promise.all([exists(journal.target), exists(journal.stage), exists(journal.backup)]);
  const undoStage = async () => {
    if (journal.stageOwned && s) await rm(journal.stage, { recursive: true, force: true });
  };
  let outcome: RecoveryOutcome;
  if (t && !b) {
    await undoStage();
    outcome = {
      target: journal.target,
      outcome: "undone",
      detail: "the swap had not started; the old version is in place",
    };
  } else if (t && !s && b) {
    await finish(dataDir, journal);
    outcome = {
      target: journal.target,
      outcome: "finished",
      detail: "the new version was in place; its records were completed",
    };
  } else if (!t && s && b && journal.step === "staged") {
    await rename(journal.stage, journal.target);
    await syncPath(path.dirname(journal.target), true);
    await finish(dataDir, journal);
    outcome = { target: journal.target, outcome: "finished", detail: "the new version was moved into place" };
  } else if (!t && b) {
    await rename(journal.backup, journal.target);
    await syncPath(path.dirname(journal.target), true);
    await undoStage();
    outcome = { target: journal.target, outcome: "undone", detail: "the old version was moved back into place" };
  } else {
    return {
      target: journal.target,
      outcome: "needs-attention",
      detail: `unexpected state (folder ${t ? "present" : "missing"}, staged copy ${s ? "present" : "missing"}, backup ${b ? "present" : "missing"}); nothing was changed`,
    };
  }
  await removeJournal(dataDir, journal.id);
  return outcome;
}

/** Staged downloads older than this were left by a process that died; newer ones may belong to a running one. */
const STALE_STAGING_MS = 60 * 60 * 1000;

/** Deletes staging folders a killed process left behind (obtainSkill removes its own on success and failure). */
async function removeStaleStaging(dataDir: string): Promise<void> {
  const root = stagingRoot(dataDir);
  if (await untrustedDirReason(root)) return;
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const info = await lstat(path.join(root, name)).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_STAGING_MS)
      await rm(path.join(root, name), { recursive: true, force: true });
  }
}

/** Finishes or undoes every swap a crash interrupted and clears what killed runs left (run at start-up, before any new update). */
export async function recoverInterrupted(dataDir: string): Promise<RecoveryOutcome[]> {
  const untrusted = await untrustedDirReason(dataDir);
  if (untrusted)
    return [
      {
        target: null,
        outcome: "needs-attention",
        detail: `Skillshelf's data folder is not safe to use (${untrusted}); nothing in it was read or changed`,
      },
    ];
  const outcomes: RecoveryOutcome[] = [];
  for (const { file, journal, why } of await readJournals(dataDir)) {
    if (!journal) {
      outcomes.push({
        target: null,
        outcome: "needs-attention",
        detail: `the journal ${file} was not used: ${why ?? "it is unreadable"}; it was left for inspection`,
      });
      continue;
    }
    if (swapping.has(journal.target) || (journal.pid !== process.pid && processAlive(journal.pid))) continue;
    outcomes.push(await recoverOne(dataDir, journal));
  }
  await removeTornJournalWrites(dataDir);
  await removeStaleLocks(dataDir);
  await removeStaleStaging(dataDir);
  return outcomes;
}

export { listBackups };
