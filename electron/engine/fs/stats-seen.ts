// Stat results a run has just taken, handed on once to the next check of the same path: `validate` stats a skill
// folder and its SKILL.md to tell what a path names, and the validation cache would stat both again moments later.
import { lstatSync, statSync, type BigIntStats } from "node:fs";

const BIGINT = { bigint: true, throwIfNoEntry: false } as const;

/** stat(2) (`follow`) or lstat(2) with nanosecond times, as the validation cache compares them; undefined: absent. */
export const statNs = (abs: string, follow: boolean): BigIntStats | undefined =>
  follow ? statSync(abs, BIGINT) : lstatSync(abs, BIGINT);

/**
 * What a kept stat holds: what the cache's identity and racy checks read. Not the BigIntStats itself, whose Date
 * objects, kept for thousands of paths, would cost every collection of the young generation a copy.
 */
export type KeptStat = Pick<BigIntStats, "dev" | "ino" | "size" | "mtimeNs" | "ctimeNs">;

/** The stats one run took (nanosecond times, as the validation cache compares them), each to be used once. */
export class StatsSeen {
  private readonly stats = new Map<string, KeptStat>();

  /** stat(2) (`follow`) or lstat(2) of a path, kept for one later `take`; undefined when the path is absent. */
  stat(abs: string, follow: boolean): BigIntStats | undefined {
    const info = statNs(abs, follow);
    if (info) {
      const { dev, ino, size, mtimeNs, ctimeNs } = info;
      this.stats.set(keyOf(abs, follow), { dev, ino, size, mtimeNs, ctimeNs });
    }
    return info;
  }

  /** How many stats are kept and not yet taken. */
  get size(): number {
    return this.stats.size;
  }

  /** The kept stat of a path, once (a later check stats it afresh), or undefined. */
  take(abs: string, follow: boolean): KeptStat | undefined {
    const key = keyOf(abs, follow);
    const info = this.stats.get(key);
    if (info) this.stats.delete(key);
    return info;
  }
}

const keyOf = (abs: string, follow: boolean) => (follow ? "stat\0" : "lstat\0") + abs;
