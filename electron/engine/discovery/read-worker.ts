// Worker-thread entry (bundled as dist/cli/read-worker.mjs and dist/main/read-worker.cjs): reads skill folders for a scan.
import { parentPort } from "node:worker_threads";
import { mapPool } from "./pool";
import type { ReadBatchRequest, ReadWorkerMessage } from "./read-protocol";
import { readSkillAt } from "./read";

const port = parentPort;

async function readBatch(request: ReadBatchRequest): Promise<ReadWorkerMessage> {
  try {
    const reads = await mapPool(request.jobs, Math.max(1, request.limit), async (job) => {
      const read = await readSkillAt(job.dir, job.realDir, job.profile);
      port?.postMessage({ type: "progress", batch: request.batch } satisfies ReadWorkerMessage);
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
