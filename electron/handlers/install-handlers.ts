// The guided update's commands, a thin adapter over the engine's update service: ids the host produced in (a catalog
// skill id, a task id), the service's outcomes out, in the page's shapes. The Desktop hand-off and the backups are in
// install-handoff-handlers.ts and install-history-handlers.ts; a server's command in recipe-handlers.ts.
import type { CommandHandlers } from "../../shared/ipc";
import type { ScanResult, Skill, UpdateInfo } from "../../shared/model";
import { allSkills } from "../../shared/scan-result";
import type { UpdateApplyResult, UpdateReviewResult } from "../../shared/update-flow";
import type { ScanOptions } from "../engine/discovery/types";
import { dataDir as defaultDataDir } from "../engine/app-data/data-dir";
import { LifecycleService } from "../engine/lifecycle/service";
import type { ServiceApplied } from "../engine/lifecycle/tasks";
import type { DesktopIntegration, EventSink } from "./context";
import { EngineError } from "../engine/errors";
import { createHandoffHandlers } from "./install-handoff-handlers";
import { createHistoryHandlers, type HistoryCommand } from "./install-history-handlers";
import { createRecipeRuns } from "./recipe-handlers";

type InstallCommand =
  | "update:start"
  | "update:review"
  | "update:cancel"
  | "update:local-changes"
  | "update:apply"
  | "update:all"
  | "update:open-handoff"
  | "update:reveal-handoff"
  | "update:wait-arrival"
  | "update:run-recipe"
  | "update:recipe-result"
  | HistoryCommand;

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
  /** The host's --github-api: every download and add of the session uses it, else the setting, else the environment's. */
  githubApi?: string;
  /** The GitHub API address saved in the settings, read at each call. */
  githubApiSetting?: () => Promise<string | undefined>;
  /** How long a task the page no longer asks about is kept (default 15 minutes). */
  taskIdleMs?: number;
  /** Whether Update all leaves updates that add scripts, hooks or servers for a person (the setting; default yes). */
  askBeforeRunning?: () => Promise<boolean>;
}

/** The page's view of what applying did. */
function appliedView(applied: ServiceApplied): UpdateApplyResult {
  if (!applied.ok) return applied;
  if (applied.kind === "desktop-upload") {
    const { handoff } = applied;
    return {
      ok: true,
      kind: "desktop-upload",
      name: applied.name,
      archive: handoff.archive,
      version: handoff.version,
      steps: handoff.steps,
      moved: handoff.moved,
    };
  }
  const { lock } = applied;
  const lockNote = lock ? (lock.ok ? "The skills installer's lock now records the new folder." : lock.reason) : "";
  return {
    ok: true,
    kind: "replace-folder",
    name: applied.name,
    dir: applied.dir,
    version: applied.version,
    previousVersion: applied.previousVersion,
    kept: applied.kept,
    canUndo: true,
    // The page names the apps that load the copy ("start a new conversation in Claude Code"); this is what else to know.
    restartNote: lockNote,
  };
}

/** The install commands plus their cleanup. */
export function createInstallHandlers(options: InstallHandlersOptions): {
  handlers: Pick<CommandHandlers, InstallCommand>;
  /** Starts the recovery of interrupted updates in the background (once; install commands wait for it). */
  startRecovery(): void;
  /** The .skill file a task of this session built, or null (the web host's download serves only these). */
  handoffArchive(taskId: string): string | null;
  /** The service the commands drive (one per session). */
  service: LifecycleService;
  dispose(): Promise<void>;
} {
  const { scanOptions, emit, desktop } = options;
  const { home, platform, env } = scanOptions;
  const service = new LifecycleService({
    dataDir: options.dataDir ?? defaultDataDir(env as NodeJS.ProcessEnv, process.platform),
    home,
    platform,
    env,
    ...(options.githubToken ? { githubToken: options.githubToken } : {}),
    ...(options.githubApi ? { githubApi: options.githubApi } : {}),
    ...(options.githubApiSetting ? { githubApiSetting: options.githubApiSetting } : {}),
    onProgress: (progress) => emit("task:progress", progress),
    ...(options.log ? { log: options.log } : {}),
    ...(options.taskIdleMs ? { idleMs: options.taskIdleMs } : {}),
  });

  function skillById(skillId: string): Skill {
    const skill = allSkills(options.catalog()).find((s) => s.id === skillId);
    if (!skill)
      throw new EngineError("app.not-found", "That skill is not in the catalog any more; rescan and try again.");
    return skill;
  }

  const recipeRuns = createRecipeRuns({
    home,
    env: env as NodeJS.ProcessEnv,
    desktop,
    emit,
    skillById,
    updateInfo: options.updateInfo,
  });
  const history = createHistoryHandlers({ service, catalog: options.catalog, skillById });

  const handlers: Pick<CommandHandlers, InstallCommand> = {
    "update:start": async (skillId) => {
      const skill = skillById(skillId);
      const started = service.start(skill, await options.updateInfo(skillId));
      if (!started.ok) throw new EngineError("app.refused", started.problem.message, started.problem.cause);
      return { taskId: started.taskId, attached: started.attached };
    },
    "update:review": async (taskId): Promise<UpdateReviewResult> => {
      const review = await service.review(taskId);
      return review.ok ? { ok: true, review: review.review } : review;
    },
    "update:cancel": async (taskId) => {
      if (service.running().some((t) => t.taskId === taskId)) return service.cancel(taskId);
      recipeRuns.cancel(taskId);
    },
    "update:local-changes": (skillId) => service.localChanges(skillById(skillId)),
    "update:apply": async (taskId, applyOptions) => appliedView(await service.apply(taskId, applyOptions ?? {})),
    "update:all": async (skillIds) => {
      const copies = [];
      for (const skillId of skillIds)
        copies.push({ skill: skillById(skillId), info: await options.updateInfo(skillId) });
      const askBeforeRunning = (await options.askBeforeRunning?.().catch(() => true)) ?? true;
      return service.updateAll(copies, undefined, { askBeforeRunning });
    },
    ...createHandoffHandlers({ service, desktop, scanOptions, arrivalTimeoutMs: options.arrivalTimeoutMs }),
    ...recipeRuns.handlers,
    ...history.handlers,
  };

  return {
    handlers,
    service,
    handoffArchive: (taskId) => {
      try {
        return service.handoffOf(taskId)?.archive ?? null;
      } catch {
        return null;
      }
    },
    startRecovery: history.startRecovery,
    async dispose() {
      await service.dispose();
      recipeRuns.dispose();
    },
  };
}
