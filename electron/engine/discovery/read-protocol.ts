// The messages between a scan and its read worker: skill folders to read in batches, their reads back.
import type { Profile } from "../../../shared/model";
import type { SkillReport } from "../skill/types";
import type { RecordedEntries } from "../validate-cache/entries";
import type { ValidateJob, ValidateRead } from "../validate-cache/read-for-record";
import type { FolderHash } from "./hash";

/** A skill folder as read: the validator's report, its content hash and the profile used. */
export interface SkillRead {
  report: SkillReport;
  hash: FolderHash;
  profile: Profile;
  /** With the validation cache: the paths the result depends on and their identities (null: not to be kept). */
  entries?: RecordedEntries | null;
  /** Taken from the validation cache (nothing was read), so the scan does not count it as a read. */
  cached?: true;
}

/** Where the scan's validation cache is: its file, and (tests) the rules' version to key on. */
export interface ScanCacheOptions {
  file: string;
  rules?: string;
}

/** One skill folder to read: what readSkillAt takes. */
export interface ReadJob {
  dir: string;
  realDir: string;
  profile: Profile;
  /** With the validation cache: when the scan began reading, in ns (decimal), so the read can say what it depends on. */
  cacheSince?: string;
}

/** What a batch's jobs are: a scan's reads (ReadJob → SkillRead), or `validate`'s (ValidateJob → ValidateRead). */
export type ReadKind = "scan" | "validate";

/** Scan → worker: read these folders with at most `limit` in flight. */
export interface ReadBatchRequest {
  type: "read";
  /** Absent: "scan". */
  kind?: ReadKind;
  batch: number;
  jobs: ReadJob[] | ValidateJob[];
  limit: number;
  /** The validation cache to check each job against, and to record fresh reads in (the worker keeps it open). */
  cache?: ScanCacheOptions;
}

/** Scan → worker: write the validation cache back now (every batch of the scan has been answered). */
export interface CacheSaveRequest {
  type: "cache-save";
  file: string;
}

/**
 * Worker → scan: the worker has loaded and takes batches; it took a batch (from then on a stall or a crash is blamed on
 * the batch's files); it finished one more file of a batch; a batch's reads in job order; why a batch failed; or the
 * validation cache was written back (with the note to show when the file on disk had been ignored).
 */
export type ReadWorkerMessage =
  | { type: "ready" }
  | { type: "taken"; batch: number }
  | { type: "progress"; batch: number }
  | { type: "done"; batch: number; reads: SkillRead[] | ValidateRead[] }
  | { type: "failed"; batch: number; message: string }
  | { type: "cache-saved"; file: string; note: string | null };
