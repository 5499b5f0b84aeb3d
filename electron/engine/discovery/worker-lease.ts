// Keeps one loaded read worker per script between scans: a warm worker skips loading and JIT warm-up, the main cost
// of a fresh one. An idle worker does not keep the process alive and is ended after a minute without work.
import { Worker } from "node:worker_threads";

const IDLE_MS = 60_000;
/** A read worker's heap is capped: a file that still needs more is stopped there instead of taking the app down. */
export const READ_WORKER_MEMORY_MB = 256;
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: READ_WORKER_MEMORY_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };
const idle = new Map<string, { worker: Worker; timer: NodeJS.Timeout; detach: () => void }>();

/** What a scan listens to on its worker. */
export interface WorkerListeners {
  message: (message: unknown) => void;
  /** The worker threw (`error` says what, e.g. ERR_WORKER_OUT_OF_MEMORY), exited or sent what cannot be read. */
  failure: (error?: unknown) => void;
}

/** A worker lent to one scan; `ready` tells whether it already said it loaded. */
export interface LeasedWorker {
  worker: Worker;
  ready: boolean;
  detach: () => void;
}

function attach(worker: Worker, listeners: WorkerListeners): () => void {
  const failure = (error?: unknown) => listeners.failure(error);
  worker.on("message", listeners.message);
  worker.on("error", failure);
  worker.on("messageerror", failure);
  worker.on("exit", failure);
  return () => {
    worker.off("message", listeners.message);
    worker.off("error", failure);
    worker.off("messageerror", failure);
    worker.off("exit", failure);
  };
}

/** Lends the idle worker for this script, or starts a new one (which may throw, or fail later through `failure`). */
export function leaseWorker(script: string, listeners: WorkerListeners): LeasedWorker {
  const cached = idle.get(script);
  if (cached) {
    idle.delete(script);
    clearTimeout(cached.timer);
    cached.worker.ref();
    const detach = attach(cached.worker, listeners);
    cached.detach();
    return { worker: cached.worker, ready: true, detach };
  }
  const worker = new Worker(script, { resourceLimits: RESOURCE_LIMITS });
  return { worker, ready: false, detach: attach(worker, listeners) };
}

/** Starts a worker and keeps it idle once loaded, so a scan finds it warm (the tests use it to make the worker path certain); false if it failed to load. */
export function prestartWorker(script: string, timeoutMs = 10_000): Promise<boolean> {
  if (idle.has(script)) return Promise.resolve(true);
  return new Promise((resolve) => {
    let lease: LeasedWorker | null = null;
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (lease) releaseWorker(script, lease, ok);
      resolve(ok);
    };
    const timer = setTimeout(() => settle(false), timeoutMs);
    try {
      lease = leaseWorker(script, {
        message: (message) => (message as { type?: unknown } | null)?.type === "ready" && settle(true),
        failure: () => settle(false),
      });
    } catch {
      settle(false);
    }
  });
}

function end(worker: Worker): void {
  worker.on("error", () => undefined);
  void worker.terminate().catch(() => undefined);
}

/** Takes a worker back: a healthy one (loaded, nothing in flight) is kept idle if none is, any other is ended. */
export function releaseWorker(script: string, lease: LeasedWorker, healthy: boolean): void {
  const { worker } = lease;
  if (!healthy || idle.has(script)) {
    end(worker);
    lease.detach();
    return;
  }
  const forget = () => {
    const entry = idle.get(script);
    if (entry?.worker !== worker) return;
    clearTimeout(entry.timer);
    idle.delete(script);
    entry.detach();
    end(worker);
  };
  const detach = attach(worker, { message: () => undefined, failure: forget });
  lease.detach();
  worker.unref();
  const timer = setTimeout(forget, IDLE_MS);
  timer.unref();
  idle.set(script, { worker, timer, detach });
}

/** Ends every idle worker now (tests; a host shutting down). Exported for tests: they end the workers between cases. */
export async function endIdleWorkers(): Promise<void> {
  const entries = [...idle.values()];
  idle.clear();
  await Promise.all(
    entries.map(({ worker, timer }) => {
      clearTimeout(timer);
      return worker.terminate().catch(() => undefined);
    }),
  );
}
