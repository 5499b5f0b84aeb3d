// A skill read afresh for the validation cache: its result and the record that keeps it, in `validate`'s thread or in
// the read worker, which sends the record back as checked JSON text (the thread that writes the file neither builds nor
// serialises it).
import type { Diagnostic, Profile } from "../../../shared/model";
import type { StatsSeen } from "../fs/stats-seen";
import type { RealDirs } from "../skill/real-dirs";
import { recordedPaths } from "./entries";
import { isRecord, recordKey, type CacheRecord } from "./format";
import { readCacheable, scanPartOf } from "./scan-part";

/** What validating one skill found. */
export interface SkillResult {
  name: string;
  valid: boolean;
  diagnostics: Diagnostic[];
}

/** A skill folder to read afresh: its absolute folder, the profile, and when the run began reading (ns, decimal). */
export interface ValidateJob {
  dir: string;
  profile: Profile;
  since: string;
  /** The racy window in ns (decimal); absent: the default. */
  window?: string;
  /** The folder's real path, when the sender knows it (it resolves them for many folders at once). */
  realDir?: string;
}

/** A skill read afresh: its result and the record keeping it, null when the result may not be kept. */
export interface FreshResult extends SkillResult {
  record: CacheRecord | null;
  /** The read could not tell what its result depends on (a link, a recent change, too many paths). */
  uncacheable: boolean;
}

/** The worker's answer for a ValidateJob: a FreshResult with its record as JSON text. */
export interface ValidateRead extends SkillResult {
  record: string | null;
  /** The record's paths its result depends on, as JSON text (`validate`'s kept run needs them, not the record). */
  own: string | null;
  uncacheable: boolean;
}

/** How one fresh read runs: the racy window, where real folders come from, and the stats the run already took. */
export interface FreshReadOptions {
  window?: bigint;
  realDirs?: RealDirs;
  /** The folder's real path, already known (the worker is told it). */
  realDir?: string;
  seen?: StatsSeen;
}

/** Reads and checks a skill folder (absolute), with the record that keeps its result when it may be kept. */
export async function readForRecord(
  dir: string,
  profile: Profile,
  since: bigint,
  options: FreshReadOptions = {},
): Promise<FreshResult> {
  const { window, realDirs, realDir, seen } = options;
  const read = { profile, ...(realDir ? { realDir } : { realDirs }) };
  const { report, entries } = await readCacheable(dir, read, since, window, false, seen);
  const result = { name: report.name, valid: report.valid, diagnostics: report.diagnostics };
  if (!entries) return { ...result, record: null, uncacheable: true };
  // The scan's part goes along, so the app reuses this result; its content hash is the scan's to compute.
  const s = scanPartOf(report, undefined);
  // In this order: the file's reader finds the scan part last.
  const kept: CacheRecord = {
    k: recordKey(profile, dir),
    ...recordedPaths(entries),
    n: result.name,
    v: result.valid,
    d: result.diagnostics,
    ...(s ? { s } : {}),
  };
  // A record the file's own check would refuse (a string past its limits) is not kept.
  return { ...result, record: isRecord(kept) ? kept : null, uncacheable: false };
}

/** readForRecord for a worker's job: the record as JSON text (the scan part last, as the file's reader expects). */
export async function readForRecordText(job: ValidateJob): Promise<ValidateRead> {
  const fresh = await readForRecord(job.dir, job.profile, BigInt(job.since), {
    ...(job.window !== undefined ? { window: BigInt(job.window) } : {}),
    ...(job.realDir !== undefined ? { realDir: job.realDir } : {}),
  });
  const { record } = fresh;
  return {
    ...fresh,
    record: record && JSON.stringify(record),
    own: record && JSON.stringify(record.e.slice(0, record.o ?? record.e.length)),
  };
}
