// The lifecycle service's add, remove, share and Undo of a removal: each in the service's one data folder and scope,
// after its one recovery, with GitHub's address and token from the service, and each recorded once in its history.
// The free functions of engine/manage/ do the work; only the service calls them (front ends call the service).
import path from "node:path";
import type { TaskProgress } from "../../../shared/model";
import { planAdd, type AddOptions, type AddPlan, type AddResult } from "../manage/add";
import type { ClientId, Scope } from "../manage/clients";
import {
  latestRemoval,
  planRemove,
  removeSkill,
  restoreRemoved,
  type FoundRemoval,
  type RemovePlan,
} from "../manage/remove";
import { shareSkill, type ShareResult } from "../manage/share";
import type { HistoryRecord } from "./history";

/** What an add is asked for: everything but the scope, data folder and GitHub access, which are the service's. */
export type AddRequest = Omit<
  AddOptions,
  "home" | "env" | "dataDir" | "apiBase" | "token" | "platform" | "onProgress" | "signal" | "taskId"
> & {
  /** The front end's task id: progress is reported with it, and cancel(taskId) stops the add. */
  taskId?: string;
  signal?: AbortSignal;
};

/** What a share is asked for. */
export interface ShareRequest {
  clients: ClientId[];
  copy?: boolean;
  replace?: boolean;
  dryRun?: boolean;
}

/** What the operations need from the service. */
export interface ManageContext {
  scope: Scope & { dataDir: string; platform: NodeJS.Platform };
  githubApi: () => Promise<string>;
  githubToken: () => Promise<string | undefined>;
  /** Finishes or undoes what interrupted updates and adds left (once); every write waits for it. */
  recover: () => Promise<unknown>;
  record: (record: Omit<HistoryRecord, "id" | "at">) => Promise<void>;
  onProgress?: (progress: TaskProgress) => void;
}

/** The copy a removal took away (or, with links only, the first link): the folder its history is kept under. */
const removedTarget = (plan: RemovePlan): string | null =>
  (plan.items.find((i) => i.kind === "copy") ?? plan.items[0])?.path ?? null;

/** Add, remove, share and Undo of a removal, as the lifecycle service runs them. */
export class ManageOperations {
  private readonly adds = new Map<string, AbortController>();

  constructor(private readonly ctx: ManageContext) {}

  /** Stages SOURCE and plans its add (nothing written); apply() writes it and records it. cleanup() always follows. */
  async planAdd(source: string, request: AddRequest): Promise<AddPlan> {
    const { taskId, signal, ...rest } = request;
    if (!rest.dryRun) await this.ctx.recover();
    const controller = new AbortController();
    const stop = () => controller.abort();
    signal?.addEventListener("abort", stop, { once: true });
    if (signal?.aborted) stop();
    if (taskId) {
      this.adds.get(taskId)?.abort();
      this.adds.set(taskId, controller);
    }
    const token = await this.ctx.githubToken();
    const forget = () => {
      signal?.removeEventListener("abort", stop);
      if (taskId && this.adds.get(taskId) === controller) this.adds.delete(taskId);
    };
    let plan: AddPlan;
    try {
      plan = await planAdd(source, {
        ...this.ctx.scope,
        ...rest,
        apiBase: await this.ctx.githubApi(),
        ...(token ? { token } : {}),
        signal: controller.signal,
        ...(taskId ? { taskId } : {}),
        ...(this.ctx.onProgress ? { onProgress: this.ctx.onProgress } : {}),
      });
    } catch (error) {
      forget();
      throw error;
    }
    return {
      ...plan,
      apply: async () => {
        const result = await plan.apply();
        await this.recordAdd(result);
        return result;
      },
      cleanup: async () => {
        forget();
        await plan.cleanup();
      },
    };
  }

  /** Plans and, unless a dry run, applies an add in one call. */
  async add(source: string, request: AddRequest): Promise<AddResult> {
    const plan = await this.planAdd(source, request);
    try {
      return request.dryRun ? plan.result : await plan.apply();
    } finally {
      await plan.cleanup();
    }
  }

  /** Stops the add running under this task id (its staging is removed, nothing is written); false when none runs. */
  cancelAdd(taskId: string): boolean {
    const controller = this.adds.get(taskId);
    controller?.abort();
    return controller !== undefined;
  }

  /** Every copy and link of `name` (only those clients' folders when given), nothing changed. */
  planRemove(name: string, clients?: ClientId[]): Promise<RemovePlan> {
    return planRemove(name, { ...this.ctx.scope, ...(clients?.length ? { clients } : {}) });
  }

  /** Removes what the plan lists (copies kept in the backups) and records it. */
  async remove(plan: RemovePlan, clients?: ClientId[]): Promise<RemovePlan> {
    await this.ctx.recover();
    const done = await removeSkill(plan, { ...this.ctx.scope, ...(clients?.length ? { clients } : {}) });
    const target = removedTarget(done);
    if (target) await this.ctx.record({ kind: "remove", name: done.name, target, from: null, to: null, backup: null });
    return done;
  }

  /** The newest removal of `name` that can be undone, or why its record may not be used (nothing changed). */
  removalOf(name: string): Promise<FoundRemoval> {
    return latestRemoval(name, this.ctx.scope);
  }

  /** Puts back the newest removal of `name` and records it. */
  async undoRemove(name: string): Promise<RemovePlan> {
    await this.ctx.recover();
    const plan = await restoreRemoved(name, this.ctx.scope);
    const target = removedTarget(plan);
    if (target) await this.ctx.record({ kind: "restore", name, target, from: null, to: null, backup: null });
    return plan;
  }

  /** Links (or copies) an installed skill into more clients' folders and records it. */
  async share(name: string, request: ShareRequest): Promise<ShareResult> {
    if (!request.dryRun) await this.ctx.recover();
    const result = await shareSkill(name, { ...this.ctx.scope, ...request });
    if (result.applied)
      await this.ctx.record({ kind: "share", name, target: result.from, from: null, to: null, backup: null });
    return result;
  }

  /** Stops every add still running. */
  dispose(): void {
    for (const controller of this.adds.values()) controller.abort();
    this.adds.clear();
  }

  private async recordAdd(result: AddResult): Promise<void> {
    if (!result.applied) return;
    for (const skill of result.skills) {
      const copy = skill.places.find((p) => p.mode === "copy" && p.applied) ?? skill.places.find((p) => p.applied);
      if (copy)
        await this.ctx.record({
          kind: "add",
          name: skill.name,
          target: path.resolve(copy.path),
          from: null,
          to: skill.version,
          backup: copy.applied?.backup ?? null,
        });
      if (skill.handoff)
        await this.ctx.record({
          kind: "handoff",
          name: skill.name,
          target: skill.handoff.archive,
          from: null,
          to: skill.handoff.version,
          backup: null,
        });
    }
  }
}
