// The engine work the hosts run off their main thread, by name: folder hashes (discovery's, the update check's git
// tree and the installer's), validating a path the page names, reading and checking the stored catalog, and rendering
// the page's first screen from it. The task worker runs the same functions.
import type { ValidationResult } from "../../../shared/results";
import type { Profile } from "../../../shared/model";
import { hashSkillFolderWithInfo } from "../discovery/hash";
import { installerFolderHashes } from "../skill-lock/folder-hash";
import { MissingPathError, resolveTargets } from "../skill/targets";
import { gitTreeOf } from "../updates/git-tree";
import { validateTarget } from "../validate-target";
import { validateSkillCached } from "../validate-cache/cached-skill";
import { ValidationCache } from "../validate-cache/store";
import { readCatalogSnapshotJson, snapshotReadsBack } from "../catalog-snapshot/snapshot";
import { canRenderFirstScreen, renderFirstScreenPage } from "../first-screen/page";
import { runTask } from "./runner";

/** What validating a path found: its results, or that nothing is there (said in words). */
export type PathValidation = { results: ValidationResult[] } | { missing: string };

/** Validates whatever a path holds (skill, plugin, folder of skills, archive), as `skillshelf validate` does. */
async function validatePath(
  target: string,
  profile: Profile,
  cacheFile: string | null = null,
): Promise<PathValidation> {
  let targets;
  try {
    targets = await resolveTargets(target);
  } catch (error) {
    if (error instanceof MissingPathError) return { missing: error.message };
    throw error;
  }
  // Through the validation cache `validate` keeps, when the caller names its file (the settings leave it on).
  const cache = cacheFile ? await ValidationCache.open(cacheFile) : null;
  const results: ValidationResult[] = [];
  for (const t of targets)
    results.push(
      cache && t.kind === "skill" ? await validateSkillCached(t, profile, cache) : await validateTarget(t, profile),
    );
  await cache?.save();
  return { results };
}

/** Every task by name: what the worker may be asked to run (the worker looks names up here). */
export const TASKS = {
  folderHash: hashSkillFolderWithInfo,
  gitTree: gitTreeOf,
  installerHashes: installerFolderHashes,
  validatePath,
  storedCatalogJson: readCatalogSnapshotJson,
  storedCatalogReadsBack: snapshotReadsBack,
  canRenderFirstScreen,
  firstScreenPage: renderFirstScreenPage,
} as const;

/** A task's name. */
export type TaskName = keyof typeof TASKS;

/** Runs a task in the host's task worker (in this thread where there is none); see runner.ts for failures. */
export function offThread<K extends TaskName>(
  name: K,
  ...args: Parameters<(typeof TASKS)[K]>
): ReturnType<(typeof TASKS)[K]> {
  const here = TASKS[name] as (...a: unknown[]) => Promise<unknown>;
  return runTask(name, here, args) as ReturnType<(typeof TASKS)[K]>;
}

/** Runs a task's function by name in this thread (the worker's side); an unknown name throws. */
export function runNamedTask(name: string, args: unknown[]): Promise<unknown> {
  if (!Object.hasOwn(TASKS, name)) throw new Error(`No task is named ${JSON.stringify(name)}.`);
  return (TASKS[name as TaskName] as (...a: unknown[]) => Promise<unknown>)(...args);
}
