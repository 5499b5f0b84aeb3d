// Stat results a run has just taken, handed on once to the next check of the same path: `validate` stats a skill
// folder and its SKILL.md to tell what a path names, and the validation cache would stat both again moments later.
import { lstatSync, statSync, type BigIntStats } from "node:fs";

const BIGINT = { bigint: true, throwIfNoEntry: false } as const;

/** The stats one run took (nanosecond times, as the validation cache compares them), each to be used once. */
export class StatsSeen {
  private readonly stats = new Map<string, BigIntStats>();

  /** stat(2) (`follow`) or lstat(2) of a path, kept for one later `take`; undefined when the path is absent. */
  stat(abs: string, follow: boolean): BigIntStats | undefined {
    const info = follow ? statSync(abs, BIGINT) : lstatSync(abs, BIGINT);
    if (info) this.stats.set(keyOf(abs, follow), info);
    return info;
  }

  /** How many stats are kept and not yet taken. */
  get size(): number {
    return this.stats.size;
  }

  /** The kept stat of a path, once (a later check stats it afresh), or undefined. */
  take(abs: string, follow: boolean): BigIntStats | undefined {
    const key = keyOf(abs, follow);
    const info = this.stats.get(key);
    if (info) this.stats.delete(key);
    return info;
  }
}

const keyOf = (abs: string, follow: boolean) => (follow ? "stat\0" : "lstat\0") + abs;
