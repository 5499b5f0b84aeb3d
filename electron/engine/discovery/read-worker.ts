// Worker-thread entry (bundled as dist/cli/read-worker.mjs and dist/main/read-worker.cjs): reads skill folders for a scan.
import { parentPort } from "node:worker_threads";
import { mapBounded } from "../skill/validate-many";
import type { ReadBatchRequest, ReadWorkerMessage } from "./read-protocol";
import { readSkillAt } from "./read";

const port = parentPort;
/** Shortest time between two progress messages; the main thread's stall limit is far longer (seconds). */
const PROGRESS_EVERY_MS = 5;

async function readBatch(request: ReadBatchRequest): Promise<ReadWorkerMessage> {
  try {
    let lastSign = performance.now();
    const reads = await mapBounded(request.jobs, Math.max(1, request.limit), async (job) => {
      const read = await readSkillAt(job.dir, job.realDir, job.profile);
      // A sign of progress at most every few ms (not one message per folder): the watchdog's limit is seconds.
      const now = performance.now();
      if (now - lastSign >= PROGRESS_EVERY_MS) {
        lastSign = now;
        port?.postMessage({ type: "progress", batch: request.batch } satisfies ReadWorkerMessage);
      }
      return read;
    });
    return { type: "done", batch: request.batch, reads };
  } catch (error) {
    return { type: "failed", batch: request.batch, message: error instanceof Error ? error.message : String(error) };
  }
}

if (port) {
  port.on("message", (request: ReadBatchRequest) => {
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
