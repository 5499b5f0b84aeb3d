// watchCatalog(): watches every location and reports only what changed, re-reading only the skills that changed.
import path from "node:path";
import type { Diagnostic, Location, ScanResult } from "../../../shared/model";
import type { CatalogChange } from "../../../shared/results";
import { isInside } from "../fs/safe-fs";
import { folderWatches } from "../off-thread/folder-watch";
import { assembleChanges, assembleChangesInTurns, groupSites, type ScanState, type SiteGroup } from "./assemble";
import { readDesktopTree } from "./desktop";
import { discoveryDiagnostic } from "./diagnostic";
import { pathExists } from "./list";
import { skillLockCandidates } from "./locations";
import { locationCap, planScan } from "./plan";
import { createScanState, findAllSites, readMissing } from "./scan";
import { applyChildChange, relistSource } from "./watch-apply";
import { classifyChanges } from "./watch-classify";
import { readSkillLock } from "./skill-lock";
import type { ScanOptions } from "./types";

/** What the watcher reports (declared in the IPC contract, re-exported for engine callers). */
export type { CatalogChange } from "../../../shared/results";

const MAX_WATCH_FAILURES = 3;

/**
 * A running watch: the latest catalog, and how to stop it.
 * Exported for tests: they keep the open watch to close it after each case.
 */
export interface CatalogWatch {
  close(): Promise<void>;
  current(): ScanResult;
  /** Resolves once the folder watches asked for so far are in place (they may be set up in a worker). */
  watching(): Promise<void>;
}

/** What changed between two lists: rebuilt entries that differ from before (a rebuilt copy equal to the old one is not a change), and ids gone. */
function changesOf<T extends { id: string }>(
  before: T[],
  after: T[],
  rebuilt: Set<string>,
): { updated: T[]; removed: string[] } {
  const differs = (prior: T | undefined, x: T) => !prior || prior === x || JSON.stringify(prior) !== JSON.stringify(x);
  const old = new Map<string, T>();
  if (rebuilt.size > 0) for (const x of before) if (rebuilt.has(x.id)) old.set(x.id, x);
  // The same ids in the same order (an edit inside skills) means nothing was removed: no set of every id is needed.
  const aligned = before.length === after.length && before.every((x, i) => x.id === (after[i] as T).id);
  const ids = new Set<string>();
  const updated: T[] = [];
  for (const x of after) {
    if (!aligned) ids.add(x.id);
    if (rebuilt.has(x.id) && differs(old.get(x.id), x)) updated.push(x);
  }
  const removed: string[] = [];
  if (!aligned) for (const x of before) if (!ids.has(x.id)) removed.push(x.id);
  return { updated, removed };
}

