// A whole `validate` run kept beside the cache: its output, where each skill's piece of it lies, and every path it
// depends on with its identity. The same command over unchanged folders prints the kept bytes after one stat per path,
// before the validator loads; when only some skills changed, those alone are read again and their pieces replaced.
import { isUtf8 } from "node:buffer";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { parseJsonWithinLimits } from "../fs/json-limits";
import { childPath } from "../fs/child-path";
import { readOwnFileSync } from "../fs/safe-fs";
import { replaceFileSync } from "../fs/replace-file-sync";
import { isMarketplaceRoot } from "../skill/marketplace-root";
import { bytesHoldControlButLines } from "../../../shared/terminal-text";
import {
  ABSENT,
  PER_PATH,
  PER_SKILL,
  PLAIN,
  isNames,
  matches,
  skillCount,
  statPlain,
  under,
  type SkillPlace,
  type StoredDeps,
} from "./run-deps";

/** Bump when the file's layout changes. */
const RUN_FORMAT = 2;
/** Largest kept run read or written. */
export const MAX_RUN_BYTES = 64 * 1024 * 1024;
/** Longest header line. */
const MAX_HEADER_BYTES = 64 * 1024;
/** Most runs kept in the folder; the least recently written go first. Exported for tests: they keep one more. */
export const MAX_RUNS = 16;
/**
 * Most changed skills read again inside a kept run (more go the whole way, sharing the reading).
 * Exported for tests: they change one more.
 */
export const MAX_STALE = 256;
/** Whether this machine stores numbers little-endian, as the file does (a big-endian machine neither reads nor writes one). */
const LITTLE_ENDIAN = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;
/**
 * Numbers per skill in a run's marks (32-bit: a kept run is far smaller than 4 GiB, and a whole number that is never
 * negative needs no checking): where its piece of the output starts and ends (bytes), its errors, warnings and notes,
 * and 1 when it is valid. A run whose output cannot be spliced (its format, or text escaped after the fact)
 * keeps none.
 */
export const PER_MARK = 6;

/** The first line of the file: what follows it, in bytes (the numbers and marks in count, from a multiple of 8). */
interface RunHeader {
  f: number;
  /** The command line, folder, terminal and environment it ran with, and the build that ran it. */
  key: string;
  code: number;
  names: number;
  numbers: number;
  marks: number;
  out: number;
  /** How the command printed it (its format and profile), for the splice; its own to check. */
  how: unknown;
}

/** A kept run as read: its deps and marks, how it was printed, its names' text and its output. */
export interface KeptRun {
  code: number;
  deps: StoredDeps;
  marks: Uint32Array | null;
  how: unknown;
  /** The names as the file holds them (written again as they are when a splice leaves them unchanged). */
  namesText: Uint8Array;
  output: Buffer;
}

/** A run to keep: its output as printed, with what it depends on and the marks of each skill's piece. */
export interface RunToKeep {
  key: string;
  code: number;
  deps: StoredDeps;
  marks: Uint32Array | null;
  how: unknown;
  output: readonly Uint8Array[];
  /** The names' JSON text, when deps.names are a kept run's unchanged (written again as they were). */
  namesText?: Uint8Array;
}

/** A skill whose paths changed: its index, and where its names and identities start in the kept deps. */
export interface StaleSkill extends SkillPlace {
  index: number;
}

/** What the paths say now: nothing changed (print the kept output), some skills changed (read those), or anything else. */
export type RunCheck =
  { kind: "same"; output: Uint8Array; code: number } | { kind: "stale"; run: KeptRun; stale: StaleSkill[] };

/** Numbers read in place when the file's bytes sit at a multiple of their size in memory; else copied once. */
function numbersIn<T extends Float64Array | Uint32Array>(
  Numbers: { new (buffer: ArrayBufferLike, at?: number, count?: number): T; BYTES_PER_ELEMENT: number },
  bytes: Buffer,
  at: number,
  count: number,
): T {
  const size = Numbers.BYTES_PER_ELEMENT;
  return (bytes.byteOffset + at) % size === 0
    ? new Numbers(bytes.buffer, bytes.byteOffset + at, count)
    : new Numbers(new Uint8Array(bytes.subarray(at, at + count * size)).buffer);
}

/**
 * Two 32-bit FNV-1a hashes of a key, as 16 hex digits: a file name, not a proof (the file holds its whole key, compared
 * on reading), so the replay need not load node:crypto.
 */
function nameOf(key: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ key.length;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000197) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

