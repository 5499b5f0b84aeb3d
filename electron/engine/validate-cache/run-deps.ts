// What a kept `validate` run depends on: the paths it read through links and each skill's paths, with their identities
// as numbers a plain stat(2) gives back (compared thousands of times per run, so neither BigInt nor text), and their
// stored form: names as flat JSON lists, identities as one array of numbers read in place.
import { lstatSync, statSync, type Stats } from "node:fs";
import path from "node:path";
import { childPath } from "../fs/child-path";
import { statNs, type KeptStat } from "../fs/stats-seen";
import { isRacy } from "./identity";

/** Numbers per identity: device, inode, size, mtime and ctime. */
export const PER_PATH = 5;
/** The device number that marks a path as absent (no device is negative). */
export const ABSENT = -1;

/**
 * A path's identity as a replay compares it: device, inode, size, mtime and ctime in milliseconds, as a plain stat(2)
 * gives them (no BigInt, no text: a replay compares thousands); null when the path does not exist.
 */
export type StatNumbers = [dev: number, ino: number, size: number, mtimeMs: number, ctimeMs: number] | null;

/** A path read through links (a PATH argument, a folder the search listed, the settings file) and its identity. */
export type PathDep = [abs: string, identity: StatNumbers];
/**
 * A skill target in output order: its folder, the path it is shown as, and the paths its result depends on with their
 * identities, as its cache record keeps them ("dev:ino:size:mtimeNs[:ctimeNs]").
 */
export type SkillDep = [dir: string, shown: string, entries: Array<[string, string]>];

/** Everything a run's output depends on besides its command line and its build. */
export interface RunDeps {
  paths: PathDep[];
  skills: SkillDep[];
}

/**
 * RunDeps as the file holds them: the names as JSON in flat lists (each skill's parent folder once; a skill as four
 * items: its parent's index, folder name, shown path or "" for the folder itself, and how many paths it depends on,
 * whose names relative to the folder follow each other in `rels`), and every identity in one array of numbers, the
 * paths' first, then each skill's in order — read in place, never parsed.
 */
export interface StoredDeps {
  names: { paths: string[]; parents: string[]; skills: Array<string | number>; rels: string[] };
  numbers: Float64Array;
}

/** Items per skill in the stored names. */
export const PER_SKILL = 4;

/** Milliseconds from nanoseconds, computed as Node computes a plain stat's from the same seconds and nanoseconds. */
const msOf = (ns: bigint): number => Number(ns / 1_000_000_000n) * 1e3 + Number(ns % 1_000_000_000n) / 1e6;

/** The numbers of stat results taken with nanosecond times. */
const numbersOf = (s: KeptStat): NonNullable<StatNumbers> => [
  Number(s.dev),
  Number(s.ino),
  Number(s.size),
  msOf(s.mtimeNs),
  msOf(s.ctimeNs),
];

/** The count in text[from, to) (a record's identity is canonical decimal: matched against a fresh stat's), or NaN. */
function countIn(text: string, from: number, to: number): number {
  const n = to > from ? Number(text.slice(from, to)) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : NaN;
}

/** Milliseconds from the decimal count of nanoseconds in text[from, to), as msOf computes them from the same count. */
function msIn(text: string, from: number, to: number): number {
  const cut = Math.max(to - 9, from);
  return (cut > from ? countIn(text, from, cut) : 0) * 1e3 + countIn(text, cut, to) / 1e6;
}

/**
 * Writes the numbers of a cache record's identity text ("dev:ino:size:mtimeNs", then ":ctimeNs" when ctime differs) at
 * `at`, read in one pass (a kept run converts one per path); false when it is not such a text.
 */
function writeNumbersOfText(identity: string, into: Float64Array, at: number): boolean {
  const c1 = identity.indexOf(":");
  const c2 = identity.indexOf(":", c1 + 1);
  const c3 = identity.indexOf(":", c2 + 1);
  const c4 = identity.indexOf(":", c3 + 1);
  if (c1 < 0 || c2 < 0 || c3 < 0 || (c4 >= 0 && identity.indexOf(":", c4 + 1) >= 0)) return false;
  const end = c4 < 0 ? identity.length : c4;
  into[at] = countIn(identity, 0, c1);
  into[at + 1] = countIn(identity, c1 + 1, c2);
  into[at + 2] = countIn(identity, c2 + 1, c3);
  into[at + 3] = msIn(identity, c3 + 1, end);
  into[at + 4] = c4 < 0 ? into[at + 3]! : msIn(identity, c4 + 1, identity.length);
  for (let k = at; k < at + PER_PATH; k++) if (Number.isNaN(into[k])) return false;
  return true;
}

