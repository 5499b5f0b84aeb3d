// The registry of running updates: one task per installed folder, found again by a page that reloaded, kept with its
// outcome until someone has read it, and dropped (its staging removed) when nobody has looked at it for a while.
import { randomBytes } from "node:crypto";
import type { Skill, UpdateInfo, UpdatePlan } from "../../../shared/model";
import type { UpdateProblem, UpdateReview } from "../../../shared/update-flow";
import type { DesktopHandoff } from "../desktop-handoff/desktop-handoff";
import type { FolderDiff } from "../apply/diff";
import type { LockHashResult } from "../transaction/lock-hash";
import type { ObtainedSkill } from "../fetch/obtain";
import type { UpdateOrigin } from "./steps";
import type { RemoteOrigin } from "../mcp-skills/origins";

/** Where a task is: downloading, reviewed (ready to apply or retry), failed, applying, or handed to Claude Desktop. */
export type TaskStage = "downloading" | "reviewed" | "failed" | "applying" | "handed-off";

/** The review of a downloaded version, with the full diff for front ends that print it, or why there is none. */
export type ServiceReview =
  { ok: true; review: UpdateReview; diff: FolderDiff } | { ok: false; problem: UpdateProblem };

/** What applying did: the folder swapped (with its backup and the lock record), the Desktop hand-off, or why not. */
export type ServiceApplied =
  | {
      ok: true;
      kind: "replace-folder";
      name: string;
      dir: string;
      version: string | null;
      previousVersion: string | null;
      kept: string[];
      backup: string;
      /** The skills installer's lock, when its entry was given the new folder hash (or why it could not be). */
      lock: LockHashResult | null;
    }
  | { ok: true; kind: "desktop-upload"; name: string; handoff: DesktopHandoff }
  | { ok: false; problem: UpdateProblem };

/** One update in progress. */
export interface UpdateTask {
  id: string;
  skill: Skill;
  info: UpdateInfo | undefined;
  plan: UpdatePlan;
  origin: UpdateOrigin;
  /** The copy was changed locally: applying replaces those edits and needs the user's yes. */
  overwritesLocalEdits: boolean;
  stage: TaskStage;
  controller: AbortController;
  review: Promise<ServiceReview>;
  obtained: ObtainedSkill | null;
  /** For a copy from an MCP server or a site: its record's folder key, the origin it held and the one fetched. */
  fromOrigin: { key: string; previous: RemoteOrigin; origin: RemoteOrigin } | null;
  diff: FolderDiff | null;
  applying: Promise<ServiceApplied> | null;
  handoff: DesktopHandoff | null;
  arrival: AbortController | null;
  /** When a front end last asked about this task (ms). */
  seenAt: number;
}

/** A new task id: 16 hex digits, as the IPC contract checks. */
export const newTaskId = (): string => randomBytes(8).toString("hex");

/** The tasks by id, with expiry of those nobody watches. */
export class TaskRegistry {
  private readonly tasks = new Map<string, UpdateTask>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly idleMs: number,
    private readonly now: () => number,
    private readonly expire: (task: UpdateTask) => Promise<void>,
  ) {}

  /** Adds a task and starts the sweep while any task is kept. */
  add(task: UpdateTask): void {
    this.tasks.set(task.id, task);
    this.timer ??= setInterval(() => void this.sweep(), Math.max(1000, this.idleMs / 2));
    this.timer.unref?.();
  }

  /** The task with this id (marking it seen), or undefined. */
  get(id: string): UpdateTask | undefined {
    const task = this.tasks.get(id);
    if (task) task.seenAt = this.now();
    return task;
  }

  /** The task updating this real folder, if any. */
  forFolder(realDir: string): UpdateTask | undefined {
    for (const task of this.tasks.values()) if (task.skill.realDir === realDir) return task;
    return undefined;
  }

  delete(id: string): void {
    this.tasks.delete(id);
    if (this.tasks.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  all(): UpdateTask[] {
    return [...this.tasks.values()];
  }

  /** Drops every task nobody asked about within the idle time, unless it is applying or waiting for Desktop. */
  async sweep(): Promise<void> {
    const cutoff = this.now() - this.idleMs;
    for (const task of this.all())
      if (task.seenAt < cutoff && task.stage !== "applying" && !task.arrival) await this.expire(task);
  }

  /** Stops the sweep (the tasks themselves are dropped by the service). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
