// Validates many skill folders with bounded concurrency (discovery, the CLI and the bench use it).
import { readSkill } from "./read-skill";
import { RealDirs } from "./real-dirs";
import type { ReadSkillOptions, SkillReport } from "./types";

/** Options for validating many skills at once. */
export interface ValidateManyOptions extends ReadSkillOptions {
  /** Skills read at the same time (default 32): enough to keep the thread pool busy, few enough to bound memory. */
  concurrency?: number;
}

/** Runs `task` over `items` with at most `concurrency` in flight; results keep the input order. */
export async function mapBounded<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return results;
}

/** Reads and validates every folder in `dirs`, in order, a bounded number at a time. */
export function validateSkills(dirs: readonly string[], options: ValidateManyOptions = {}): Promise<SkillReport[]> {
  const { concurrency = 32, ...readOptions } = options;
  const shared = { realDirs: new RealDirs(), ...readOptions };
  return mapBounded(dirs, concurrency, (dir) => readSkill(dir, shared));
}
