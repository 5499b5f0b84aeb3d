// scan(): every location of a home (per OS) plus --include folders, read and validated, as one ScanResult.
import type { ScanResult, TaskProgress } from "../../../shared/model";
import {
  assemble,
  assembleChangesInTurns,
  groupSites,
  profileFor,
  readKey,
  type ScanState,
  type SiteGroup,
} from "./assemble";
import { mapBounded } from "../fs/bounded";
import { locationCap, planScan, type ScanPlan } from "./plan";
import { readJob, readPluginAt, type SkillRead } from "./read";
import type { ReadJob } from "./read-protocol";
import { findSites, type SourceSites } from "./sites";
import { readSkillLock } from "./skill-lock";
import type { ScanOptions } from "./types";
import { cacheSinceNow, openScanCache, readFromCache, recordRead } from "./cached-read";
import { prestartWorker } from "./worker-lease";
import { readSharedWithWorker } from "./scan-reads";

const DEFAULT_CONCURRENCY = 32;
/** Skills checked against the cache (stats only, synchronous) between two turns of the event loop. */
const CACHE_CHECKS_PER_TURN = 250;
const DEFAULT_WORKER_MIN_SKILLS = 400;

function progress(options: ScanOptions, value: number, title: string, detail?: string): void {
  if (!options.onProgress) return;
  const event: TaskProgress = { taskId: "scan", kind: "scan", value, title };
  if (detail) event.detail = detail;
  try {
    options.onProgress(event);
  } catch {
    // a listener's failure must not break the scan
  }
}

const workerMinSkills = (options: ScanOptions) =>
  options.readsOffThread ? 1 : Math.max(1, options.workerMinSkills ?? DEFAULT_WORKER_MIN_SKILLS);

/** Reads every skill and plugin the state does not hold yet (bounded concurrency); returns how many skills were read. */
export async function readMissing(
  state: ScanState,
  options: ScanOptions,
  groups: SiteGroup[] = groupSites(state),
): Promise<number> {
  const limit = options.concurrency ?? DEFAULT_CONCURRENCY;
  const cap = locationCap(options);
  const todo = groups.filter((g) => !state.reads.has(readKey(g.realDir, profileFor(g.primary))));
  const plugins = state.plan.pluginSources.filter((p) => !state.plugins.has(p.root));
  const total = todo.length + plugins.length;
  let done = 0;
  const step = Math.max(1, Math.floor(total / 50));
  const tick = (what: string) => {
    done++;
    if (done % step === 0 || done === total)
      progress(options, 0.1 + 0.9 * (done / Math.max(1, total)), "Reading skills", `${done} of ${total}: ${what}`);
  };
  const keep = (job: ReadJob, read: SkillRead) => {
    const key = readKey(job.realDir, job.profile);
    const old = state.stale?.get(key);
    state.reads.set(key, old && sameRead(old, read) ? old : read);
    tick(job.dir);
  };
  // Off the answering thread, the worker checks, fills and writes the cache; here, this thread does.
  const workerCache = options.readsOffThread && options.workerScript ? options.validationCache : null;
  if (options.validationCache && !workerCache && !state.cache)
    state.cache = await openScanCache(options.validationCache, options.onCacheNote);
  const cache = options.validationCache && !workerCache ? state.cache : undefined;
  const since = options.validationCache ? cacheSinceNow() : undefined;
  const jobs: ReadJob[] = [];
  for (const [i, group] of todo.entries()) {
    // Stats alone never yield: let the host answer its page (and the stored catalog) between runs of them.
    if (cache && i > 0 && i % CACHE_CHECKS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const job: ReadJob = { dir: group.primary.path, realDir: group.realDir, profile: profileFor(group.primary) };
    if (since) job.cacheSince = since;
    const kept = cache && (await readFromCache(cache, job));
    if (kept) keep(job, kept);
    else jobs.push(job);
  }
  const fresh = (job: ReadJob, read: SkillRead) => {
    if (cache) return keep(job, recordRead(cache, job, read));
    // A read made here while the worker held the cache says what it depends on; the scan keeps only the read.
    const { entries: _entries, ...plain } = read;
    keep(job, plain);
  };
  if (options.workerScript && jobs.length >= workerMinSkills(options)) {
    await readSharedWithWorker(
      jobs,
      {
        workerScript: options.workerScript,
        limit,
        onSkillRead: options.onSkillRead,
        readsHere: !options.readsOffThread,
        ...(workerCache ? { cache: workerCache, onCacheNote: options.onCacheNote } : {}),
      },
      (i, read) => fresh(jobs[i] as ReadJob, read),
    );
  } else {
    await mapBounded(jobs, limit, async (job) => fresh(job, await readJob(job, options.onSkillRead)));
  }
  await mapBounded(plugins, Math.max(1, Math.floor(limit / 4)), async (source) => {
    state.plugins.set(source.root, await readPluginAt(source.root, cap, options.onSkillRead, source.claudeCode));
    tick(source.root);
  });
  state.stale?.clear();
  // A record found damaged while reading is said once, like a damaged file.
  if (cache?.note) {
    options.onCacheNote?.(cache.note);
    cache.note = null;
  }
  await cache?.save();
  return todo.length;
}

function sameRead(a: SkillRead, b: SkillRead): boolean {
  return (
    a.hash.hash === b.hash.hash &&
    a.hash.truncated === b.hash.truncated &&
    JSON.stringify(a.report) === JSON.stringify(b.report)
  );
}

/** Lists the skill sites of every skill source of a plan, by location id. */
export async function findAllSites(
  plan: ScanPlan,
  cap: number,
  onFound?: (sitesSoFar: number) => void,
): Promise<Map<string, SourceSites>> {
  const sites = new Map<string, SourceSites>();
  let found = 0;
  await mapBounded(plan.skillSources, 4, async (source) => {
    const listed = await findSites(source, cap);
    sites.set(source.location.id, listed);
    found += listed.sites.length;
    onFound?.(found);
  });
  return sites;
}

/** Longest a scan waits for the read worker it started while listing (it loads in parallel, in ~0.15 s when idle). */
const WORKER_WARM_WAIT_MS = 2_000;

/** Plans, lists and reads everything from scratch into a fresh state; `planned` sees the plan before any listing. */
export async function createScanState(options: ScanOptions, planned?: (plan: ScanPlan) => void): Promise<ScanState> {
  progress(options, -1, "Finding skill folders");
  const cap = locationCap(options);
  const [plan, lock] = await Promise.all([planScan(options), readSkillLock(options)]);
  planned?.(plan);
  // Once listing has found enough skills for the worker, it starts loading beside the listing, so it is ready to read.
  const script = options.workerScript;
  let warm: Promise<boolean> | null = null;
  const sites = await findAllSites(plan, cap, (found) => {
    if (script && !warm && found >= workerMinSkills(options)) warm = prestartWorker(script, WORKER_WARM_WAIT_MS);
  });
  if (warm) await warm;
  const state: ScanState = { plan, sites, reads: new Map(), plugins: new Map(), lock };
  progress(options, 0.1, "Reading skills");
  await readMissing(state, options);
  return state;
}

/** Scans a home (per platform) and the added folders: every location, skill and plugin, each skill validated. */
export async function scan(options: ScanOptions): Promise<ScanResult> {
  const state = await createScanState(options);
  const result = options.readsOffThread ? (await assembleChangesInTurns(state)).result : assemble(state);
  progress(options, 1, "Scan finished", `${result.skills.length} skills, ${result.plugins.length} plugins`);
  return result;
}
