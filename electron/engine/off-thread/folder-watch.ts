// Recursive folder watches for the catalog watcher: in this thread (fs.watch), or, where this thread answers requests,
// in a worker that holds them and sends the events here. A worker that dies fails every watch it held (the watcher
// then re-watches as it does after any watch error), and the next watch starts a fresh worker.
import { watch } from "node:fs";
import { Worker } from "node:worker_threads";
import type { WatchReply, WatchRequest } from "./watch-protocol";

/** One watched folder's callbacks: a change (the path relative to the folder, when known) and a failure. */
export interface WatchCallbacks {
  change: (filename: string | null) => void;
  error: (error: NodeJS.ErrnoException) => void;
}

/** Starts recursive watches and stops them. */
export interface FolderWatches {
  /** Watches `root`; returns what stops it. May throw (in this thread) or fail later through `error`. */
  watch(root: string, on: WatchCallbacks): () => void;
  /** Resolves once every watch asked for so far is in place (or has failed): changes after that are seen. */
  settled(): Promise<void>;
  /** Stops every watch (and the worker). */
  close(): void;
}

/** Watches in this thread, as fs.watch does. */
function watchesHere(): FolderWatches {
  return {
    watch(root, on) {
      const w = watch(root, { recursive: true, persistent: false }, (_event, filename) =>
        on.change(filename === null ? null : filename.toString()),
      );
      w.on("error", on.error);
      return () => w.close();
    },
    settled: () => Promise.resolve(),
    close: () => undefined,
  };
}

/** Watches held by a worker of `script` (the read worker's bundle); events and failures arrive as messages. */
function watchesInWorker(script: string): FolderWatches {
  let worker: Worker | null = null;
  /** Requests made before the worker said it loaded (its listener may not exist yet): sent on "ready". */
  let early: WatchRequest[] | null = null;
  let nextId = 0;
  const open = new Map<number, WatchCallbacks>();
  /** Watches the worker has not yet said are in place, and who waits for them all. */
  const unsettled = new Set<number>();
  let waiters: Array<() => void> = [];
  const settle = (id: number | null) => {
    if (id === null) unsettled.clear();
    else unsettled.delete(id);
    if (unsettled.size > 0) return;
    const waiting = waiters;
    waiters = [];
    for (const resolve of waiting) resolve();
  };
  const failAll = (code: string) => {
    const failed = [...open.values()];
    open.clear();
    settle(null);
    worker = null;
    early = null;
    for (const on of failed) on.error(Object.assign(new Error(`The watching worker stopped (${code}).`), { code }));
  };
  const start = (): Worker => {
    const started = new Worker(script);
    started.unref();
    started.on("message", (reply: WatchReply | { type?: unknown }) => {
      if (!reply || typeof reply !== "object") return;
      if (reply.type === "ready" && worker === started && early) {
        const queued = early;
        early = null;
        for (const request of queued) send(request);
        return;
      }
      const r = reply as WatchReply;
      if (r.type === "watching" || r.type === "watch-error") settle(r.id);
      const on = typeof r.id === "number" ? open.get(r.id) : undefined;
      if (!on) return;
      if (r.type === "watch-event") on.change(typeof r.filename === "string" ? r.filename : null);
      else if (r.type === "watch-error") {
        open.delete(r.id);
        on.error(Object.assign(new Error(`Watching failed (${r.code}).`), { code: String(r.code) }));
      }
    });
    const died = () => {
      if (worker !== started) return;
      failAll("worker-exit");
    };
    started.on("error", died);
    started.on("exit", died);
    return started;
  };
  const send = (request: WatchRequest) => {
    if (early) {
      early.push(request);
      return;
    }
    try {
      worker?.postMessage(request);
    } catch {
      failAll("worker-exit");
    }
  };
  return {
    watch(root, on) {
      if (!worker) {
        worker = start();
        early = [];
      }
      const id = ++nextId;
      open.set(id, on);
      unsettled.add(id);
      send({ type: "watch", id, root });
      return () => {
        if (open.delete(id)) send({ type: "unwatch", id });
        settle(id);
      };
    },
    settled: () => (unsettled.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    close() {
      open.clear();
      settle(null);
      const ending = worker;
      worker = null;
      early = null;
      void ending?.terminate().catch(() => undefined);
    },
  };
}

/** Recursive watches for a catalog watcher: in a worker of `script` when given, else in this thread. */
export function folderWatches(script: string | undefined): FolderWatches {
  return script ? watchesInWorker(script) : watchesHere();
}
