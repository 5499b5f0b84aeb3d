// The identity of a file or folder as validation saw it: device, inode, size, mtime and ctime in nanoseconds.
import type { BigIntStats } from "node:fs";
import { statNs, type KeptStat, type StatsSeen } from "../fs/stats-seen";

/**
 * A listed path's identity, as one string ("dev:ino:size:mtimeNs:ctimeNs", or "dev:ino:size:mtimeNs" when ctime equals
 * mtime, as it does for most files: the two forms differ in their count of fields, so neither can stand for the other).
 */
export type Identity = string;

/** How close to the recording a timestamp may be and still be trusted: FAT and SMB keep 2-second times. */
export const RACY_WINDOW_NS = 2_000_000_000n;

/** The wall clock in nanoseconds (file timestamps use the same clock). */
export const nowNs = (): bigint => BigInt(Date.now()) * 1_000_000n;

/**
 * One stat result, or null (gone, unreadable); `follow` for the skill folder itself, which may be a link. With `seen`,
 * a stat of the same path this run already took is used instead, once.
 */
export function statIdentity(abs: string, follow: boolean, seen?: StatsSeen): KeptStat | null {
  try {
    return seen?.take(abs, follow) ?? statNs(abs, follow) ?? null;
  } catch {
    return null;
  }
}

/** The identity string of stat results. */
export const identityOf = (s: Pick<BigIntStats, "dev" | "ino" | "size" | "mtimeNs" | "ctimeNs">): Identity =>
  s.ctimeNs === s.mtimeNs
    ? `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}`
    : `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;

/**
 * Git's "racy clean": a path changed within the window before `since` (when its reading began) may change again
 * without its size, mtime or ctime showing it, so a result that depends on it is not kept.
 */
export const isRacy = (s: KeptStat, since: bigint, window: bigint = RACY_WINDOW_NS): boolean =>
  s.mtimeNs >= since - window || s.ctimeNs >= since - window;
