// Runs engine work in a worker thread so the thread that answers requests (Electron main, the web host) never waits on
// a folder walk or a hash. One task worker per process, started on first use and ended when idle; a worker that
// crashes, runs out of memory or overruns a task's time limit is ended, its tasks fail with the reason, and the next
// task starts a fresh one. Without a worker script (the CLI from source, the worker itself) a task runs in this thread.
import { Worker } from "node:worker_threads";
import type { TaskReply, TaskRequest } from "./protocol";
import { EngineError } from "../errors";

/** The heap a task worker may use (as the read worker): a hostile folder stops it, never the host. */
const MEMORY_MB = 256;
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: MEMORY_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };
/** A task that takes longer than this stops its worker (a stalled read or a pathological folder). */
const DEFAULT_TASK_TIME_MS = 60_000;
const IDLE_MS = 60_000;

/** Why a task did not finish in the worker: it ran out of memory, overran its time, or the worker stopped. */
export class OffThreadError extends EngineError {
  override name = "OffThreadError";
  constructor(
    message: string,
    readonly limit: "memory" | "time" | "crash",
  ) {
    super(`off-thread.${limit}`, message);
  }
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  /** The same task in this thread, for a worker that could not load. */
  here: () => Promise<unknown>;
}

class TaskWorker {
  readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private idleTimer: NodeJS.Timeout | null = null;
  private ended = false;
  /** Whether the worker said it loaded; one that fails before that cannot run tasks at all. */
  loaded = false;
  /** Tasks sent before the worker loaded: posted once it says it is ready (its listener may not exist yet). */
  private early: TaskRequest[] = [];

  constructor(
    script: string,
    private readonly onEnd: (worker: TaskWorker) => void,
  ) {
    this.worker = new Worker(script, { resourceLimits: RESOURCE_LIMITS });
    this.worker.on("message", (message: TaskReply | { type?: unknown }) => this.onMessage(message));
    const failed = (error?: unknown) => {
      const code = (error as { code?: unknown } | undefined)?.code;
      this.end(
        code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new OffThreadError(`The work needed more than ${MEMORY_MB} MB of memory, so it was stopped.`, "memory")
          : new OffThreadError("The worker doing this work stopped unexpectedly.", "crash"),
      );
    };
    this.worker.on("error", failed);
    this.worker.on("messageerror", failed);
    this.worker.on("exit", () => failed());
    this.idle();
  }

  run(name: string, args: unknown[], here: () => Promise<unknown>, id: number, timeMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          this.end(
            new OffThreadError(`The work took longer than ${Math.round(timeMs / 1000)} s, so it was stopped.`, "time"),
          ),
        timeMs,
      );
      this.pending.set(id, { resolve, reject, timer, here });
      this.busy();
      const request: TaskRequest = { type: "task", id, name, args };
      if (this.loaded) this.post(request);
      else this.early.push(request);
    });
  }

  private post(request: TaskRequest): void {
    try {
      this.worker.postMessage(request);
    } catch (error) {
      this.settle(request.id, (p) => p.reject(error instanceof Error ? error : new Error(String(error))));
    }
  }

  /** Ends the worker and fails every task in flight with `error` (runs them here when the worker never loaded). */
  end(error: Error): void {
    if (this.ended) return;
    this.ended = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    for (const [, p] of this.pending) {
      clearTimeout(p.timer);
      const neverLoaded = !this.loaded && error instanceof OffThreadError && error.limit === "crash";
      if (neverLoaded) p.here().then(p.resolve, p.reject);
      else p.reject(error);
    }
    this.pending.clear();
    this.worker.removeAllListeners("exit");
    this.worker.on("error", () => undefined);
    void this.worker.terminate().catch(() => undefined);
    this.onEnd(this);
  }

  private onMessage(message: TaskReply | { type?: unknown }): void {
    if (!message || typeof message !== "object") return;
    if (message.type === "ready") {
      this.loaded = true;
      for (const request of this.early.splice(0)) this.post(request);
      return;
    }
    const reply = message as TaskReply;
    if (reply.type === "task-done") this.settle(reply.id, (p) => p.resolve(reply.value));
    else if (reply.type === "task-failed") this.settle(reply.id, (p) => p.reject(taskError(reply)));
  }

  private settle(id: number, how: (p: Pending) => void): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    clearTimeout(p.timer);
    how(p);
    if (this.pending.size === 0) this.idle();
  }

  private busy(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.worker.ref();
  }

  /** An idle worker does not keep the process alive and is ended after a while without work. */
  private idle(): void {
    this.worker.unref();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.end(new OffThreadError("The worker was idle.", "crash")), IDLE_MS);
    this.idleTimer.unref();
  }
}

/** What a task threw in the worker, as an Error here with the same message and name (a class's explicit name). */
function taskError(reply: { message: string; name?: string }): Error {
  const error = new Error(String(reply.message));
  if (typeof reply.name === "string") error.name = reply.name;
  return error;
}

let script: string | undefined;
let current: TaskWorker | null = null;
/** Set when a worker could not even load: tasks then run in this thread rather than not at all. */
let unloadable = false;
let nextId = 0;
let started = 0;

/** Names the worker bundle the host's tasks run in (undefined: they run in this thread); hosts call it once. */
export function useTaskWorker(workerScript: string | undefined): void {
  if (workerScript === script) return;
  current?.end(new OffThreadError("The worker was replaced.", "crash"));
  current = null;
  unloadable = false;
  script = workerScript;
}

/** How many task workers this process has started. Exported for tests: they see a dead worker replaced. */
export function taskWorkersStarted(): number {
  return started;
}

/** Whether tasks run in a worker thread here (a script is set and it can load). Exported for tests: they assert it. */
export function tasksRunOffThread(): boolean {
  return Boolean(script) && !unloadable;
}

/**
 * Runs task `name` (whose function in this thread is `here`) in the task worker; in this thread when no worker is set
 * or none can load. A worker failure rejects with an OffThreadError; what the task throws rejects with its message.
 */
export function runTask<A extends unknown[], R>(
  name: string,
  here: (...args: A) => Promise<R>,
  args: A,
  timeMs = DEFAULT_TASK_TIME_MS,
): Promise<R> {
  if (!script || unloadable) return here(...args);
  if (!current) {
    started++;
    current = new TaskWorker(script, (ended) => {
      if (current === ended) current = null;
      // A worker that stopped before it loaded (a missing or broken bundle) will not load next time either.
      if (!ended.loaded) unloadable = true;
    });
  }
  return current.run(name, args, () => here(...args), ++nextId, timeMs) as Promise<R>;
}

/** Ends the task worker now (tests; a host shutting down). Exported for tests: they end it between cases. */
export function endTaskWorker(): void {
  current?.end(new OffThreadError("The worker was ended.", "crash"));
  current = null;
}
