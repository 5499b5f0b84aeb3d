// The real engine behind the handlers: discovery, levels, validation and update checks, wired for one scan setup.
import type { ScanOptions } from "../engine/discovery/types";
import { scan } from "../engine/discovery/scan";
import { watchCatalog } from "../engine/discovery/watch";
import { getSkillLevels, readSkillResource } from "../engine/skill/levels";
import { MissingPathError, resolveTargets } from "../engine/skill/targets";
import { validateTarget } from "../engine/validate-target";
import { defaultCacheDir } from "../engine/updates/cache-dir";
import { checkUpdates } from "../engine/updates/check";
import { urlEndpoint } from "../engine/updates/endpoints";
import { DEFAULT_GITHUB_API, ReleaseLookup } from "../engine/updates/github-releases";
import { findMcpEndpoints } from "../engine/updates/mcp-config";
import { SkillMetaSession } from "../engine/updates/meta-session";
import type { ValidationResult } from "../../shared/ipc";
import type { Profile } from "../../shared/model";
import type { HandlerEngine, UpdateSources } from "./context";
import { HandlerError } from "./errors";

/** Where update checks look, beyond what the home's MCP configs name. */
export interface UpdateSourceOptions {
  /** Skill-meta servers added by URL. */
  servers?: string[];
  /** GitHub API base (SKILLSHELF_GITHUB_API by default). */
  githubApi?: string;
  /** Use cached release answers only. */
  offline?: boolean;
}

/** Validates whatever a path holds (skill, plugin, folder of skills, archive), as `skillshelf validate` does. */
export async function validateAnyPath(target: string, profile: Profile): Promise<ValidationResult[]> {
  let targets;
  try {
    targets = await resolveTargets(target);
  } catch (error) {
    if (error instanceof MissingPathError) throw new HandlerError(error.message);
    throw error;
  }
  const results: ValidationResult[] = [];
  for (const t of targets) results.push(await validateTarget(t, profile));
  return results;
}

/** An update checker that keeps one skill-meta session until a forced ("check now") run starts a new one. */
export function createUpdateChecker(scanOptions: ScanOptions, sources: UpdateSourceOptions = {}): HandlerEngine["checkUpdates"] {
  const { env, platform, home } = scanOptions;
  const releasesFor = (token: string | undefined) =>
    new ReleaseLookup({
      apiBase: sources.githubApi ?? env.SKILLSHELF_GITHUB_API ?? DEFAULT_GITHUB_API,
      cacheDir: defaultCacheDir(env, platform, home),
      token,
      offline: sources.offline,
    });
  let releases: { token: string | undefined; lookup: ReleaseLookup } | null = null;
  let session: SkillMetaSession | null = null;
  return async (skills, { force, sources: settings }) => {
    const token = settings?.githubToken ?? env.GITHUB_TOKEN;
    if (!releases || releases.token !== token) releases = { token, lookup: releasesFor(token) };
    if (!session || force) {
      const extraServers: UpdateSources["servers"] = [...(settings?.servers ?? []), ...(sources.servers ?? []).map((url) => ({ url }))];
      const found = await findMcpEndpoints({ home, platform, env, extraServers, pluginRoots: settings?.pluginRoots, includeStdio: settings?.includeStdio, approvedStdio: (id) => settings?.approvedStdio?.includes(id) ?? false }).catch(() => ({
        endpoints: extraServers.map((server) => urlEndpoint(server.url, server.headers)),
      }));
      session = new SkillMetaSession(found.endpoints);
    }
    return checkUpdates(skills, { session, releases: releases.lookup });
  };
}

/** The engine for one scan setup. */
export function createEngine(scanOptions: ScanOptions, sources: UpdateSourceOptions = {}): HandlerEngine {
  return {
    scan,
    watchCatalog,
    getSkillLevels: (dir) => getSkillLevels(dir),
    readSkillResource,
    validatePath: validateAnyPath,
    checkUpdates: createUpdateChecker(scanOptions, sources),
  };
}
