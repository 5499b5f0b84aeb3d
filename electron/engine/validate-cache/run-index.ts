// A whole `validate` run kept beside the cache: its output, its results, and every path they depend on with its
// identity. The same command over unchanged folders prints the kept bytes after one stat per path, before the
// validator loads; when only some skills changed, those alone are read again and the rest come from the kept results.
import { isUtf8 } from "node:buffer";
import { mkdir, readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { parseJsonWithinLimits } from "../fs/json-limits";
import { childPath } from "../fs/child-path";
import { readOwnFileSync } from "../fs/safe-fs";
import { isMarketplaceRoot } from "../skill/marketplace-root";
import { holdsControl } from "../../../shared/terminal-text";
import { MAX_DIAGNOSTICS, isDiagnostic } from "./format";
import {
  ABSENT,
  PER_PATH,
  PER_SKILL,
  isNames,
  isString,
  matches,
  skillCount,
  skillOf,
  statPlain,
  under,
  type StoredDeps,
} from "./run-deps";

/** Bump when the file's layout changes. */
const RUN_FORMAT = 1;
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
/** What a run prints from: its results in output order and its searches' summaries, as the command keeps them. */
export interface RunResults {
  results: unknown[];
  searches: unknown[];
}

/** The first line of the file: what follows it, in bytes (the numbers in count, starting at the next multiple of 8). */
interface RunHeader {
  f: number;
  /** The command line, folder, terminal and environment it ran with, and the build that ran it. */
  key: string;
  code: number;
  names: number;
  numbers: number;
  out: number;
  res: number;
}

/** A kept run as read: its deps, and where its output and results lie in the file's bytes. */
export interface KeptRun {
  code: number;
  deps: StoredDeps;
  bytes: Buffer;
  outAt: number;
  resAt: number;
  resBytes: number;
}

/** What the paths say now: nothing changed (print the kept output), some skills changed (read those), or anything else. */
export type RunCheck =
  { kind: "same"; output: Uint8Array; code: number } | { kind: "stale"; run: KeptRun; stale: number[] };

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
  if (![h.names, h.numbers, h.out, h.res].every((n) => Number.isSafeInteger(n) && n >= 0)) return null;
  const namesAt = headerEnd + 1;
  const numbersAt = aligned(namesAt + h.names);
  const outAt = numbersAt + h.numbers * 8;
  const resAt = outAt + h.out;
  if (resAt + h.res !== bytes.length) return null;
  const names = parseJsonWithinLimits(bytes.toString("utf8", namesAt, namesAt + h.names), { maxDepth: 3 });
  if (!names.ok || !isNames(names.value, h.numbers)) return null;
  // In place when the file's bytes sit at a multiple of 8 in memory; else copied once.
  const numbers =
    (bytes.byteOffset + numbersAt) % 8 === 0
      ? new Float64Array(bytes.buffer, bytes.byteOffset + numbersAt, h.numbers)
      : new Float64Array(new Uint8Array(bytes.subarray(numbersAt, outAt)).buffer);
  return { code: h.code, deps: { names: names.value, numbers }, bytes, outAt, resAt, resBytes: h.res };
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
const printable = (bytes: Buffer): boolean =>
  isUtf8(bytes) && !holdsControl(bytes.toString("utf8"), { keepNewlines: true });

/**
 * Checks a kept run against the disk: null when any path argument, listed folder or the settings changed (the run goes
 * the whole way), or when too many skills did or one may no longer be found as a skill; else which skills changed.
 */
export function checkRun(run: KeptRun): RunCheck | null {
  const { names, numbers } = run.deps;
  let at = 0;
  for (const abs of names.paths) {
    const now = statPlain(abs, true);
    if (numbers[at] === ABSENT ? now !== undefined : !matches(now, numbers, at)) return null;
    at += PER_PATH;
  }
  const stale: number[] = [];
  const { skills, parents, rels } = names;
  let rel = 0;
  for (let i = 0; i < skills.length / PER_SKILL; i++) {
    const base = i * PER_SKILL;
    const dir = under(parents[skills[base] as number]!, skills[base + 1] as string);
    const end = rel + (skills[base + 3] as number);
    let changed = false;
    for (; rel < end; rel++, at += PER_PATH) {
      if (changed) continue;
      const name = rels[rel]!;
      changed = !matches(statPlain(name === "." ? dir : dir + path.sep + name, name === "."), numbers, at);
    }
    if (!changed) continue;
    if (stale.length >= MAX_STALE || !stillASkill(dir)) return null;
    stale.push(i);
  }
  if (stale.length > 0) return { kind: "stale", run, stale };
  const output = run.bytes.subarray(run.outAt, run.resAt);
  return printable(output) ? { kind: "same", output, code: run.code } : null;
}

const isCount = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;

/** True when v is a search's summary as `validate` prints it. */
function isSearch(v: unknown): boolean {
  if (typeof v !== "object" || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    isString(s.root) &&
    isCount(s.foldersSearched) &&
    isCount(s.skippedFolders) &&
    isCount(s.linksOutside) &&
    (s.limit === null || isString(s.limit)) &&
    Array.isArray(s.found) &&
    s.found.every((f: unknown) => {
      const found = f as Record<string, unknown> | null;
      return (
        typeof found === "object" &&
        found !== null &&
        (found.kind === "skill" || found.kind === "plugin" || found.kind === "marketplace") &&
        typeof found.parent === "string" &&
        isCount(found.count)
      );
    })
  );
}

/** True when v is the result of the skill shown as `shown`. */
function isSkillResult(v: unknown, shown: string): boolean {
  if (typeof v !== "object" || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    r.path === shown &&
    r.kind === "skill" &&
    typeof r.name === "string" &&
    typeof r.valid === "boolean" &&
    Array.isArray(r.diagnostics) &&
    r.diagnostics.length <= MAX_DIAGNOSTICS &&
    r.diagnostics.every(isDiagnostic)
  );
}

/** A kept run's results, each of the shape `validate` prints from, or null when any is not. */
export function keptResults(run: KeptRun): RunResults | null {
  const text = run.bytes.toString("utf8", run.resAt, run.resAt + run.resBytes);
  const parsed = parseJsonWithinLimits(text, { maxDepth: 8 });
  const kept = (parsed.ok ? parsed.value : null) as RunResults | null;
  const ok =
    typeof kept === "object" &&
    kept !== null &&
    Array.isArray(kept.results) &&
    Array.isArray(kept.searches) &&
    kept.searches.every(isSearch) &&
    kept.results.length === skillCount(run.deps) &&
    kept.results.every((r, i) => isSkillResult(r, skillOf(run.deps, i).shown));
  return ok ? kept : null;
}

/** The file's bytes for a run: header, names, numbers, output, results. */
export function runFileParts(
  key: string,
  code: number,
  deps: StoredDeps,
  output: readonly Uint8Array[],
  results: RunResults,
): Uint8Array[] {
  const names = Buffer.from(JSON.stringify(deps.names));
  const res = Buffer.from(JSON.stringify(results));
  const out = output.reduce((n, part) => n + part.length, 0);
  const header: RunHeader = {
    f: RUN_FORMAT,
    key,
    code,
    names: names.length,
    numbers: deps.numbers.length,
    out,
    res: res.length,
  };
  const head = Buffer.from(`${JSON.stringify(header)}\n`);
  const pad = Buffer.alloc(aligned(head.length + names.length) - head.length - names.length);
  const numbers = Buffer.from(deps.numbers.buffer, deps.numbers.byteOffset, deps.numbers.byteLength);
  return [head, names, pad, numbers, ...output, res];
}

/** Writes a run's file (within the size limit) and forgets the oldest runs past MAX_RUNS; failures cost only speed. */
export async function saveRun(file: string, parts: readonly Uint8Array[]): Promise<void> {
  if (!LITTLE_ENDIAN || parts.reduce((n, part) => n + part.length, 0) > MAX_RUN_BYTES) return;
  try {
    const dir = path.dirname(file);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const { writeFileAtomic } = await import("../fs/write");
    await writeFileAtomic(file, parts, { mode: 0o600, durable: false });
    const names = (await readdir(dir)).filter((name) => /^[0-9a-f]{16}\.v\d+$/.test(name));
    if (names.length <= MAX_RUNS) return;
    const aged = await Promise.all(
      names.map(async (name) => ({ name, ms: (await stat(path.join(dir, name)).catch(() => null))?.mtimeMs ?? 0 })),
    );
    aged.sort((a, b) => b.ms - a.ms);
    for (const { name } of aged.slice(MAX_RUNS))
      if (path.join(dir, name) !== file) await unlink(path.join(dir, name)).catch(() => undefined);
  } catch {
    /* an unwritable cache folder only means the next run goes the whole way */
  }
}
