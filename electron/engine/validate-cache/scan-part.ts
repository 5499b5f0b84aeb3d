// One reading shared by `validate` and the app's scan: a skill read with its folder's bytes kept, the paths its result
// depends on, and the part of its report (and content hash) the scan's catalog row needs, so either can reuse the
// other's record.
import type { SkillReport } from "../skill/types";
import { readSkillWithFiles } from "../skill/read-skill";
import type { ReadSkillOptions } from "../skill/types";
import type { FolderHash } from "../discovery/hash";
import type { CacheRecord, ScanPart } from "./format";
import { entriesOf, type RecordedEntries } from "./entries";
import type { StatsSeen } from "../fs/stats-seen";
import { parseJsonWithinLimits } from "../fs/json-limits";

/** Deepest frontmatter kept (deeper is read afresh each time; real frontmatter is a few levels). */
const MAX_FRONTMATTER_DEPTH = 32;

/** True when JSON keeps the value exactly: plain objects, arrays, strings, finite numbers, booleans and null. */
function isPlainJson(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0);
  if (typeof value !== "object" || depth >= MAX_FRONTMATTER_DEPTH) return false;
  if (Array.isArray(value)) return value.every((v) => isPlainJson(v, depth + 1));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.entries(value as Record<string, unknown>).every(
    ([k, v]) => k !== "__proto__" && isPlainJson(v, depth + 1),
  );
}

/** The scan's part of a report, or null when its frontmatter would not survive JSON unchanged. */
export function scanPartOf(report: SkillReport, hash: FolderHash | undefined): ScanPart | null {
  if (report.frontmatter !== null && !isPlainJson(report.frontmatter)) return null;
  const part: ScanPart = {
    r: report.realDir,
    f: report.skillFile,
    ds: report.description,
    fm: report.frontmatter === null ? null : JSON.stringify(report.frontmatter),
    bl: report.bodyStartLine,
    ver: report.version,
    vs: report.versionSource,
    repo: report.repository,
  };
  if (hash) part.h = hash;
  return part;
}

/** The report a record stands for (the instructions are not kept: the catalog never shows them). */
export function reportOf(dir: string, record: CacheRecord & { s: ScanPart }): SkillReport | null {
  const s = record.s;
  let frontmatter: Record<string, unknown> | null = null;
  if (s.fm !== null) {
    const parsed = parseJsonWithinLimits(s.fm);
    if (!parsed.ok) return null;
    const value = parsed.value;
    if (typeof value !== "object" || value === null || Array.isArray(value) || !isPlainJson(value)) return null;
    frontmatter = value as Record<string, unknown>;
  }
  return {
    dir,
    realDir: s.r,
    skillFile: s.f,
    name: record.n,
    description: s.ds,
    frontmatter,
    body: "",
    bodyStartLine: s.bl,
    version: s.ver,
    versionSource: s.vs,
    repository: s.repo,
    diagnostics: record.d,
    valid: record.v,
  };
}

/** A skill as read for the cache: its report, the paths it depends on (null: not to be kept), and its listing's files. */
export interface CacheableRead {
  report: SkillReport;
  entries: RecordedEntries | null;
  /** The folder's regular files (relative, sorted) and the bytes already read, for the content hash; null files: walk. */
  files: string[] | null;
  read: Map<string, Uint8Array>;
}

/**
 * Reads and validates a skill folder, and stats what its result depends on when `since` (ns) is given; `keepBytes`
 * keeps what was read for the content hash (`validate` computes none); `seen`: stats the run already took.
 */
export async function readCacheable(
  dir: string,
  options: ReadSkillOptions,
  since: bigint | null,
  window?: bigint,
  keepBytes = true,
  seen?: StatsSeen,
): Promise<CacheableRead> {
  const { report, files, read, listing, reads } = await readSkillWithFiles(dir, options, keepBytes);
  const entries = since === null ? null : entriesOf(dir, listing, reads, since, window, seen);
  return { report, entries, files, read };
}
