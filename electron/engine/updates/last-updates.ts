// The last update results, kept beside the release cache so that the app shows them at start (before any new check)
// and after a restart; and their recomputation when an installed version changes, from the latest known version.
import { rm } from "node:fs/promises";
import path from "node:path";
import { FAILURE_CAUSES, type FailureCause, type Skill, type UpdateInfo } from "../../../shared/model";
import { compareInstalled } from "../../../shared/version";
import { readTextFile } from "../fs/safe-fs";
import { mapInTurns } from "../fs/bounded";
import { writeFileAtomic } from "../fs/write";
import { isPlainObject } from "../plugin/diagnostics";
import { notComparableReason } from "./meta-rules";
import { parseDownloads } from "./release-downloads";
import { parseJsonWithinLimits } from "../fs/json-limits";

/** The last results and when the check that found them ran (null before the first check). */
export interface LastUpdates {
  updates: UpdateInfo[];
  checkedAt: string | null;
  /** When the last check that reached the network ran (an offline check keeps the one before); absent: unknown. */
  lastSuccessAt?: string | null;
}

/** Big catalogs hold thousands of copies at a few hundred bytes each; a larger file is not ours. */
const MAX_FILE_BYTES = 16 * 1024 * 1024;
const MAX_ENTRIES = 50_000;
const FORMAT = 1;
const STATES = new Set<UpdateInfo["state"]>(["up-to-date", "outdated", "ahead", "changed-locally", "unknown"]);
const SOURCES = new Set<UpdateInfo["source"]>([
  "skill-meta",
  "github-release",
  "github-tree",
  "mcp-skills",
  "site-skills",
  "none",
]);
/** A content check's facts (git tree SHAs, the folder upstream, the files that differ), checked like the rest. */
const CONTENT_STRINGS = ["repository", "folder", "branch", "installedHash", "upstreamHash"] as const;
const MAX_CHANGED_FILES = 10_000;

function parseContent(v: Record<string, unknown>, info: UpdateInfo): boolean {
  for (const key of CONTENT_STRINGS) {
    if (v[key] === undefined) continue;
    if (!str(v[key], 1024)) return false;
    info[key] = v[key];
  }
  if (v.recordedHash !== undefined) {
    if (!strOrNull(v.recordedHash)) return false;
    info.recordedHash = v.recordedHash;
  }
  if (v.changedFiles !== undefined) {
    if (
      !Array.isArray(v.changedFiles) ||
      v.changedFiles.length > MAX_CHANGED_FILES ||
      !v.changedFiles.every((f) => str(f, 4096))
    )
      return false;
    info.changedFiles = v.changedFiles as string[];
  }
  return true;
}
const VERSION_SOURCES = new Set(["metadata.version", "frontmatter.version", "plugin.version"]);

/** The file under the cache folder. Exported for tests: they damage the file to check how it is read back. */
export function lastUpdatesFile(cacheDir: string): string {
  return path.join(cacheDir, "last-updates.json");
}

const str = (v: unknown, max = 4096): v is string => typeof v === "string" && v.length <= max;
const strOrNull = (v: unknown): v is string | null => v === null || str(v, 256);
const optStr = (v: unknown): boolean => v === undefined || str(v);

