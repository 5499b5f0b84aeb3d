// The lifecycle service every front end drives (the CLI's commands, the app's guided update, Update all, Add, Remove,
// "Also use in…", Undo): one owner of a skill's whole life. It owns the tasks (one per installed folder: start, review,
// apply, undo, cancel; and the adds running), their progress and outcomes, the rule of what may be updated, the
// before-hash and lock record of a content update, the one history (updates, undos, hand-offs, adds, removes,
// shares), the one recovery of interrupted work, and the one data folder all of it uses.
import type { Skill, TaskProgress, UpdateInfo } from "../../../shared/model";
import type { UndoResult, UpdateAllItem, UpdateRecovery } from "../../../shared/update-flow";
import type { ScanPlatform } from "../discovery/types";
import { obtainFromGithubTree, recordContentUpdate } from "../fetch/content-update";
import { waitForDesktopArrival, type ArrivalResult } from "../desktop-handoff/desktop-arrival";
import { prepareDesktopHandoff, type DesktopHandoff } from "../desktop-handoff/desktop-handoff";
import { EngineError, type EngineErrorCode } from "../errors";
import { obtainSkill, releaseFileSource, type ObtainedSkill } from "../fetch/obtain";
import { recoverInterrupted } from "../transaction/swap";
import { recoverInterruptedAdds } from "../manage/add-journal";
import { gitTreeOf } from "../updates/git-tree";
import { githubApiOf, githubTokenOf } from "../updates/sources";
import { localChangesOf } from "../updates/local-changes";
import type { LocalChangesResult } from "../../../shared/update-flow";
import { recordHistory, undoRecorded, type HistoryRecord } from "./history";
import { problemOf, refusal } from "./problems";
import { reviewOf } from "./review";
import { capabilityReviewOf, RUNNING_KINDS, type CapabilityChange } from "../../../shared/capabilities";
import { readCapabilities } from "../capabilities/read";
import { applyReviewed, decideUpdate, diffForUpdate, type GivenSource, type UpdateDecision } from "./steps";
import { newTaskId, TaskRegistry, type ServiceApplied, type ServiceReview, type UpdateTask } from "./tasks";
import { ManageOperations, type AddRequest, type ShareRequest } from "./manage-ops";
import { obtainFromOrigin } from "../mcp-skills/remote-update";
import { swapWithOrigin, undoWithOrigin } from "./origin-steps";
import type { AddPlan, AddResult } from "../manage/add";
import type { ClientId } from "../manage/clients";
import type { FoundRemoval, RemovePlan } from "../manage/remove";
import type { ApplyResult } from "../transaction/swap";
import type { ShareResult } from "../manage/share";

/** Where the service works and whom it tells. */
export interface LifecycleServiceOptions {
  /** Skillshelf's data folder (staging, backups, journal). */
  dataDir: string;
  home: string;
  platform: ScanPlatform;
  env: Record<string, string | undefined>;
  /** The GitHub API address a flag gave (`--github-api`); it wins over the setting and the environment. */
  githubApi?: string;
  /** The GitHub API address saved in the settings, read at each call (it wins over SKILLSHELF_GITHUB_API). */
  githubApiSetting?: () => Promise<string | undefined>;
  /** The GitHub token from the settings; the environment's GITHUB_TOKEN when absent. */
  githubToken?: () => Promise<string | undefined>;
  /** Progress of every task's download, at most once per whole percent. */
  onProgress?: (progress: TaskProgress) => void;
  /** Where recovery of an interrupted update is reported (paths and outcomes only). */
  log?: (line: string) => void;
  /** How long a task nobody asks about is kept before it is dropped (default 15 minutes). */
  idleMs?: number;
  now?: () => number;
}

/** How a start went: the task (a new one, or the one already running for this folder), or why not. */
export type StartResult = { ok: true; taskId: string; attached: boolean } | Extract<UpdateDecision, { ok: false }>;

/** Raised for a task id the service does not know (finished and read, expired, or never started). */
class UpdateTaskGone extends EngineError {
  override name = "UpdateTaskGone";
  constructor() {
    super("update.task-gone", "That update is no longer running; start it again.");
  }
}

