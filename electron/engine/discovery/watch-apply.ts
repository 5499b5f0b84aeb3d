// Applies one batch of watched changes to a scan state: re-lists only the touched children, drops only their reads.
import path from "node:path";
import { readKey, type ScanState } from "./assemble";
import { examineChild, findSites, type SkillSite } from "./sites";

/** What a batch of changed paths touches. */
export interface ChangePlan {
  /** Location id → child folder names changed in it. */
  children: Map<string, Set<string>>;
  /** Locations to list again in full (the folder itself changed). */
  relist: Set<string>;
  /** Desktop tree locations whose manifest.json changed. */
  manifests: Set<string>;
  /** Plugin roots to read again. */
  plugins: Set<string>;
  /** Real skill folders whose contents changed. */
  realDirs: Set<string>;
  lock: boolean;
  replan: boolean;
}

/** Marks the reads of these real folders stale: they are read again, and kept as they were if nothing changed. */
export function dropReads(state: ScanState, realDirs: Iterable<string>): void {
  const wanted = new Set(realDirs);
  if (wanted.size === 0) return;
  state.stale ??= new Map();
  for (const profile of ["agent-skills", "claude-desktop"] as const) {
    for (const realDir of wanted) {
      const key = readKey(realDir, profile);
      const read = state.reads.get(key);
      if (!read) continue;
      state.stale.set(key, read);
      state.reads.delete(key);
    }
  }
}

const byPath = (a: SkillSite, b: SkillSite) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** Re-examines each changed child of each location and drops the reads of every real folder it touched. */
export async function applyChildChange(state: ScanState, change: ChangePlan, cap: number): Promise<void> {
  const touched = new Set<string>(change.realDirs);
  for (const [id, children] of change.children) {
    const source = state.plan.skillSources.find((s) => s.location.id === id);
    const found = state.sites.get(id);
    if (!source || !found) continue;
    for (const child of children) {
      const childPath = path.join(source.dir, child);
      const inChild = (p: string) => p === childPath || p.startsWith(childPath + path.sep);
      for (const s of found.sites) if (inChild(s.path)) touched.add(s.realDir);
      found.sites = found.sites.filter((s) => !inChild(s.path));
      found.diagnostics = found.diagnostics.filter((d) => !inChild(d.file));
      const fresh = await examineChild(source, childPath, source.depth, cap);
      for (const s of fresh.sites) touched.add(s.realDir);
      found.sites.push(...fresh.sites);
      found.sites.sort(byPath);
      found.diagnostics.push(...fresh.diagnostics);
    }
  }
  dropReads(state, touched);
}

/** Lists one location again in full; reads of folders that stay are kept. */
export async function relistSource(state: ScanState, id: string, cap: number): Promise<void> {
  const source = state.plan.skillSources.find((s) => s.location.id === id);
  if (!source) return;
  const before = state.sites.get(id)?.sites ?? [];
  const after = await findSites(source, cap);
  state.sites.set(id, after);
  if (source.mode === "single")
    dropReads(
      state,
      [...before, ...after.sites].map((s) => s.realDir),
    );
}