/** One stored entry checked field by field; null when it is not an UpdateInfo. */
function parseInfo(v: unknown): UpdateInfo | null {
  if (!isPlainObject(v)) return null;
  if (
    !str(v.skillId) ||
    !str(v.name, 256) ||
    !str(v.dir) ||
    !strOrNull(v.installed) ||
    !strOrNull(v.latest) ||
    !str(v.checkedAt, 64)
  )
    return null;
  if (!(v.installedSource === null || VERSION_SOURCES.has(v.installedSource as string))) return null;
  if (!STATES.has(v.state as UpdateInfo["state"]) || !SOURCES.has(v.source as UpdateInfo["source"])) return null;
  if (!optStr(v.reason) || !optStr(v.releaseNotesUrl) || !optStr(v.updateDocUrl) || !optStr(v.releaseNotes))
    return null;
  const info: UpdateInfo = {
    skillId: v.skillId,
    name: v.name,
    dir: v.dir,
    installed: v.installed,
    installedSource: v.installedSource as UpdateInfo["installedSource"],
    latest: v.latest,
    state: v.state as UpdateInfo["state"],
    source: v.source as UpdateInfo["source"],
    checkedAt: v.checkedAt,
  };
  if (v.reason !== undefined) info.reason = v.reason as string;
  if (v.cause !== undefined) {
    if (!FAILURE_CAUSES.includes(v.cause as FailureCause)) return null;
    info.cause = v.cause as FailureCause;
  }
  if (v.releaseNotesUrl !== undefined) info.releaseNotesUrl = v.releaseNotesUrl as string;
  if (v.updateDocUrl !== undefined) info.updateDocUrl = v.updateDocUrl as string;
  if (v.releaseNotes !== undefined) info.releaseNotes = v.releaseNotes as string;
  if (!parseContent(v, info)) return null;
  if (v.recipe !== undefined) {
    const r = v.recipe;
    if (!isPlainObject(r) || (r.kind !== "shell" && r.kind !== "manual_ui") || !str(r.command)) return null;
    info.recipe = {
      kind: r.kind,
      command: r.command,
      ...(typeof r.suspicious === "boolean" ? { suspicious: r.suspicious } : {}),
    };
  }
  if (v.downloads !== undefined) {
    const downloads = parseDownloads(v.downloads);
    if (!downloads) return null;
    info.downloads = downloads;
  }
  return parseKept(v, info) ? info : null;
}

/** What failed, the last known answer's later failure and the plugin: checked like the rest. */
function parseKept(v: Record<string, unknown>, info: UpdateInfo): boolean {
  if (v.failedSource !== undefined) {
    if (!str(v.failedSource, 2048)) return false;
    info.failedSource = v.failedSource;
  }
  if (v.stale !== undefined) {
    const t = v.stale;
    if (!isPlainObject(t) || !str(t.at, 64) || !FAILURE_CAUSES.includes(t.cause as FailureCause)) return false;
    if (!optStr(t.reason) || !(t.failedSource === undefined || str(t.failedSource, 2048))) return false;
    info.stale = { at: t.at, cause: t.cause as FailureCause };
    if (t.reason !== undefined) info.stale.reason = t.reason as string;
    if (t.failedSource !== undefined) info.stale.failedSource = t.failedSource as string;
  }
  if (v.plugin !== undefined) {
    const p = v.plugin;
    if (!isPlainObject(p) || !str(p.id, 1024) || !str(p.name, 256)) return false;
    if (p.format !== "claude-code" && p.format !== "agent-plugins") return false;
    info.plugin = { id: p.id, name: p.name, format: p.format };
  }
  return true;
}

/** The stored results; null when there are none. A damaged file is deleted (the next check writes a new one). */
export async function readLastUpdates(cacheDir: string): Promise<LastUpdates | null> {
  const file = lastUpdatesFile(cacheDir);
  const read = await readTextFile(file, { maxBytes: MAX_FILE_BYTES });
  if (!read.ok) {
    if (read.reason !== "not-found") await rm(file, { force: true }).catch(() => undefined);
    return null;
  }
  let value: unknown;
  try {
    const limited = parseJsonWithinLimits(read.text);
    value = limited.ok ? limited.value : null;
  } catch {
    value = null;
  }
  const parsed = parseFile(value);
  if (!parsed) await rm(file, { force: true }).catch(() => undefined);
  return parsed;
}

function parseFile(value: unknown): LastUpdates | null {
  if (!isPlainObject(value) || value.format !== FORMAT || !(value.checkedAt === null || str(value.checkedAt, 64)))
    return null;
  if (!Array.isArray(value.updates) || value.updates.length > MAX_ENTRIES) return null;
  const updates: UpdateInfo[] = [];
  for (const entry of value.updates) {
    const info = parseInfo(entry);
    if (!info) return null;
    updates.push(info);
  }
  const success = value.lastSuccessAt;
  if (!(success === undefined || success === null || str(success, 64))) return null;
  return { updates, checkedAt: value.checkedAt, lastSuccessAt: success ?? null };
}