/** The file of the run a key names, in the cache folder. */
export const runFileIn = (cacheDir: string, key: string): string =>
  path.join(cacheDir, "validate", "runs", `${nameOf(key)}.v${RUN_FORMAT}`);

/** The next multiple of 8 (where the numbers start, so they can be read in place). */
const aligned = (n: number): number => Math.ceil(n / 8) * 8;

/** The kept run for `key`, or null: absent, not this user's, from another build or command line, damaged, or too big. */
export function readRun(file: string, key: string): KeptRun | null {
  if (!LITTLE_ENDIAN) return null;
  const bytes = readOwnFileSync(file, MAX_RUN_BYTES);
  if (!bytes) return null;
  const headerEnd = bytes.indexOf(0x0a);
  if (headerEnd < 0 || headerEnd > MAX_HEADER_BYTES) return null;
  const header = parseJsonWithinLimits(bytes.toString("utf8", 0, headerEnd), { maxDepth: 2 });
  const h = (header.ok ? header.value : null) as RunHeader | null;
  if (typeof h !== "object" || h === null || h.f !== RUN_FORMAT || h.key !== key || (h.code !== 0 && h.code !== 1))
    return null;
  if (![h.names, h.numbers, h.marks, h.out].every((n) => Number.isSafeInteger(n) && n >= 0)) return null;
  const namesAt = headerEnd + 1;
  const numbersAt = aligned(namesAt + h.names);
  const marksAt = numbersAt + h.numbers * 8;
  const outAt = marksAt + h.marks * 4;
  if (outAt + h.out !== bytes.length) return null;
  const names = parseJsonWithinLimits(bytes.toString("utf8", namesAt, namesAt + h.names), { maxDepth: 3 });
  if (!names.ok || !isNames(names.value, h.numbers)) return null;
  const deps = { names: names.value, numbers: numbersIn(Float64Array, bytes, numbersAt, h.numbers) };
  if (h.marks !== 0 && h.marks !== skillCount(deps) * PER_MARK) return null;
  const marks = h.marks === 0 ? null : numbersIn(Uint32Array, bytes, marksAt, h.marks);
  const namesText = bytes.subarray(namesAt, namesAt + h.names);
  return { code: h.code, deps, marks, how: h.how ?? null, namesText, output: bytes.subarray(outAt) };
}

/**
 * True when a changed skill folder would still be found as the same skill, as the search tells it: not a marketplace
 * root (the search's own test), and SKILL.md under its exact name, not a folder.
 */
function stillASkill(dir: string): boolean {
  const skillFile = statPlain(childPath(dir, "SKILL.md"), false);
  return !isMarketplaceRoot(dir) && skillFile !== undefined && !skillFile.isDirectory();
}

/**
 * True when kept output is UTF-8 holding no control character but tab and newline: what `validate` prints never does
 * (text is escaped, JSON and XML escape their own), so a file that would put one on a terminal is not from this program.
 */
const printable = (bytes: Buffer): boolean => isUtf8(bytes) && !bytesHoldControlButLines(bytes);

/**
 * Checks a kept run against the disk: null when any path argument, listed folder or the settings changed (the run goes
 * the whole way), when too many skills did or one may no longer be found as a skill, or when its output is not
 * printable (both outcomes print it); else which skills changed.
 */
export function checkRun(run: KeptRun): RunCheck | null {
  const { names, numbers } = run.deps;
  let at = 0;
  for (const abs of names.paths) {
    const now = statPlain(abs, true);
    if (numbers[at] === ABSENT ? now !== undefined : !matches(now, numbers, at)) return null;
    at += PER_PATH;
  }
  const stale: StaleSkill[] = [];
  const { skills, parents, rels } = names;
  let rel = 0;
  for (let i = 0; i < skills.length / PER_SKILL; i++) {
    const base = i * PER_SKILL;
    const dir = under(parents[skills[base] as number]!, skills[base + 1] as string);
    const end = rel + (skills[base + 3] as number);
    const first = { index: i, rel, at };
    let changed = false;
    for (; rel < end; rel++, at += PER_PATH) {
      if (changed) continue;
      const name = rels[rel]!;
      changed = !matches(statPlain(name === "." ? dir : dir + path.sep + name, name === "."), numbers, at);
    }
    if (!changed) continue;
    if (stale.length >= MAX_STALE || !stillASkill(dir)) return null;
    stale.push(first);
  }
  if (!printable(run.output)) return null;
  return stale.length > 0 ? { kind: "stale", run, stale } : { kind: "same", output: run.output, code: run.code };
}

