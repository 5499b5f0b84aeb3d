// The inputs of a scan; its output is ScanResult in shared/model.ts.
import type { TaskProgress } from "../../../shared/model";
import type { ScanCacheOptions } from "./read-protocol";

/** Operating systems whose layouts discovery knows. */
export type ScanPlatform = "darwin" | "win32" | "linux";

/** What to scan: a home folder on a platform, with its environment, plus extra folders. */
export interface ScanOptions {
  /** The user's home folder (`--home`). */
  home: string;
  platform: ScanPlatform;
  /** Environment variables consulted (APPDATA, LOCALAPPDATA, XDG_*, CLAUDE_CONFIG_DIR, CODEX_HOME...). */
  env: Record<string, string | undefined>;
  /** Extra folders (`--include`): a skill, a folder of skills, a plugin root, a folder of plugins or a project. */
  include?: string[];
  /** Progress reports for long scans. */
  onProgress?: (progress: TaskProgress) => void;
  /** Read the home's client folders (default true); false reads only the `include` folders (author mode). */
  homeLocations?: boolean;
  /** How many skill folders are read at once (default 32). */
  concurrency?: number;
  /** At most this many entries are listed per location; the rest are reported (default 5,000). */
  maxEntriesPerLocation?: number;
  /** Called each time a skill folder is read and validated (lets tests and benchmarks count re-reads). */
  onSkillRead?: (dir: string) => void;
  /** Absolute path of the built read-worker bundle; given, big scans read skills in a worker thread too (undefined: all in this thread). */
  workerScript?: string;
  /** A scan reads skills in the worker only when at least this many are to be read (default 400). */
  workerMinSkills?: number;
  /**
   * True where this thread answers requests (Electron main, the web host): with a workerScript, every skill is read in
   * the worker and none here, whatever the count (this thread reads only when no worker can start).
   */
  readsOffThread?: boolean;
  /** The validation cache `validate` shares (absent or null: every skill is read). */
  validationCache?: ScanCacheOptions | null;
  /** Told when the validation cache's file was ignored (damaged or hostile) and will be rebuilt. */
  onCacheNote?: (note: string) => void;
}