/** Answers written as JSON between two turns of the event loop. */
const ANSWERS_PER_TURN = 250;

/**
 * The file's text as JSON.stringify(value, null, 2) writes it, made a few answers per turn of the event loop (ten
 * thousand answers are megabytes: one stringify would hold the thread that answers requests).
 */
async function fileTextInTurns(last: LastUpdates, updates: readonly UpdateInfo[]): Promise<string[]> {
  const head = JSON.stringify(
    { format: FORMAT, checkedAt: last.checkedAt, lastSuccessAt: last.lastSuccessAt ?? null },
    null,
    2,
  );
  if (updates.length === 0) return [`${head.slice(0, -2)},\n  "updates": []\n}\n`];
  const items = await mapInTurns(
    updates,
    ANSWERS_PER_TURN,
    (info, i) => `${i === 0 ? "" : ","}\n    ${JSON.stringify(info, null, 2).replace(/\n/g, "\n    ")}`,
  );
  return [`${head.slice(0, -2)},\n  "updates": [`, ...items, "\n  ]\n}\n"];
}

/** Stores the results (the plans are left out: they are recomputed from the catalog). Failures are ignored. */
export async function writeLastUpdates(cacheDir: string, last: LastUpdates): Promise<void> {
  const updates = last.updates
    .slice(0, MAX_ENTRIES)
    .map((info) => (info.plan || info.ignored ? withoutMarks(info) : info));
  try {
    await writeFileAtomic(lastUpdatesFile(cacheDir), await fileTextInTurns(last, updates), { mode: 0o600 });
  } catch {
    /* the results are found again by the next check */
  }
}

function withoutMarks({ plan: _plan, ignored: _ignored, ...info }: UpdateInfo): UpdateInfo {
  return info;
}

/** For each name, the first answer that knows a latest version (a new copy of that skill takes it). */
function latestByName(updates: readonly UpdateInfo[]): Map<string, UpdateInfo> {
  const byName = new Map<string, UpdateInfo>();
  for (const u of updates) if (u.latest !== null && !byName.has(u.name)) byName.set(u.name, u);
  return byName;
}

/**
 * The results after skills changed on disk: a copy whose installed version changed (or a new copy of a skill whose
 * latest version is known) gets its state from that latest version, without asking any server; removed copies go.
 * `changed` is false when nothing differs.
 */
export function recomputeUpdates(
  updates: readonly UpdateInfo[],
  changedSkills: readonly Skill[],
  removedIds: readonly string[],
): { updates: UpdateInfo[]; changed: boolean } {
  const removed = new Set(removedIds);
  const byId = new Map(updates.map((u) => [u.skillId, u]));
  const byName = latestByName(updates);
  let changed = false;
  const next = new Map<string, UpdateInfo>();
  for (const u of updates) {
    if (removed.has(u.skillId)) changed = true;
    else next.set(u.skillId, u);
  }
  for (const skill of changedSkills) {
    // Its own answer, else another copy's of the same name that knows a latest version.
    const known = byId.get(skill.id) ?? byName.get(skill.name);
    if (!known) continue;
    const own = known.skillId === skill.id;
    if (
      own &&
      known.installed === skill.version &&
      known.installedSource === skill.versionSource &&
      known.dir === skill.dir
    )
      continue;
    const { recipe, reason, ...rest } = known;
    const info: UpdateInfo = {
      ...rest,
      skillId: skill.id,
      name: skill.name,
      dir: skill.dir,
      installed: skill.version,
      installedSource: skill.versionSource,
    };
    if (known.latest !== null) {
      info.state = compareInstalled(skill.version, known.latest);
      if (info.state === "unknown") info.reason = notComparableReason(skill.version);
      if (info.state === "outdated" && recipe) info.recipe = recipe;
    } else {
      if (reason !== undefined) info.reason = reason;
      if (recipe) info.recipe = recipe;
    }
    delete info.plan;
    next.set(skill.id, info);
    changed = true;
  }
  return { updates: [...next.values()], changed };
}