/** Watches every existing location (recursively where supported), debounced and coalesced, and polls for locations that appear or vanish; reports each change once. */
export async function watchCatalog(
  options: ScanOptions & { debounceMs?: number; pollMs?: number },
  listener: (change: CatalogChange) => void,
): Promise<CatalogWatch> {
  const debounceMs = options.debounceMs ?? 20;
  const pollMs = options.pollMs ?? 5_000;
  const cap = locationCap(options);
  // Where this thread answers requests, 10,000 skills are assembled a slice at a time.
  const assembleNow = (s: ScanState, g: SiteGroup[]) =>
    options.readsOffThread ? assembleChangesInTurns(s, g) : Promise.resolve(assembleChanges(s, g));
  const lockFiles = skillLockCandidates(options);
  // Where this thread answers requests, the watches live in a worker (Linux's recursive watch walks the whole tree).
  const watches = folderWatches(options.readsOffThread ? options.workerScript : undefined);
  const watchers = new Map<string, { close: () => void }>();
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<void> = Promise.resolve();
  let closed = false;
  // Changes seen while the first scan runs wait in `pending` until its catalog exists, then are applied to it.
  let ready = false;
  let groups: SiteGroup[] = [];
  let result: ScanResult;

  let firstPendingAt = 0;
  const schedule = () => {
    if (closed || !ready) return;
    const now = Date.now();
    if (!timer) firstPendingAt = now;
    else clearTimeout(timer);
    const wait = Math.max(0, Math.min(debounceMs, firstPendingAt + debounceMs * 10 - now));
    timer = setTimeout(() => {
      timer = null;
      const batch = pending;
      pending = new Set();
      chain = chain.then(() => processBatch(batch)).catch(() => undefined);
    }, wait);
  };

  const failures = new Map<string, number>();
  const watchDiagnostics: Diagnostic[] = [];
  const failed = (p: string, error: unknown) => {
    const n = (failures.get(p) ?? 0) + 1;
    failures.set(p, n);
    if (n === MAX_WATCH_FAILURES) {
      const code = (error as NodeJS.ErrnoException | undefined)?.code ?? "error";
      watchDiagnostics.push(
        discoveryDiagnostic(
          "scan.watch.failed",
          "warning",
          p,
          `Changes in ${p} cannot be followed live (${code}), so the catalog may lag behind until the next scan.`,
          "Scan again to refresh; on Linux, raise fs.inotify.max_user_watches if the folder is very large.",
        ),
      );
      // Before the first catalog exists, it takes every diagnostic at once when it is made.
      if (ready) result = { ...result, diagnostics: [...result.diagnostics, watchDiagnostics.at(-1) as Diagnostic] };
    }
  };

  const watchPath = (p: string) => {
    if (closed || watchers.has(p) || (failures.get(p) ?? 0) >= MAX_WATCH_FAILURES) return;
    try {
      let stop = () => undefined as void;
      stop = watches.watch(p, {
        change: (filename) => {
          pending.add(filename ? path.join(p, filename) : p);
          schedule();
        },
        error: (error) => {
          stop();
          watchers.delete(p);
          failed(p, error);
          pending.add(p);
          schedule();
        },
      });
      watchers.set(p, { close: stop });
    } catch (error) {
      failed(p, error);
    }
  };

  const syncWatchers = (locations: readonly Location[]) => {
    const targets = new Set<string>();
    for (const loc of locations) if (loc.exists) targets.add(loc.path);
    for (const f of lockFiles) targets.add(path.dirname(f));
    const covered = (p: string) => {
      for (let a = p; ; a = path.dirname(a)) {
        if (targets.has(a)) return true;
        if (path.dirname(a) === a) return false;
      }
    };
    for (const g of groups) if (!covered(g.realDir)) targets.add(g.realDir);
    const sorted = [...targets].sort((a, b) => a.length - b.length);
    const chosen: string[] = [];
    for (const t of sorted) if (!chosen.some((c) => isInside(c, t))) chosen.push(t);
    for (const [p, w] of watchers) {
      if (!chosen.includes(p)) {
        w.close();
        watchers.delete(p);
      }
    }
    for (const t of chosen) watchPath(t);
  };

  const processBatch = async (batch: Set<string>) => {
    if (closed || batch.size === 0) return;
    const change = classifyChanges(state, groups, lockFiles, batch);
    if (change.replan) {
      state.plan = await planScan(options);
      state.sites = await findAllSites(state.plan, cap);
    }
    if (change.lock) state.lock = await readSkillLock(options);
    for (const id of change.manifests) {
      const source = state.plan.skillSources.find((s) => s.location.id === id);
      if (source?.desktop)
        source.desktop = await readDesktopTree(
          source.desktop.path,
          source.location.desktop?.root ?? path.dirname(path.dirname(source.desktop.path)),
        );
    }
    await applyChildChange(state, change.replan ? { ...change, children: new Map() } : change, cap);
    if (!change.replan) for (const id of change.relist) await relistSource(state, id, cap);
    for (const root of change.plugins) state.plugins.delete(root);
    groups = groupSites(state);
    await readMissing(state, options, groups);
    const before = result;
    const next = await assembleNow(state, groups);
    result = watchDiagnostics.length
      ? { ...next.result, diagnostics: [...next.result.diagnostics, ...watchDiagnostics] }
      : next.result;
    const structural = change.replan || change.children.size > 0 || change.relist.size > 0;
    if (structural) syncWatchers(result.locations);
    if (closed) return;
    const out: CatalogChange = {
      skills: changesOf(before.skills, result.skills, next.changedSkills),
      plugins: changesOf(before.plugins, result.plugins, next.changedPlugins),
    };
    if (
      out.skills.updated.length ||
      out.skills.removed.length ||
      out.plugins.updated.length ||
      out.plugins.removed.length
    ) {
      try {
        listener(out);
      } catch {
        // a listener's failure must not stop the watch
      }
    }
  };

  // The locations are watched as soon as they are known, before the first scan lists or reads them: a change made
  // after a skill was read and before its watch began would otherwise be missed until the next scan.
  const state = await createScanState(options, (plan) => syncWatchers(plan.locations));
  groups = groupSites(state);
  result = (await assembleNow(state, groups)).result;
  if (watchDiagnostics.length) result = { ...result, diagnostics: [...result.diagnostics, ...watchDiagnostics] };
  ready = true;
  syncWatchers(result.locations);
  if (pending.size > 0) schedule();
  const poll = setInterval(() => {
    void Promise.all(
      result.locations.map(async (loc) => ((await pathExists(loc.path)) !== loc.exists ? loc.path : null)),
    ).then((flipped) => {
      for (const p of flipped) if (p) pending.add(p);
      if (flipped.some(Boolean)) schedule();
    });
  }, pollMs);
  poll.unref();
  return {
    current: () => result,
    watching: () => watches.settled(),
    close: async () => {
      closed = true;
      clearInterval(poll);
      if (timer) clearTimeout(timer);
      for (const w of watchers.values()) w.close();
      watchers.clear();
      watches.close();
      await chain;
    },
  };
}
