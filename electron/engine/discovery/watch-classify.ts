// Works out what a batch of changed paths touches, by walking each path's ancestors (no scan over every skill).
import path from "node:path";
import type { ScanState, SiteGroup } from "./assemble";
import type { ChangePlan } from "./watch-apply";

function addChild(change: ChangePlan, id: string, child: string): void {
  const set = change.children.get(id) ?? new Set<string>();
  set.add(child);
  change.children.set(id, set);
}

/** Classifies changed paths: location children, Desktop manifests, plugins, real folders, the lock file, or a replan. */
export function classifyChanges(
  state: ScanState,
  groups: SiteGroup[],
  lockFiles: string[],
  paths: Iterable<string>,
): ChangePlan {
  const change: ChangePlan = {
    children: new Map(),
    relist: new Set(),
    manifests: new Set(),
    plugins: new Set(),
    realDirs: new Set(),
    lock: false,
    replan: false,
  };
  const sourcesByDir = new Map(state.plan.skillSources.filter((s) => !s.desktop).map((s) => [s.dir, s]));
  const treesByPath = new Map(state.plan.skillSources.filter((s) => s.desktop).map((s) => [s.location.path, s]));
  const pluginRoots = new Set(state.plan.pluginSources.map((s) => s.root));
  const realDirs = new Set(groups.map((g) => g.realDir));
  const desktopRoots = new Set(
    state.plan.locations.filter((l) => l.desktop && l.desktop.accountTree === null).map((l) => l.path),
  );
  const locationPaths = new Set(state.plan.locations.map((l) => l.path));
  for (const p of paths) {
    if (lockFiles.includes(p)) change.lock = true;
    if (path.basename(p) === "installed_plugins.json" || locationPaths.has(p)) change.replan = true;
    let below: string[] = [];
    let inTree = false;
    for (let a = p; ; a = path.dirname(a)) {
      const tree = treesByPath.get(a);
      if (tree) {
        inTree = true;
        if (below[0] === "manifest.json") change.manifests.add(tree.location.id);
        else if (below[0] === "skills" && below.length > 1) {
          if (!(below[1] as string).startsWith(".")) addChild(change, tree.location.id, below[1] as string);
        } else if (below[0] === "skills" || below.length === 0) change.relist.add(tree.location.id);
      }
      const source = sourcesByDir.get(a);
      if (source) {
        if (source.mode === "single" || below.length === 0) change.relist.add(source.location.id);
        else if (!source.exclude.includes(below[0] as string) && !(below[0] as string).startsWith("."))
          addChild(change, source.location.id, below[0] as string);
      }
      if (pluginRoots.has(a)) change.plugins.add(a);
      if (realDirs.has(a)) change.realDirs.add(a);
      if (desktopRoots.has(a) && !inTree) change.replan = true;
      const parent = path.dirname(a);
      if (parent === a) break;
      below = [path.basename(a), ...below];
    }
  }
  return change;
}
