// Validates many skill folders with bounded concurrency (discovery, the CLI and the bench use it).
import { mapBounded } from "../fs/bounded";
import { readSkill } from "./read-skill";
import { RealDirs } from "./real-dirs";
import type { ReadSkillOptions, SkillReport } from "./types";

/** Options for validating many skills at once. */
export interface ValidateManyOptions extends ReadSkillOptions {
  /** Skills read at the same time (default 32): enough to keep the thread pool busy, few enough to bound memory. */
  concurrency?: number;
}

/**
 * Reads and validates every folder in `dirs`, in order, a bounded number at a time.
 * Exported for tests: they and the bench validate many folders the way validate does.
 */
export function validateSkills(dirs: readonly string[], options: ValidateManyOptions = {}): Promise<SkillReport[]> {
  const { concurrency = 32, ...readOptions } = options;
  const shared = { realDirs: new RealDirs(), ...readOptions };
  return mapBounded(dirs, concurrency, (dir) => readSkill(dir, shared));
}