/** One line on what recovery did with an interrupted update (a folder path and the outcome; no secrets). */
function recoveryLine(r: UpdateRecovery): string {
  const what = r.outcome === "finished" ? "was finished" : r.outcome === "undone" ? "was undone" : "needs attention";
  return `Skillshelf: an interrupted update of ${r.target ?? "a skill"} ${what}: ${r.detail}`;
}

/** The service. */
export class LifecycleService {
  private readonly tasks: TaskRegistry;
  private recovered: Promise<UpdateRecovery[]> | null = null;
  private readonly manage: ManageOperations;

  constructor(private readonly options: LifecycleServiceOptions) {
    this.tasks = new TaskRegistry(options.idleMs ?? 15 * 60_000, options.now ?? Date.now, (task) => this.drop(task));
    const { dataDir, home, platform, env } = options;
    this.manage = new ManageOperations({
      scope: { dataDir, home, platform, env: env as NodeJS.ProcessEnv },
      githubApi: () => this.githubApi(),
      githubToken: async () => githubTokenOf(await options.githubToken?.(), env),
      recover: () => this.recover(),
      record: (record) => this.record(record),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  }

  /** The GitHub API every call of this service uses: flag, setting, environment, in that order. */
  async githubApi(): Promise<string> {
    const setting = await this.options.githubApiSetting?.().catch(() => undefined);
    return githubApiOf({ githubApi: this.options.githubApi, setting, env: this.options.env });
  }

  /** "Show my changes": the person's edits to `skill`'s folder against what was installed, or why that is not known. */
  async localChanges(skill: Skill): Promise<LocalChangesResult> {
    const token = githubTokenOf(await this.options.githubToken?.(), this.options.env);
    return localChangesOf(skill, { apiBase: await this.githubApi(), ...(token ? { token } : {}) });
  }

  /** Stages SOURCE and plans adding its skills (nothing written); the plan's apply() writes and records it. */
  planAdd(source: string, request: AddRequest): Promise<AddPlan> {
    return this.manage.planAdd(source, request);
  }

  /** Adds the skills SOURCE holds (or, as a dry run, says what it would do), recorded in the history. */
  add(source: string, request: AddRequest): Promise<AddResult> {
    return this.manage.add(source, request);
  }

  /** Every copy and link of an installed skill and its lock entry (nothing changed). */
  planRemove(name: string, clients?: ClientId[]): Promise<RemovePlan> {
    return this.manage.planRemove(name, clients);
  }

  /** Removes what a plan lists, copies kept in the backups, recorded so undoRemove() puts it back. */
  remove(plan: RemovePlan, clients?: ClientId[]): Promise<RemovePlan> {
    return this.manage.remove(plan, clients);
  }

  /** The newest removal of `name` that undoRemove() would put back, or why its record may not be used. */
  removalOf(name: string): Promise<FoundRemoval> {
    return this.manage.removalOf(name);
  }

  /** Puts back the newest removal of `name`. */
  undoRemove(name: string): Promise<RemovePlan> {
    return this.manage.undoRemove(name);
  }

  /** "Also use in…": links or copies an installed skill into more clients. */
  share(name: string, request: ShareRequest): Promise<ShareResult> {
    return this.manage.share(name, request);
  }

  /** The data folder the service works in (backups and journal live there). */
  get dataDir(): string {
    return this.options.dataDir;
  }

  /** The home whose skills the service installs, updates and removes. */
  get home(): string {
    return this.options.home;
  }

  /** Finishes or undoes what interrupted updates left, once; every step waits for it. */
  recover(): Promise<UpdateRecovery[]> {
    const { dataDir, home, env } = this.options;
    const adds = () => recoverInterruptedAdds({ dataDir, home, env: env as NodeJS.ProcessEnv });
    const both = async () => [...(await recoverInterrupted(dataDir)), ...(await adds())];
    return (this.recovered ??= both().then(
      (outcomes) => {
        const views = outcomes.map(({ target, outcome, detail }) => ({ target, outcome, detail }));
        for (const r of views) this.options.log?.(recoveryLine(r));
        return views;
      },
      (error: unknown) => {
        const detail = `interrupted updates could not be checked: ${(error as Error)?.message ?? error}`;
        this.options.log?.(`Skillshelf: ${detail}`);
        return [{ target: null, outcome: "needs-attention" as const, detail }];
      },
    ));
  }

  /** Starts the update of one copy (the download runs in the background), or re-attaches to the one running. */
  start(skill: Skill, info: UpdateInfo | undefined, given?: GivenSource): StartResult {
    const running = this.tasks.forFolder(skill.realDir);
    if (running) {
      this.tasks.get(running.id);
      return { ok: true, taskId: running.id, attached: true };
    }
    const decision = decideUpdate(skill, info, given);
    if (!decision.ok) return decision;
    const task: UpdateTask = {
      id: newTaskId(),
      skill,
      info,
      plan: decision.plan,
      origin: decision.origin,
      overwritesLocalEdits: decision.overwritesLocalEdits,
      stage: "downloading",
      controller: new AbortController(),
      review: Promise.resolve({ ok: false, problem: problemOf(null) }),
      obtained: null,
      fromOrigin: null,
      diff: null,
      applying: null,
      handoff: null,
      arrival: null,
      seenAt: (this.options.now ?? Date.now)(),
    };
    this.tasks.add(task);
    task.review = this.download(task);
    return { ok: true, taskId: task.id, attached: false };
  }

  /** The review once the download is done; a failure is kept until read here once, then the task is gone. */
  async review(taskId: string): Promise<ServiceReview> {
    const task = this.task(taskId);
    const review = await task.review;
    if (!review.ok && this.tasks.get(taskId) === task) this.tasks.delete(taskId);
    return review;
  }

  /**
   * Applies a reviewed task the way its place needs. A copy changed locally needs `overwriteLocal`; a failure keeps
   * what was downloaded and checked, so applying again retries without downloading again.
   */
  apply(taskId: string, options: { overwriteLocal?: boolean; handoffDir?: string } = {}): Promise<ServiceApplied> {
    const task = this.task(taskId);
    task.applying ??= this.applyOnce(task, options).finally(() => (task.applying = null));
    return task.applying;
  }

  /** Stops a task: a download ends, a wait for Claude Desktop ends, staged files go; an apply under way finishes. */
  async cancel(taskId: string): Promise<void> {
    if (this.manage.cancelAdd(taskId)) return;
    const task = this.tasks.get(taskId);
    if (!task) return;
    task.arrival?.abort();
    if (task.applying) await task.applying.catch(() => undefined);
    task.controller.abort();
    await task.review;
    await this.drop(task);
  }

  /** The reviewed new version's folder in staging (for a front end that packs it itself), or null. */
  stagedFolder(taskId: string): string | null {
    return this.task(taskId).obtained?.skillDir ?? null;
  }

  /**
   * Applies a reviewed Claude Desktop task (the .skill for Desktop's upload, recorded in the history) and gives the
   * packer's refusal as it is thrown (a front end that prints its diagnostics); apply() answers with a problem instead.
   */
  async handOffDesktop(taskId: string, outDir?: string): Promise<DesktopHandoff> {
    const task = this.task(taskId);
    const reviewed = await task.review;
    if (!reviewed.ok) throw new EngineError(reviewed.problem.code as EngineErrorCode, reviewed.problem.message);
    if (task.plan.kind !== "desktop-upload" || !task.obtained)
      throw new EngineError("install.not-due", "This update has nothing to hand to Claude Desktop; start it again.");
    task.stage = "applying";
    try {
      return await this.completeHandoff(task, task.obtained, outDir);
    } catch (error) {
      task.stage = "reviewed";
      throw error;
    }
  }

  /** The Desktop hand-off a task made. */
  handoffOf(taskId: string): DesktopHandoff | null {
    return this.task(taskId).handoff;
  }

  /** Waits until Claude Desktop shows the handed-off version (the task ends then), or for `timeoutMs`. */
  async waitForArrival(
    taskId: string,
    options: { timeoutMs: number; pollMs?: number; signal?: AbortSignal },
  ): Promise<ArrivalResult | null> {
    const task = this.task(taskId);
    const handoff = task.handoff;
    if (!handoff) return null;
    task.arrival?.abort();
    const controller = (task.arrival = new AbortController());
    const stop = () => controller.abort();
    options.signal?.addEventListener("abort", stop, { once: true });
    try {
      const result = await this.waitForDesktop(handoff, { ...options, signal: controller.signal });
      if (result.status === "arrived") await this.drop(task);
      return result;
    } finally {
      options.signal?.removeEventListener("abort", stop);
      if (task.arrival === controller) task.arrival = null;
      this.tasks.get(taskId);
    }
  }

  /** Waits until Claude Desktop's folders show a handed-off skill (an update's or an add's), or for `timeoutMs`. */
  waitForDesktop(
    handoff: Pick<DesktopHandoff, "name" | "version" | "contentHash">,
    options: { timeoutMs: number; pollMs?: number; signal?: AbortSignal; onCheck?: () => void },
  ): Promise<ArrivalResult> {
    const { home, platform, env } = this.options;
    return waitForDesktopArrival({
      home,
      platform,
      env,
      name: handoff.name,
      version: handoff.version,
      contentHash: handoff.contentHash,
      timeoutMs: options.timeoutMs,
      pollMs: options.pollMs ?? 1000,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onCheck ? { onCheck: options.onCheck } : {}),
    });
  }

  /**
   * Puts back the copy the last update of this folder replaced, recorded in the history, and for a copy from a server
   * or a site the origin that update replaced; throws the EngineError of a failed rollback (the CLI prints it).
   */
  async rollback(skill: Pick<Skill, "name" | "dir" | "realDir">): Promise<ApplyResult> {
    await this.recover();
    const { dataDir, log } = this.options;
    return undoWithOrigin(dataDir, skill, () => undoRecorded(skill, dataDir, log), log);
  }

  /** Puts back the copy the last update of this folder replaced (rollback(), its failure as a problem). */
  async undo(skill: Skill): Promise<UndoResult> {
    try {
      const result = await this.rollback(skill);
      return { ok: true, version: result.version, replacedVersion: result.previousVersion };
    } catch (error) {
      return { ok: false, problem: problemOf(error) };
    }
  }

  /**
   * Updates every given copy whose folder Skillshelf changes and that is due, one after the other, and says how each
   * fared. Copies changed locally are refused (they need a yes of their own); copies whose update the user ignored
   * are left out.
   */
  async updateAll(
    copies: ReadonlyArray<{ skill: Skill; info: UpdateInfo | undefined }>,
    onItem?: (item: UpdateAllItem) => void,
    options: { askBeforeRunning?: boolean } = {},
  ): Promise<UpdateAllItem[]> {
    const items: UpdateAllItem[] = [];
    for (const { skill, info } of copies) {
      if (info?.ignored) continue;
      const item = await this.updateOne(skill, info, options.askBeforeRunning !== false);
      items.push(item);
      onItem?.(item);
    }
    return items;
  }

  /** Every task (for a front end that wants to show what runs). */
  running(): Array<{ taskId: string; skillId: string; stage: UpdateTask["stage"] }> {
    return this.tasks.all().map((t) => ({ taskId: t.id, skillId: t.skill.id, stage: t.stage }));
  }

  /** Drops what nobody has asked about for the idle time (also runs on a timer). */
  sweep(): Promise<void> {
    return this.tasks.sweep();
  }

  /** Ends every task and removes what was staged. */
  async dispose(): Promise<void> {
    this.manage.dispose();
    await this.recovered;
    this.tasks.stop();
    for (const task of this.tasks.all()) {
      task.controller.abort();
      task.arrival?.abort();
      await task.applying?.catch(() => undefined);
      await task.review;
      await this.drop(task);
    }
  }

  private task(taskId: string): UpdateTask {
    const task = this.tasks.get(taskId);
    if (!task) throw new UpdateTaskGone();
    return task;
  }

  private async updateOne(skill: Skill, info: UpdateInfo | undefined, askFirst: boolean): Promise<UpdateAllItem> {
    const base = { skillId: skill.id, name: skill.name };
    const decision = decideUpdate(skill, info);
    if (decision.ok && (decision.plan.kind !== "replace-folder" || decision.overwritesLocalEdits))
      return {
        ...base,
        ok: false,
        problem: refusal(
          decision.overwritesLocalEdits ? "install.local-changes" : "install.not-updatable",
          decision.overwritesLocalEdits
            ? `"${skill.name}" was changed here; update it on its own to see and confirm what is replaced.`
            : `"${skill.name}" is not a folder Skillshelf updates in place.`,
        ),
      };
    const started = this.start(skill, info);
    if (!started.ok) return { ...base, ok: false, problem: started.problem };
    const review = await this.review(started.taskId);
    if (!review.ok) return { ...base, ok: false, problem: review.problem };
    if (review.review.nothingToDo) {
      await this.cancel(started.taskId);
      return { ...base, ok: true, version: review.review.version, nothingToDo: true };
    }
    const caps = review.review.capabilities;
    if (askFirst && caps?.asks) {
      await this.cancel(started.taskId);
      return { ...base, ok: false, held: true, problem: heldRefusal(skill.name, caps.added), added: caps.added };
    }
    const applied = await this.apply(started.taskId);
    if (!applied.ok) {
      await this.cancel(started.taskId);
      return { ...base, ok: false, problem: applied.problem };
    }
    return {
      ...base,
      ok: true,
      version: applied.kind === "replace-folder" ? applied.version : null,
      nothingToDo: false,
    };
  }

  /** Reports progress at each whole percent (and every unknown-size step), so a large file does not flood anyone. */
  private progressOf(task: UpdateTask): (value: number, detail: string) => void {
    let shown = -2;
    return (value, detail) => {
      if (value >= 0 && value < 1 && shown >= 0 && value - shown < 0.01) return;
      shown = value;
      this.options.onProgress?.({
        taskId: task.id,
        kind: "update-download",
        value,
        title: `Downloading ${task.skill.name}`,
        detail,
      });
    };
  }

  private async obtain(task: UpdateTask, progress: (value: number, detail: string) => void): Promise<ObtainedSkill> {
    const { env, dataDir } = this.options;
    const common = {
      dataDir,
      expectName: task.skill.name,
      signal: task.controller.signal,
      onProgress: (p: TaskProgress) => progress(p.value, p.detail ?? ""),
    };
    const { origin } = task;
    if (origin.kind === "given") return obtainSkill(origin.source, common);
    if (origin.kind === "recorded") {
      const got = await obtainFromOrigin(task.skill, common);
      const { recordedAt: _at, previous: _before, ...previous } = got.previous;
      task.fromOrigin = { key: got.key, previous, origin: got.origin };
      return got.obtained;
    }
    const token = githubTokenOf(await this.options.githubToken?.(), env);
    const apiBase = await this.githubApi();
    if (origin.kind === "tree")
      return obtainFromGithubTree(task.info, { ...common, apiBase, ...(token ? { token } : {}) });
    return obtainSkill(releaseFileSource(origin.file, token, apiBase), { ...common, sha256: origin.file.sha256 });
  }

  private async download(task: UpdateTask): Promise<ServiceReview> {
    const progress = this.progressOf(task);
    try {
      await this.recover();
      progress(0, "Starting the download…");
      const obtained = await this.obtain(task, progress);
      task.obtained = obtained;
      if (task.controller.signal.aborted)
        throw new EngineError("install.download.cancelled", "The update was cancelled.");
      const dir = task.plan.kind === "replace-folder" ? task.skill.realDir : task.skill.dir;
      const diff = await diffForUpdate(dir, obtained.skillDir, this.options.dataDir);
      task.diff = diff;
      const before = await readCapabilities(dir).catch(() => null);
      const capabilities = capabilityReviewOf(before, await readCapabilities(obtained.skillDir));
      task.stage = "reviewed";
      progress(1, "Downloaded and checked");
      return { ok: true, review: reviewOf(task, dir, obtained, diff, capabilities), diff };
    } catch (error) {
      progress(1, "Stopped");
      task.stage = "failed";
      await this.release(task);
      return { ok: false, problem: problemOf(error) };
    }
  }

  private async applyOnce(
    task: UpdateTask,
    options: { overwriteLocal?: boolean; handoffDir?: string },
  ): Promise<ServiceApplied> {
    const reviewed = await task.review;
    if (!reviewed.ok) return reviewed;
    const { skill, plan, obtained, diff } = task;
    if (!obtained || !diff)
      return { ok: false, problem: refusal("install.not-due", "This update has nothing to apply; start it again.") };
    if (task.overwritesLocalEdits && !options.overwriteLocal && plan.kind === "replace-folder")
      return { ok: false, problem: localEditsRefusal(task) };
    task.stage = "applying";
    try {
      if (plan.kind === "desktop-upload") {
        const handoff = await this.completeHandoff(task, obtained, options.handoffDir);
        return { ok: true, kind: "desktop-upload", name: skill.name, handoff };
      }
      const content = task.origin.kind === "tree" && task.info !== undefined;
      // The folder's hash before the swap tells the lock record whether the swap changed anything.
      const before = content ? ((await gitTreeOf(plan.realDir).catch(() => null))?.sha ?? null) : null;
      const { dataDir, log } = this.options;
      const swap = () => applyReviewed(plan.realDir, obtained.skillDir, diff, dataDir);
      const result = await swapWithOrigin(dataDir, skill, task.fromOrigin, swap, log);
      const lock = content ? await recordContentUpdate(skill, task.info!, before).catch(() => null) : null;
      await this.record({
        kind: "update",
        name: skill.name,
        target: result.target,
        from: result.previousVersion,
        to: result.version,
        backup: result.backup,
      });
      await this.drop(task);
      return {
        ok: true,
        kind: "replace-folder",
        name: skill.name,
        dir: result.target,
        version: result.version,
        previousVersion: result.previousVersion,
        kept: result.kept,
        backup: result.backup,
        lock,
      };
    } catch (error) {
      task.stage = "reviewed";
      return { ok: false, problem: problemOf(error) };
    }
  }

  /** Packs the task's new version for Claude Desktop, records the hand-off once and releases the staging. */
  private async completeHandoff(
    task: UpdateTask,
    obtained: ObtainedSkill,
    outDir: string | undefined,
  ): Promise<DesktopHandoff> {
    const handoff = await this.handOff(task, obtained, outDir);
    task.handoff = handoff;
    task.stage = "handed-off";
    await this.record({
      kind: "handoff",
      name: task.skill.name,
      target: task.skill.dir,
      from: task.skill.version,
      to: obtained.version,
      backup: null,
    });
    await this.release(task);
    return handoff;
  }

  private handOff(task: UpdateTask, obtained: ObtainedSkill, outDir: string | undefined): Promise<DesktopHandoff> {
    const { home, platform, env, dataDir } = this.options;
    return prepareDesktopHandoff(obtained.skillDir, {
      name: task.skill.name,
      version: obtained.version,
      dataDir,
      home,
      env: env as NodeJS.ProcessEnv,
      platform,
      ...(outDir ? { outDir } : {}),
    });
  }

  /** Adds one history record; a history that cannot be written never fails the update it tells of. */
  private async record(record: Omit<HistoryRecord, "id" | "at">): Promise<void> {
    await recordHistory(this.options.dataDir, record).catch((error: unknown) =>
      this.options.log?.(`Skillshelf: the update history could not be written: ${(error as Error)?.message ?? error}`),
    );
  }

  /** Removes what a task staged (it stays listed, e.g. with its outcome or its hand-off). */
  private async release(task: UpdateTask): Promise<void> {
    const obtained = task.obtained;
    task.obtained = null;
    await obtained?.cleanup().catch(() => undefined);
  }

  /** Ends a task for good. */
  private async drop(task: UpdateTask): Promise<void> {
    this.tasks.delete(task.id);
    task.controller.abort();
    task.arrival?.abort();
    await this.release(task);
  }
}

/** Why Update all left a copy for a person: what its new version adds that runs, named. */
function heldRefusal(name: string, added: CapabilityChange[]): ReturnType<typeof refusal> {
  const running = added.filter((c) => RUNNING_KINDS.has(c.kind));
  const listed = running.slice(0, 5).map((c) => c.text.charAt(0).toLowerCase() + c.text.slice(1));
  const more = running.length > 5 ? ` and ${running.length - 5} more` : "";
  return refusal(
    "install.capabilities-added",
    `"${name}" was left for you: its new version ${listed.join("; ")}${more}.`,
  );
}

/** The refusal to replace local edits without a yes (nothing changed; applying again with the yes goes ahead). */
function localEditsRefusal(task: UpdateTask): ReturnType<typeof refusal> {
  const files = task.info?.changedFiles ?? [];
  const listed = files.length
    ? `${files.slice(0, 20).join(", ")}${files.length > 20 ? ` and ${files.length - 20} more` : ""}`
    : "files in it";
  return refusal(
    "install.local-changes",
    `"${task.skill.name}" was changed here since it was installed (${listed}); updating would replace these changes, so nothing was changed.`,
  );
}
