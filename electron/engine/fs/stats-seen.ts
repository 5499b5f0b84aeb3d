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
  /** By path, one map per kind of stat (a key made of both would be a string built per lookup). */
  private readonly followed = new Map<string, KeptStat>();
  private readonly linked = new Map<string, KeptStat>();

  /** stat(2) (`follow`) or lstat(2) of a path, kept for one later `take`; undefined when the path is absent. */
  stat(abs: string, follow: boolean): BigIntStats | undefined {
    const info = statNs(abs, follow);
    if (info) {
      const { dev, ino, size, mtimeNs, ctimeNs } = info;
      (follow ? this.followed : this.linked).set(abs, { dev, ino, size, mtimeNs, ctimeNs });
    }
    return info;
  }

  /** How many stats are kept and not yet taken. */
  get size(): number {
    return this.followed.size + this.linked.size;
  }

  /** The kept stat of a path, once (a later check stats it afresh), or undefined. */
  take(abs: string, follow: boolean): KeptStat | undefined {
    const stats = follow ? this.followed : this.linked;
    const info = stats.get(abs);
    if (info) stats.delete(abs);
    return info;
  }
}
