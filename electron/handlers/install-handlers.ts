// The guided update's commands: download and review a new version, apply it by place (a folder swap, or the .skill
// file for Claude Desktop and the wait for its arrival), run an update server's command after a confirmation
// (recipe-handlers.ts), and undo. Every argument is an id the host produced (a catalog skill id or a task id); no
// path comes from the page.
import type { CommandHandlers } from "../../shared/ipc";
import type { ScanResult, Skill, TaskProgress, UpdateInfo, UpdatePlan } from "../../shared/model";
import { allSkills } from "../../shared/scan-result";
import type { ArrivalView, UpdateApplyResult, UpdateRecovery, UpdateReviewResult } from "../../shared/update-flow";
import type { ScanOptions } from "../engine/discovery/types";
import { obtainFromGithubTree, recordContentUpdate, treeSourceOf } from "../engine/install/content-update";
import { dataDir as defaultDataDir } from "../engine/install/data-dir";
import { waitForDesktopArrival } from "../engine/install/desktop-arrival";
import type { FolderDiff } from "../engine/install/diff";
import { openWithSystem, prepareDesktopHandoff, type DesktopHandoff } from "../engine/install/desktop-handoff";
import { InstallError } from "../engine/install/errors";
import { obtainSkill, releaseFileSource, type ObtainedSkill } from "../engine/install/obtain";
import { planUpdate } from "../engine/install/plan";
import { listBackups, recoverInterrupted, rollback, type RecoveryOutcome } from "../engine/install/swap";
import { gitTreeOf } from "../engine/updates/git-tree";
import { githubApiOf, githubTokenOf } from "../engine/updates/sources";
import { foldersWithBackups, MAX_HISTORY_RECORDS } from "../engine/install/backups";
import { applyReviewed, chooseDownload, diffForUpdate, problemOf } from "../engine/install/update-flow";
import type { DesktopIntegration, EventSink } from "./context";
import { HandlerError } from "./errors";
import { createRecipeRuns, newTaskId } from "./recipe-handlers";

type InstallCommand =
  | "update:start"
  | "update:review"
  | "update:cancel"
  | "update:apply"
  | "update:open-handoff"
  | "update:reveal-handoff"
  | "update:wait-arrival"
  | "update:run-recipe"
  | "update:recipe-result"
  | "update:undo"
  | "update:history"
  | "update:histories"
  | "update:recoveries";

/** What the install concern needs from its session. */
export interface InstallHandlersOptions {
  scanOptions: ScanOptions;
  desktop: DesktopIntegration;
  emit: EventSink;
  catalog: () => ScanResult;
  /** The last update state of one copy (no network). */
  updateInfo: (skillId: string) => Promise<UpdateInfo | undefined>;
  /** Skillshelf's data folder (staging, backups, journal); the platform's default for the scan's home when absent. */
  dataDir?: string;
  /** How long one wait for Claude Desktop lasts before it says what to try (default 5 minutes). */
  arrivalTimeoutMs?: number;
  /** Where recovery of an interrupted update is reported (paths and outcomes only). */
  log?: (message: string) => void;
  /** The GitHub token from the settings (the environment's GITHUB_TOKEN when absent), for private repositories. */
  githubToken?: () => Promise<string | undefined>;
}

interface UpdateTask {
  id: string;
  skill: Skill;
  plan: UpdatePlan;
  info: UpdateInfo;
  controller: AbortController;
  review: Promise<UpdateReviewResult>;
  obtained: ObtainedSkill | null;
  diff: FolderDiff | null;
  applying: Promise<UpdateApplyResult> | null;
  handoff: DesktopHandoff | null;
  arrival: AbortController | null;
}

/** One line on what recovery did with an interrupted update (a folder path and the outcome; no secrets). */
function recoveryLine(r: RecoveryOutcome): string {
  const what = r.outcome === "finished" ? "was finished" : r.outcome === "undone" ? "was undone" : "needs attention";
  return `Skillshelf: an interrupted update of ${r.target ?? "a skill"} ${what}: ${r.detail}`;
}

/** Whether Skillshelf changes this copy's folder itself (a user-owned folder, not one Claude Desktop manages). */
const isOwnedFolder = (skill: Skill): boolean => skill.userOwned && !skill.desktop && skill.client !== "claude-desktop";

