// Worker-thread entry (bundled as dist/cli/read-worker.mjs and dist/main/read-worker.cjs): reads skill folders for a scan
// (through the validation cache it names) and for `validate` (the records its cache keeps), runs the hosts' off-thread tasks (off-thread/tasks.ts) by name, and holds a catalog watcher's folder watches.
import { parentPort } from "node:worker_threads";
import { mapBounded } from "../fs/bounded";
import { lazyImport } from "../lazy-import";
import type { TaskReply, TaskRequest } from "../off-thread/protocol";
import { handleWatchRequest } from "../off-thread/watch-in-worker";
import type { WatchRequest } from "../off-thread/watch-protocol";
import type { CacheSaveRequest, ReadBatchRequest, ReadJob, ReadWorkerMessage, SkillRead } from "./read-protocol";
import type { ValidateJob, ValidateRead } from "../validate-cache/read-for-record";

// Each kind of work loads with its first request: a worker for `validate` compiles neither the scan's readers, nor the
// hosts' tasks, and says it is ready sooner.
const validateReads = lazyImport(() => import("../validate-cache/read-for-record"));
const scanReads = lazyImport(() => import("./read"));
const scanCache = lazyImport(() => import("./worker-cache"));
const tasks = lazyImport(() => import("../off-thread/tasks"));

const port = parentPort;
/** Shortest time between two progress messages; the main thread's stall limit is far longer (seconds). */
const PROGRESS_EVERY_MS = 5;

async function readBatch(request: ReadBatchRequest): Promise<ReadWorkerMessage> {
  try {
    const read1 = await readerOf(request);
    let lastSign = performance.now();
    const jobs: Array<ReadJob | ValidateJob> = request.jobs;
    const reads = await mapBounded(jobs, Math.max(1, request.limit), async (job) => {
      const read = await read1(job);
      // A sign of progress at most every few ms (not one message per folder): the watchdog's limit is seconds.
      const now = performance.now();
      if (now - lastSign >= PROGRESS_EVERY_MS) {
        lastSign = now;
        port?.postMessage({ type: "progress", batch: request.batch } satisfies ReadWorkerMessage);
      }
      return read;
    });
    return { type: "done", batch: request.batch, reads: reads as SkillRead[] | ValidateRead[] };
  } catch (error) {
    return { type: "failed", batch: request.batch, message: error instanceof Error ? error.message : String(error) };
  }
}

/** How one job of the request's kind is read (scan reads through the validation cache the request names, if any). */
async function readerOf(request: ReadBatchRequest): Promise<(job: ReadJob | ValidateJob) => Promise<unknown>> {
  if (request.kind === "validate") {
    const { readForRecordText } = await validateReads();
    return (job) => readForRecordText(job as ValidateJob);
  }
  const { cache } = request;
  if (!cache) {
    const { readJob } = await scanReads();
    return (job) => readJob(job as ReadJob);
  }
  const { readJobCached } = await scanCache();
  return (job) => readJobCached(cache, job as ReadJob);
}

/** Runs one named task; what it throws goes back as its message, never out of the worker. */
async function runTaskRequest(request: TaskRequest): Promise<TaskReply> {
  try {
    const { runNamedTask } = await tasks();
    return { type: "task-done", id: request.id, value: await runNamedTask(request.name, request.args ?? []) };
  } catch (error) {
    if (!(error instanceof Error)) return { type: "task-failed", id: request.id, message: String(error) };
    return { type: "task-failed", id: request.id, message: error.message, name: error.name };
  }
}

if (port) {
  port.on("message", (request: ReadBatchRequest | CacheSaveRequest | TaskRequest | WatchRequest) => {
    if (request?.type === "watch" || request?.type === "unwatch") {
      handleWatchRequest(port, request);
      return;
    }
    if (request?.type === "task") {
      void runTaskRequest(request).then((reply) => {
        try {
          port.postMessage(reply);
        } catch (error) {
          port.postMessage({
            type: "task-failed",
            id: request.id,
            message: error instanceof Error ? error.message : String(error),
          } satisfies TaskReply);
        }
      });
      return;
    }
    if (request?.type === "cache-save") {
      const { file } = request;
      // A cache that cannot be written costs only speed: the scan is told it was saved either way.
      void scanCache()
        .then(({ saveWorkerCache }) => saveWorkerCache(file))
        .catch(() => null)
        .then((note) => port.postMessage({ type: "cache-saved", file, note } satisfies ReadWorkerMessage));
      return;
    }
    if (request?.type !== "read") return;
    port.postMessage({ type: "taken", batch: request.batch } satisfies ReadWorkerMessage);
    void readBatch(request).then((reply) => {
      try {
        port.postMessage(reply);
      } catch (error) {
        port.postMessage({
          type: "failed",
          batch: request.batch,
          message: error instanceof Error ? error.message : String(error),
        } satisfies ReadWorkerMessage);
      }
    });
  });
  port.postMessage({ type: "ready" } satisfies ReadWorkerMessage);
}
