// The real engine behind the handlers: discovery, levels, validation and update checks, wired for one scan setup.
import path from "node:path";
import type { ScanOptions } from "../engine/discovery/types";
import { dataDir } from "../engine/app-data/data-dir";
import { scan } from "../engine/discovery/scan";
import { watchCatalog } from "../engine/discovery/watch";
import { getSkillLevels, readSkillResource } from "../engine/skill/levels";
import { useTaskWorker } from "../engine/off-thread/runner";
import { offThread } from "../engine/off-thread/tasks";
import { readLastUpdates, writeLastUpdates } from "../engine/updates/last-updates";
import { createUpdateChecker } from "../engine/updates/sources";
import type { ValidationResult } from "../../shared/ipc";
import type { Profile } from "../../shared/model";
import type { HandlerEngine } from "./context";
import { EngineError } from "../engine/errors";

/** Where update checks look, beyond what the home's MCP configs name. */
export interface UpdateSourceOptions {
  /** Skill-meta servers added by URL. */
  servers?: string[];
  /** GitHub API base from the host's flag; it wins over the setting and SKILLSHELF_GITHUB_API. */
  githubApi?: string;
  /** Use cached release answers only. */
  offline?: boolean;
}

/**
 * Validates whatever a path holds (skill, plugin, folder of skills, archive), as `skillshelf validate` does, through
 * the validation cache file when one is given.
 */
export async function validateAnyPath(
  target: string,
  profile: Profile,
  cacheFile?: string | null,
): Promise<ValidationResult[]> {
  const found = await offThread("validatePath", target, profile, cacheFile ?? null);
  if ("missing" in found) throw new EngineError("app.refused", found.missing);
  return found.results;
}

/**
 * The engine for one scan setup. The thread that runs the handlers answers requests, so skill reads, folder hashes
 * and validation run in the worker scanOptions.workerScript names (in this thread only when none can start).
 */
export function createEngine(scanOptions: ScanOptions, sources: UpdateSourceOptions = {}): HandlerEngine {
  const { env, platform, home, include } = scanOptions;
  useTaskWorker(scanOptions.workerScript);
  const offMain = <T extends ScanOptions>(options: T): T => ({ ...options, readsOffThread: true });
  const projectDirs = include?.map((dir) => path.resolve(dir));
  const checker = createUpdateChecker({
    home,
    platform,
    env,
    projectDirs,
    servers: sources.servers,
    githubApi: sources.githubApi,
    offline: sources.offline,
    // The install concern's data folder (its default): skills added from a server or a site are checked against it.
    dataDir: dataDir(env as NodeJS.ProcessEnv, process.platform),
  });
  return {
    ...(sources.githubApi ? { githubApi: sources.githubApi } : {}),
    scan: (options) => scan(offMain(options)),
    watchCatalog: (options, onChange) => watchCatalog(offMain(options), onChange),
    getSkillLevels: (dir) => getSkillLevels(dir),
    readSkillResource,
    validatePath: validateAnyPath,
    checkUpdates: (skills, { force, sources: settings, plugins }) =>
      checker.check({
        skills,
        plugins,
        pluginRoots: settings?.pluginRoots,
        force,
        settings: { ...settings, servers: settings?.servers ?? [], includeStdio: settings?.includeStdio ?? false },
      }),
    updateServers: (settings, tryUnasked) =>
      checker.servers(
        { ...settings, servers: settings?.servers ?? [], includeStdio: settings?.includeStdio ?? false },
        tryUnasked,
      ),
    lastUpdates: {
      read: () => readLastUpdates(checker.cacheDir),
      write: (last) => writeLastUpdates(checker.cacheDir, last),
    },
  };
}
