// A scan's reads on two cores: the shared pool (worker-pool.ts) with the scan's reader, kept apart from the pool so
// that `validate`, which shares the pool, never loads the scan's readers or the tasks they call.
import { limitedRead } from "./limited-read";
import { readJob, type SkillRead } from "./read";
import type { ReadJob } from "./read-protocol";
import { shareReadsWithWorker, type SharedReadSettings, type SharedReader } from "./worker-pool";

/**
 * Reads every job once, here and in one worker thread, calling onSkillRead and then onRead(index, read) in this
 * thread for each; what the worker does not take is read here, so the reads are those of readSkillAt either way,
 * except a folder that alone stops the worker (memory, time, crash): it is reported with scan.skill.limit.
 */
export function readSharedWithWorker(
  jobs: readonly ReadJob[],
  settings: SharedReadSettings,
  onRead: (index: number, read: SkillRead) => void,
): Promise<void> {
  return shareReadsWithWorker(jobs, settings, scanReader(settings), onRead);
}

/** The scan's reads: a skill folder read and hashed, its count of fresh reads kept by onSkillRead. */
const scanReader = (settings: SharedReadSettings): SharedReader<ReadJob, SkillRead> => ({
  kind: "scan",
  readHere: (job) => readJob(job, settings.onSkillRead),
  limited: (job, limit, timeLimitMs) => {
    settings.onSkillRead?.(job.dir);
    return limitedRead(job, limit, timeLimitMs);
  },
  arrived: (job, read) => {
    if (!read.cached) settings.onSkillRead?.(job.dir);
  },
});