/** A skill's folder from its parent and name ("" for a skill at a file system's root). */
export const under = (dir: string, name: string): string => (name === "" ? dir : childPath(dir, name));

/** Adds a skill's names, its parent given by index. */
function addNames(names: StoredDeps["names"], parent: number, [dir, shown, entries]: SkillDep): void {
  names.skills.push(parent, dir.slice(dir.lastIndexOf(path.sep) + 1), shown === dir ? "" : shown, entries.length);
  for (const [rel] of entries) names.rels.push(rel);
}

/** Writes a skill's identities at `at`; false when one cannot be stored. */
function writeSkillNumbers([, , entries]: SkillDep, into: Float64Array, at: number): boolean {
  for (const [, identity] of entries) {
    if (!writeNumbersOfText(identity, into, at)) return false;
    at += PER_PATH;
  }
  return true;
}

/** The stored form of deps, or null when an identity cannot be stored. */
export function storedDeps({ paths, skills }: RunDeps): StoredDeps | null {
  const parents = new Map<string, number>();
  const names: StoredDeps["names"] = { paths: paths.map(([abs]) => abs), parents: [], skills: [], rels: [] };
  const numbers = new Float64Array((paths.length + skills.reduce((n, s) => n + s[2].length, 0)) * PER_PATH);
  let at = 0;
  for (const [, identity] of paths) {
    numbers.set(identity ?? [ABSENT, 0, 0, 0, 0], at);
    at += PER_PATH;
  }
  for (const skill of skills) {
    const dir = skill[0];
    const parent = dir.slice(0, Math.max(dir.lastIndexOf(path.sep), 1));
    const index = parents.get(parent) ?? parents.size;
    parents.set(parent, index);
    if (!writeSkillNumbers(skill, numbers, at)) return null;
    at += skill[2].length * PER_PATH;
    addNames(names, index, skill);
  }
  names.parents = [...parents.keys()];
  return { names, numbers };
}

/** How many skills stored deps hold. */
export const skillCount = (deps: StoredDeps): number => deps.names.skills.length / PER_SKILL;

/** True when a skill read again depends on the same names, in the same order, as the kept ones from `rel` on. */
function sameRels(kept: StoredDeps["names"], rel: number, count: number, [, , entries]: SkillDep): boolean {
  if (entries.length !== count) return false;
  for (let k = 0; k < count; k++) if (entries[k]![0] !== kept.rels[rel + k]) return false;
  return true;
}

/** Where a kept skill's names (`rel`, in `rels`) and identities (`at`, in the numbers) start. */
export interface SkillPlace {
  rel: number;
  at: number;
}

/**
 * A kept run's deps with some skills read again (same folders, new paths); null when one cannot be stored. When each
 * depends on the same names as before and its place is known, the names are the kept ones, the same object, and only
 * its identities are written again.
 */