/** What the page is told of each backup of a folder. */
const backupViews = (backups: ReadonlyArray<{ createdAt: string; version: string | null }>) =>
  backups.map((b) => ({ createdAt: b.createdAt, version: b.version }));

/** The install commands plus their cleanup. */
export function createInstallHandlers(options: InstallHandlersOptions): {
  handlers: Pick<CommandHandlers, InstallCommand>;
  /** Starts the recovery of interrupted updates in the background (once; install commands wait for it). */
  startRecovery(): void;
  /** The .skill file a task of this session built, or null (the web host's download serves only these). */
  handoffArchive(taskId: string): string | null;
  dispose(): Promise<void>;
} {
  const { scanOptions, emit, desktop } = options;
  const { home, platform, env } = scanOptions;
  const data = options.dataDir ?? defaultDataDir(env as NodeJS.ProcessEnv, process.platform);
  const tasks = new Map<string, UpdateTask>();
  let recovered: Promise<UpdateRecovery[]> | null = null;
  /** Resolved when the session starts recovery (after the first catalog): the page's question waits for it. */
  let recoveryStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (recoveryStarted = resolve));
  /** Finishes or undoes what an interrupted update left, once per session, and says what it did (log and page). */
  const recover = (): Promise<UpdateRecovery[]> =>
    (recovered ??= recoverInterrupted(data).then(
      (outcomes) => {
        for (const r of outcomes) options.log?.(recoveryLine(r));
        return outcomes.map(({ target, outcome, detail }) => ({ target, outcome, detail }));
      },
      (error: unknown) => {
        const detail = `interrupted updates could not be checked: ${(error as Error)?.message ?? error}`;
        options.log?.(`Skillshelf: ${detail}`);
        return [{ target: null, outcome: "needs-attention" as const, detail }];
      },
    ));

  function skillById(skillId: string): Skill {
    const skill = allSkills(options.catalog()).find((s) => s.id === skillId);
    if (!skill) throw new HandlerError("That skill is not in the catalog any more; rescan and try again.");
    return skill;
  }
  function taskById(taskId: string): UpdateTask {
    const task = tasks.get(taskId);
    if (!task) throw new HandlerError("That update is no longer running; start it again.");
    return task;
  }
  function ownedFolder(skill: Skill): void {
    if (!isOwnedFolder(skill))
      throw new HandlerError(
        `"${skill.name}" is managed by its client; Skillshelf never changes it, so there is nothing to undo.`,
      );
  }

  const recipeRuns = createRecipeRuns({
    home,
    env: env as NodeJS.ProcessEnv,
    desktop,
    emit,
    skillById,
    updateInfo: options.updateInfo,
  });

  async function download(task: UpdateTask, info: UpdateInfo | undefined): Promise<UpdateReviewResult> {
    const file = chooseDownload(info);
    const tree = task.plan.kind === "replace-folder" ? treeSourceOf(info) : null;
    let shown = -2;
    /** Reports at each whole percent (and every unknown-size step), so a large file does not flood the page. */
    const progress = (value: number, detail: string) => {
      if (value >= 0 && value < 1 && shown >= 0 && value - shown < 0.01) return;
      shown = value;
      emit("task:progress", {
        taskId: task.id,
        kind: "update-download",
        value,
        title: `Downloading ${task.skill.name}`,
        detail,
      });
    };
    try {
      await recover();
      if (!file && !tree)
        throw new InstallError(
          "install.no-download",
          `The release of "${task.skill.name}" offers nothing to download.`,
        );
      progress(0, "Starting the download…");
      const common = {
        dataDir: data,
        expectName: task.skill.name,
        signal: task.controller.signal,
        onProgress: (p: TaskProgress) => progress(p.value, p.detail ?? ""),
      };
      // A skill without a version comes from its folder in the repository (the content check's source), like `skillshelf update`.
      const token = githubTokenOf(await options.githubToken?.(), env);
      const apiBase = githubApiOf({ env });
      const obtained = tree
        ? await obtainFromGithubTree(info, { ...common, apiBase, ...(token ? { token } : {}) })
        : await obtainSkill(releaseFileSource(file!, token, apiBase), { ...common, sha256: file!.sha256 });
      task.obtained = obtained;
      if (task.controller.signal.aborted)
        throw new InstallError("install.download.cancelled", "The update was cancelled.");
      const dir = task.plan.kind === "replace-folder" ? task.skill.realDir : task.skill.dir;
      const diff = await diffForUpdate(dir, obtained.skillDir, data);
      task.diff = diff;
      progress(1, "Downloaded and checked");
      const files = diff.files.map((f) => ({
        path: f.path,
        change: f.change,
        binary: f.binary,
        ...(f.diff ? { diff: f.diff } : {}),
        ...(f.note ? { note: f.note } : {}),
      }));
      return {
        ok: true,
        review: {
          taskId: task.id,
          skillId: task.skill.id,
          name: task.skill.name,
          kind: task.plan.kind,
          dir,
          installed: task.skill.version,
          version: obtained.version,
          source: obtained.source,
          files,
          counts: {
            added: diff.added.length,
            removed: diff.removed.length,
            changed: diff.changed.length,
            kept: diff.kept.length,
            unchanged: diff.unchanged,
          },
          diffsTruncated: diff.diffsTruncated,
          diagnostics: obtained.diagnostics,
          nothingToDo: !diff.added.length && !diff.removed.length && !diff.changed.length,
        },
      };
    } catch (error) {
      progress(1, "Stopped");
      await drop(task);
      return { ok: false, problem: problemOf(error) };
    }
  }

  async function drop(task: UpdateTask): Promise<void> {
    tasks.delete(task.id);
    task.controller.abort();
    task.arrival?.abort();
    const obtained = task.obtained;
    task.obtained = null;
    await obtained?.cleanup().catch(() => undefined);
  }

  async function apply(task: UpdateTask): Promise<UpdateApplyResult> {
    const reviewed = await task.review;
    if (!reviewed.ok || !task.obtained || !task.diff)
      throw new HandlerError("This update has nothing to apply; start it again.");
    const { skill, plan, obtained } = task;
    try {
      if (plan.kind === "desktop-upload") {
        const handoff = await prepareDesktopHandoff(obtained.skillDir, {
          name: skill.name,
          version: obtained.version,
          dataDir: data,
          home,
          env: env as NodeJS.ProcessEnv,
          platform,
        });
        task.handoff = handoff;
        return {
          ok: true,
          kind: "desktop-upload",
          name: skill.name,
          archive: handoff.archive,
          version: handoff.version,
          steps: handoff.steps,
          moved: handoff.moved,
        };
      }
      const before = treeSourceOf(task.info) ? ((await gitTreeOf(plan.realDir).catch(() => null))?.sha ?? null) : null;
      const result = await applyReviewed(plan.realDir, obtained.skillDir, task.diff, data);
      const lock = treeSourceOf(task.info)
        ? await recordContentUpdate(skill, task.info, before).catch(() => null)
        : null;
      const lockNote = lock
        ? lock.ok
          ? " The skills installer's lock now records the new folder."
          : ` ${lock.reason}`
        : "";
      return {
        ok: true,
        kind: "replace-folder",
        name: skill.name,
        dir: result.target,
        version: result.version,
        previousVersion: result.previousVersion,
        kept: result.kept,
        canUndo: true,
        restartNote: `Start a new conversation (or restart the client) so it loads the new version.${lockNote}`,
      };
    } catch (error) {
      return { ok: false, problem: problemOf(error) };
    } finally {
      task.obtained = null;
      await obtained.cleanup().catch(() => undefined);
      if (plan.kind !== "desktop-upload" || !task.handoff) tasks.delete(task.id);
    }
  }

  function handoffOf(taskId: string): DesktopHandoff {
    const handoff = taskById(taskId).handoff;
    if (!handoff) throw new HandlerError("The .skill file for Claude Desktop has not been made yet.");
    return handoff;
  }

  async function waitArrival(task: UpdateTask, handoff: DesktopHandoff): Promise<ArrivalView> {
    task.arrival?.abort();
    const controller = (task.arrival = new AbortController());
    const result = await waitForDesktopArrival({
      home,
      platform,
      env,
      name: handoff.name,
      version: handoff.version,
      contentHash: handoff.contentHash,
      timeoutMs: options.arrivalTimeoutMs ?? 5 * 60_000,
      pollMs: 1000,
      signal: controller.signal,
    });
    if (result.status === "arrived") {
      tasks.delete(task.id);
      return { status: "arrived", version: result.version, advice: [] };
    }
    if (result.status === "cancelled") return { status: "cancelled", version: null, advice: [] };
    return { status: "timeout", version: null, advice: result.advice };
  }

  const handlers: Pick<CommandHandlers, InstallCommand> = {
    "update:start": async (skillId) => {
      const skill = skillById(skillId);
      const info = await options.updateInfo(skillId);
      const plan = planUpdate(skill, info);
      if (info?.state !== "outdated") throw new HandlerError(`No update of "${skill.name}" is due. ${plan.nextStep}`);
      if (plan.kind !== "replace-folder" && plan.kind !== "desktop-upload") throw new HandlerError(plan.nextStep);
      for (const other of tasks.values())
        if (other.skill.realDir === skill.realDir && other.handoff === null)
          throw new HandlerError(`"${skill.name}" is already being updated.`);
      const task: UpdateTask = {
        id: newTaskId(),
        skill,
        plan,
        info,
        controller: new AbortController(),
        review: Promise.resolve({ ok: false, problem: problemOf(null) }),
        obtained: null,
        diff: null,
        applying: null,
        handoff: null,
        arrival: null,
      };
      tasks.set(task.id, task);
      task.review = download(task, info);
      return { taskId: task.id };
    },
    "update:review": async (taskId) => taskById(taskId).review,
    "update:cancel": async (taskId) => {
      const task = tasks.get(taskId);
      if (task) {
        task.arrival?.abort();
        if (task.applying) {
          await task.applying.catch(() => undefined);
          tasks.delete(task.id);
          return;
        }
        task.controller.abort();
        await task.review;
        await drop(task);
        return;
      }
      recipeRuns.cancel(taskId);
    },
    "update:apply": async (taskId) => {
      const task = taskById(taskId);
      task.applying ??= apply(task);
      return task.applying;
    },
    "update:open-handoff": async (taskId) => {
      const archive = handoffOf(taskId).archive;
      if (desktop.downloadsOnly)
        return { ok: false, message: `Here the file is not opened for you: download it, or open ${archive} yourself.` };
      return openWithSystem(archive, { home, platform, env: env as NodeJS.ProcessEnv });
    },
    "update:reveal-handoff": async (taskId) => {
      const archive = handoffOf(taskId).archive;
      return desktop.reveal(archive).then(
        () => ({ ok: true, message: `Showed ${archive} in its folder.` }),
        (error: unknown) => ({
          ok: false,
          message: `${error instanceof Error ? error.message : "The folder could not be shown."} The file is ${archive}.`,
        }),
      );
    },
    "update:wait-arrival": async (taskId) => {
      const task = taskById(taskId);
      return waitArrival(task, handoffOf(taskId));
    },
    ...recipeRuns.handlers,
    "update:undo": async (skillId) => {
      const skill = skillById(skillId);
      ownedFolder(skill);
      await recover();
      try {
        const result = await rollback(skill.realDir, data);
        return { ok: true, version: result.version, replacedVersion: result.previousVersion };
      } catch (error) {
        return { ok: false, problem: problemOf(error) };
      }
    },
    "update:history": async (skillId) => {
      const skill = skillById(skillId);
      if (!skill.userOwned || skill.desktop) return { skillId, backups: [] };
      const backups = await listBackups(skill.realDir, data);
      return { skillId, backups: backupViews(backups) };
    },
    "update:histories": async () => {
      const { targets, capped } = await foldersWithBackups(data);
      const owned = new Map<string, Skill>();
      for (const s of allSkills(options.catalog()))
        if (isOwnedFolder(s) && !owned.has(s.realDir)) owned.set(s.realDir, s);
      const histories = [];
      for (const target of targets) {
        const skill = owned.get(target);
        if (!skill) continue;
        const backups = await listBackups(target, data);
        if (backups.length)
          histories.push({
            skillId: skill.id,
            backups: backupViews(backups),
          });
      }
      return capped
        ? {
            histories,
            limitNote: `Only the first ${MAX_HISTORY_RECORDS.toLocaleString("en")} backup records were read.`,
          }
        : { histories };
    },
    // Never starts recovery itself: it must not move folders while the first scan reads them.
    "update:recoveries": async () => {
      await started;
      return recover();
    },
  };

  return {
    handlers,
    handoffArchive: (taskId) => tasks.get(taskId)?.handoff?.archive ?? null,
    startRecovery: () => {
      recoveryStarted();
      void recover();
    },
    async dispose() {
      await recovered;
      for (const task of [...tasks.values()]) await drop(task);
      recipeRuns.dispose();
    },
  };
}
