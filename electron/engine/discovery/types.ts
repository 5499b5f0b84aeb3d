// The inputs of a scan; its output is ScanResult in shared/model.ts.
import type { TaskProgress } from "../../../shared/model";

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
}