/** A skill's piece read again: its bytes, and its errors, warnings, notes and validity (1 or 0) as its marks hold them. */
export interface NewPiece {
  bytes: Uint8Array;
  counts: readonly [number, number, number, number];
}

/** What the readable report's last line counts, and whether any piece holds an error (the exit code). */
export interface PieceTotals {
  checked: number;
  invalid: number;
  error: number;
  warning: number;
  info: number;
  failed: boolean;
}

/**
 * The kept output with the pieces of some skills replaced, in one pass over the marks that checks each (after the one
 * before it, inside the output, validity 0 or 1): the parts to print up to the last piece's end, the rest after it, the
 * marks moved and counted again, and the totals. Null when the run has no marks that hold.
 */
export function splicePieces(
  run: KeptRun,
  pieces: ReadonlyMap<number, NewPiece>,
): { parts: Uint8Array[]; rest: Uint8Array; marks: Uint32Array; totals: PieceTotals } | null {
  const { marks: kept, output } = run;
  if (!kept) return null;
  const size = output.length;
  const marks = new Uint32Array(kept);
  const order = [...pieces.keys()].sort((a, b) => a - b);
  const parts: Uint8Array[] = [];
  let [invalid, error, warning, info, failed] = [0, 0, 0, 0, false];
  let [end, from, shift, next] = [0, 0, 0, 0];
  for (let i = 0, at = 0; at < kept.length; i++, at += PER_MARK) {
    const start = kept[at]!;
    const stop = kept[at + 1]!;
    if (start < end || stop < start || stop > size || kept[at + 5]! > 1) return null;
    end = stop;
    if (i === order[next]) {
      const piece = pieces.get(order[next++]!)!;
      parts.push(output.subarray(from, start), piece.bytes);
      from = stop;
      marks.set(piece.counts, at + 2);
      marks[at] = start + shift;
      shift += piece.bytes.length - (stop - start);
    } else marks[at] = start + shift;
    marks[at + 1] = stop + shift;
    error += marks[at + 2]!;
    warning += marks[at + 3]!;
    info += marks[at + 4]!;
    if (marks[at + 5] === 0) invalid++;
    if (marks[at + 2]! > 0) failed = true;
  }
  parts.push(output.subarray(from, end));
  const totals = { checked: kept.length / PER_MARK, invalid, error, warning, info, failed };
  return { parts, rest: output.subarray(end), marks, totals };
}

/** The file's bytes for a run: header, names, numbers, marks, output. */
export function runFileParts(run: RunToKeep): Uint8Array[] {
  const names = run.namesText ?? Buffer.from(JSON.stringify(run.deps.names));
  const marks = run.marks ?? new Uint32Array(0);
  const out = run.output.reduce((n, part) => n + part.length, 0);
  const header: RunHeader = {
    f: RUN_FORMAT,
    key: run.key,
    code: run.code,
    names: names.length,
    numbers: run.deps.numbers.length,
    marks: marks.length,
    out,
    how: run.how,
  };
  const head = Buffer.from(`${JSON.stringify(header)}\n`);
  const pad = Buffer.alloc(aligned(head.length + names.length) - head.length - names.length);
  const bytesOf = (n: Float64Array | Uint32Array) => new Uint8Array(n.buffer, n.byteOffset, n.byteLength);
  return [head, names, pad, bytesOf(run.deps.numbers), bytesOf(marks), ...run.output];
}

/**
 * Writes a run's file (within the size limit) and forgets the oldest runs past MAX_RUNS; failures cost only speed.
 * Synchronous, and without the writer: the bin is about to exit, and loading node:crypto would cost more than writing.
 */
export function saveRun(file: string, parts: readonly Uint8Array[]): void {
  if (!LITTLE_ENDIAN || parts.reduce((n, part) => n + part.length, 0) > MAX_RUN_BYTES) return;
  try {
    const dir = path.dirname(file);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    replaceFileSync(file, parts, 0o600);
    const names = readdirSync(dir).filter((name) => /^[0-9a-f]{16}\.v\d+$/.test(name));
    if (names.length <= MAX_RUNS) return;
    const aged = names.map((name) => ({ name, ms: statSync(path.join(dir, name), PLAIN)?.mtimeMs ?? 0 }));
    aged.sort((a, b) => b.ms - a.ms);
    for (const { name } of aged.slice(MAX_RUNS))
      if (path.join(dir, name) !== file) rmSync(path.join(dir, name), { force: true });
  } catch {
    /* an unwritable cache folder only means the next run goes the whole way */
  }
}