export function withSkillsChanged(
  deps: StoredDeps,
  changed: ReadonlyMap<number, SkillDep>,
  places?: ReadonlyMap<number, SkillPlace>,
): StoredDeps | null {
  const kept = deps.names;
  const same = [...changed].every(([i, fresh]) => {
    const place = places?.get(i);
    return place !== undefined && sameRels(kept, place.rel, kept.skills[i * PER_SKILL + 3] as number, fresh);
  });
  if (same) {
    const numbers = new Float64Array(deps.numbers);
    for (const [i, fresh] of changed) if (!writeSkillNumbers(fresh, numbers, places!.get(i)!.at)) return null;
    return { names: kept, numbers };
  }
  let total = deps.numbers.length;
  for (const [i, fresh] of changed) total += (fresh[2].length - (kept.skills[i * PER_SKILL + 3] as number)) * PER_PATH;
  const numbers = new Float64Array(total);
  const names: StoredDeps["names"] = { paths: kept.paths, parents: kept.parents, skills: [], rels: [] };
  let from = kept.paths.length * PER_PATH;
  numbers.set(deps.numbers.subarray(0, from));
  let to = from;
  let rel = 0;
  for (let i = 0; i < skillCount(deps); i++) {
    const count = kept.skills[i * PER_SKILL + 3] as number;
    const fresh = changed.get(i);
    if (fresh) {
      if (!writeSkillNumbers(fresh, numbers, to)) return null;
      addNames(names, kept.skills[i * PER_SKILL] as number, fresh);
      to += fresh[2].length * PER_PATH;
    } else {
      numbers.set(deps.numbers.subarray(from, from + count * PER_PATH), to);
      names.skills.push(...kept.skills.slice(i * PER_SKILL, (i + 1) * PER_SKILL));
      names.rels.push(...kept.rels.slice(rel, rel + count));
      to += count * PER_PATH;
    }
    from += count * PER_PATH;
    rel += count;
  }
  return { names, numbers };
}

/** The folder of a kept run's skill `i`, and the path it is shown as. */
export function skillOf(deps: StoredDeps, i: number): { dir: string; shown: string } {
  const { skills, parents } = deps.names;
  const dir = under(parents[skills[i * PER_SKILL] as number]!, skills[i * PER_SKILL + 1] as string);
  const shown = skills[i * PER_SKILL + 2] as string;
  return { dir, shown: shown === "" ? dir : shown };
}

const isString = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 65_536;
const isName = (v: unknown): v is string => typeof v === "string" && v.length <= 65_536;

/** True when v has the stored names' shape and holds as many paths as `count` identities. */
export function isNames(v: unknown, count: number): v is StoredDeps["names"] {
  if (typeof v !== "object" || v === null) return false;
  const { paths, parents, skills, rels } = v as Record<string, unknown>;
  if (!Array.isArray(paths) || !Array.isArray(parents) || !Array.isArray(skills) || !Array.isArray(rels)) return false;
  if (!paths.every(isString) || !parents.every(isString) || !rels.every(isString)) return false;
  if (skills.length % PER_SKILL !== 0) return false;
  let total = 0;
  for (let k = 0; k < skills.length; k += PER_SKILL) {
    const [parent, name, shown, held] = skills.slice(k, k + PER_SKILL) as unknown[];
    if (!Number.isSafeInteger(parent) || (parent as number) < 0 || (parent as number) >= parents.length) return false;
    if (!isName(name) || !isName(shown) || !Number.isSafeInteger(held) || (held as number) < 1) return false;
    total += held as number;
  }
  return total === rels.length && (paths.length + total) * PER_PATH === count;
}

export const PLAIN = { throwIfNoEntry: false } as const;

/** A plain stat(2) (`follow`) or lstat(2), undefined when the path is absent or cannot be told. */
export function statPlain(abs: string, follow: boolean): Stats | undefined {
  try {
    return follow ? statSync(abs, PLAIN) : lstatSync(abs, PLAIN);
  } catch {
    return undefined;
  }
}

/** True when stat results match the identity at `at` in the numbers. */
export const matches = (s: Stats | undefined, n: Float64Array, at: number): boolean =>
  s !== undefined &&
  s.mtimeMs === n[at + 3] &&
  s.ctimeMs === n[at + 4] &&
  s.ino === n[at + 1] &&
  s.size === n[at + 2] &&
  s.dev === n[at];

/**
 * The identities of paths read through links, taken now; null when one changed within the racy window before `since`
 * (when the run began), since a later change could then go unseen, or when a folder holds `.claude-plugin` (what the
 * search makes of a folder then depends on more than its names).
 */
export function pathDeps(paths: readonly string[], since: bigint): PathDep[] | null {
  const out: PathDep[] = [];
  try {
    for (const abs of new Set(paths)) {
      const info = statNs(abs, true);
      if (info && isRacy(info, since)) return null;
      if (info?.isDirectory() && lstatSync(path.join(abs, ".claude-plugin"), PLAIN)) return null;
      out.push([abs, info ? numbersOf(info) : null]);
    }
  } catch {
    return null;
  }
  return out;
}
