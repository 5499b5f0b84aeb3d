// Many skill folders through the validation cache at once, as `validate FOLDER` checks them: every kept result is
// checked here (stats only), and the skills that must be read are shared between this thread and the read worker when
// there are enough of them to pay for its start. Either way each result is the one validateSkillCached gives.
import path from "node:path";
import type { Profile } from "../../../shared/model";
import { mapBounded } from "../fs/bounded";
import type { StatsSeen } from "../fs/stats-seen";
import type { RealDirs } from "../skill/real-dirs";
import type { TargetResult } from "../validate-target";
import type { SharedReader } from "../discovery/worker-pool";
import { keepFresh, readForRecordModule, type CacheClock } from "./cached-skill";
import { stillMatches } from "./entries";
import { recordKey } from "./format";
import { resultEntries } from "./result-entries";
import { nowNs } from "./identity";
import type { FreshResult, ValidateJob, ValidateRead } from "./read-for-record";
import type { ValidationCache } from "./store";

/** Reads in flight in this thread (and per batch in the worker). */
const READS_IN_FLIGHT = 16;

/** Where the read worker is and how many skills to read make it worth starting (none: all are read here). */
export interface SkillsWorker {
  workerScript?: string;
  /** Fewest skills to read for the worker to start (default 400, as for a scan). */
  workerMinSkills?: number;
}

/** The options of one batch: stats already taken, real folders known, the worker, and the tests' clock. */
export interface SkillsCachedOptions extends SkillsWorker {
  seen?: StatsSeen;
  realDirs?: RealDirs;
  clock?: CacheClock;
  /** Told of each folder the worker read (the bench counts them; tests make sure the worker took part). */
  onWorkerRead?: (dir: string) => void;
  /** Told, per target, the paths its result depends on as its record keeps them (null: the result was not kept). */
  onEntries?: (index: number, entries: Array<[string, string]> | null) => void;
}

/** validate's reads for the shared pool: a job read here, or again here when it alone stopped the worker. */
function validateReader(options: SkillsCachedOptions): SharedReader<ValidateJob, FreshResult | ValidateRead> {
  const { realDirs, seen, onWorkerRead } = options;
  const readHere = async (job: ValidateJob): Promise<FreshResult> => {
    const { readForRecord } = await readForRecordModule();
    return readForRecord(job.dir, job.profile, BigInt(job.since), {
      ...(job.window !== undefined ? { window: BigInt(job.window) } : {}),
      ...(job.realDir !== undefined ? { realDir: job.realDir } : { realDirs }),
      seen,
    });
  };
  // A folder that stopped the worker (its capped heap, a stall) is read here, as a run without the worker reads it.
  return {
    kind: "validate",
    readHere,
    limited: (job) => readHere(job),
    ...(onWorkerRead ? { arrived: (job: ValidateJob) => onWorkerRead(job.dir) } : {}),
  };
}

/**
 * validateSkillCached for each target, in order: kept results first (stats only), then the folders that must be read,
 * shared with the read worker when at least `workerMinSkills` of them are.
 */
export async function validateSkillsCached(
  targets: ReadonlyArray<{ path: string; dir: string }>,
  profile: Profile,
  cache: ValidationCache,
  options: SkillsCachedOptions = {},
): Promise<TargetResult[]> {
  const results: TargetResult[] = new Array<TargetResult>(targets.length);
  const jobs: ValidateJob[] = [];
  const jobTargets: number[] = [];
  const since = (options.clock?.now ?? nowNs)().toString();
  const window = options.clock?.racyWindowNs?.toString();
  targets.forEach((target, i) => {
    const dir = path.isAbsolute(target.dir) ? target.dir : path.resolve(target.dir);
    const kept = cache.get(recordKey(profile, dir), true);
    if (kept && stillMatches(dir, kept, true, options.seen)) {
      cache.counts.reused++;
      options.onEntries?.(i, resultEntries({ record: kept }));
      results[i] = { path: target.path, kind: "skill", name: kept.n, valid: kept.v, diagnostics: kept.d };
      return;
    }
    jobs.push({ dir, profile, since, ...(window !== undefined ? { window } : {}) });
    jobTargets.push(i);
  });
  const worker =
    options.workerScript !== undefined && jobs.length >= Math.max(1, options.workerMinSkills ?? 400)
      ? options.workerScript
      : null;
  // The worker is told each folder's real path: resolved here for all of them, a parent at a time.
  if (worker)
    for (const job of jobs) {
      const real = options.realDirs?.of(job.dir);
      if (real !== undefined) job.realDir = real;
    }
  const reader = validateReader(options);
  const keep = (j: number, read: FreshResult | ValidateRead) => {
    const job = jobs[j] as ValidateJob;
    const i = jobTargets[j] as number;
    keepFresh(cache, recordKey(profile, job.dir), read);
    options.onEntries?.(i, resultEntries(read));
    const { name, valid, diagnostics } = read;
    results[i] = { path: (targets[i] as { path: string }).path, kind: "skill", name, valid, diagnostics };
  };
  if (worker) {
    // Loaded only here: the pool brings the scan's readers, which a run of kept results never needs.
    const { shareReadsWithWorker } = await import("../discovery/worker-pool");
    await shareReadsWithWorker(jobs, { workerScript: worker, limit: READS_IN_FLIGHT }, reader, keep);
  } else await mapBounded(jobs, READS_IN_FLIGHT, async (job, j) => keep(j, await reader.readHere(job)));
  return results;
}
