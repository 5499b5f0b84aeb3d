// The one place that builds the update sources (skill-meta servers, GitHub releases, the cache folder) for both the
// CLI's `outdated` and the app's handlers, so that both ask the same servers and keep the same cache.
import { realpath } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Plugin, Skill, UpdateInfo } from "../../../shared/model";
import type { UpdateServerStatus } from "../../../shared/update-servers";
import type { ScanPlatform } from "../discovery/types";
import { defaultCacheDir } from "./cache-dir";
import { checkUpdates, type CheckUpdatesOptions } from "./check";
import { checkMcpOrigin, checkSiteOrigin } from "../mcp-skills/check-origin";
import { readOrigins, type OriginRecord } from "../mcp-skills/origins";
import { redactUrl, urlEndpoint } from "./endpoints";
import { GITHUB_API } from "./github-http";
import { ReleaseLookup } from "./github-releases";
import { GithubTrees } from "./github-trees";
import { findMcpEndpoints } from "./mcp-config";
import { SkillMetaSession } from "./meta-session";

/** Where a check looks, from the settings (and the CLI's flags); secrets stay in this process's memory. */
export interface UpdateSourceSettings {
  /** Skill-meta servers the user added by URL. */
  servers: Array<{ url: string; headers?: Record<string, string> }>;
  /** Token from settings; the environment's GITHUB_TOKEN is used when absent. */
  githubToken?: string;
  /** The GitHub API address saved in the settings; a flag wins over it, it wins over SKILLSHELF_GITHUB_API. */
  githubApi?: string;
  /** Ask every server that runs as a local command (the CLI's `--stdio`: the user's consent for this run). */
  includeStdio: boolean;
  /** Ids of the local commands the user approved one by one (see stdio-consent.ts); others are never started. */
  approvedStdio?: string[];
}

/**
 * What stays the same for every check of one CLI run or one app session.
 * Exported for tests: they build checkers on loopback servers from it.
 */
export interface UpdateSourceSetup {
  home: string;
  platform: ScanPlatform;
  env: Record<string, string | undefined>;
  /** Project folders (scan's `--include`): their MCP configs name servers too. */
  projectDirs?: string[];
  /** Servers added for this run (`--server`). */
  servers?: string[];
  /** GitHub API base from a flag (`--github-api`); wins over the setting and SKILLSHELF_GITHUB_API. */
  githubApi?: string;
  /** Use cached release answers only and ask no skill-meta server. */
  offline?: boolean;
  /** Deadline per skill-meta server. */
  metaTimeoutMs?: number;
  /** Revalidate cached trees with GitHub (a conditional request) instead of trusting them for 24 h: an update is about to be applied. */
  freshTrees?: boolean;
  /** Deadline per release lookup. */
  releaseTimeoutMs?: number;
  /** The data folder: skills installed from an MCP server or a site are checked against the origin recorded there. */
  dataDir?: string;
  log?: (line: string) => void;
}

/**
 * The cache folder: SKILLSHELF_CACHE_DIR, else the platform's usual place. For a home that is not the real user's
 * (`--home`), the usual place inside that home: the real user's XDG_CACHE_HOME or LOCALAPPDATA is not used.
 */
export function updateCacheDir(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform,
  home: string,
  realHome: string = os.homedir(),
): string {
  if (env.SKILLSHELF_CACHE_DIR) return env.SKILLSHELF_CACHE_DIR;
  const ownHome = path.resolve(home) === path.resolve(realHome);
  return defaultCacheDir(ownHome ? env : {}, platform, home);
}

/** The GitHub token to use: the one saved in the settings, else the environment's GITHUB_TOKEN, else none. */
export function githubTokenOf(
  settingsToken: string | undefined,
  env: Record<string, string | undefined>,
): string | undefined {
  return settingsToken || env.GITHUB_TOKEN || undefined;
}

/**
 * The GitHub API base every GitHub call of the app and the CLI uses, from one place: the flag (`githubApi`), else the
 * setting, else SKILLSHELF_GITHUB_API, else the public API.
 */
export function githubApiOf(where: {
  githubApi?: string | undefined;
  setting?: string | undefined;
  env: Record<string, string | undefined>;
}): string {
  return where.githubApi || where.setting || where.env.SKILLSHELF_GITHUB_API || GITHUB_API;
}

/** One check: which skills, with which settings; `force` ("check now", `outdated`) asks every source again. */
export interface UpdateCheckRequest {
  skills: Skill[];
  plugins?: readonly Plugin[];
  /** Plugin folders whose MCP configs count (the plugins' roots when absent). */
  pluginRoots?: string[];
  settings: UpdateSourceSettings;
  force: boolean;
}

/** Runs checks with sources built once per setup: one skill-meta session until forced, one release lookup per token. */
export interface UpdateChecker {
  readonly cacheDir: string;
  check(request: UpdateCheckRequest): Promise<UpdateInfo[]>;
  /** Each server's state as last asked (the settings' servers included); with `tryUnasked`, those not asked are now. */
  servers(settings: UpdateSourceSettings, tryUnasked: boolean): Promise<UpdateServerStatus[]>;
}

/** How long a server just added in Settings may take to answer. */
const TRY_TIMEOUT_MS = 5_000;

/** The check of copies installed from an MCP server or a site, by their recorded origin (none when it is unreadable). */
async function remoteCheck(dataDir: string): Promise<CheckUpdatesOptions["remote"]> {
  const origins = await readOrigins(dataDir).catch(() => new Map<string, OriginRecord>());
  if (!origins.size) return undefined;
  return async (skill) => {
    const real = await realpath(skill.dir).catch(() => skill.dir);
    const origin = origins.get(real) ?? origins.get(skill.dir);
    if (origin?.kind === "mcp") return checkMcpOrigin(origin, real);
    return origin?.kind === "site" ? checkSiteOrigin(origin, real) : null;
  };
}

/** The checker for one CLI run or app session. */
export function createUpdateChecker(setup: UpdateSourceSetup): UpdateChecker {
  const { env, platform, home } = setup;
  const cacheDir = updateCacheDir(env, platform, home);
  let releases: { token: string | undefined; apiBase: string; lookup: ReleaseLookup } | null = null;
  let session: SkillMetaSession | null = null;

  async function newSession(settings: UpdateSourceSettings, pluginRoots: string[]): Promise<SkillMetaSession> {
    if (setup.offline) return new SkillMetaSession([]);
    const extraServers: UpdateSourceSettings["servers"] = [
      ...settings.servers,
      ...(setup.servers ?? []).map((url) => ({ url })),
    ];
    const found = await findMcpEndpoints({
      home,
      platform,
      env,
      projectDirs: setup.projectDirs,
      pluginRoots,
      extraServers,
      includeStdio: settings.includeStdio,
      approvedStdio: (id) => settings.approvedStdio?.includes(id) ?? false,
    }).catch(() => ({
      endpoints: extraServers.map((server) => urlEndpoint(server.url, server.headers)),
    }));
    return new SkillMetaSession(found.endpoints, { timeoutMs: setup.metaTimeoutMs, log: setup.log });
  }

  /** Servers of the settings asked on their own (when added), by address. */
  const tried = new Map<string, UpdateServerStatus>();
  function statuses(settings: UpdateSourceSettings): UpdateServerStatus[] {
    const list = (session?.statuses() ?? []).map((s) =>
      s.state === "not-asked" && s.configuredIn === "settings" ? (tried.get(s.address) ?? s) : s,
    );
    for (const server of settings.servers) {
      const address = redactUrl(server.url);
      if (list.some((s) => s.configuredIn === "settings" && s.address === address)) continue;
      list.push(tried.get(address) ?? { address, configuredIn: "settings", state: "not-asked", skills: [] });
    }
    return list;
  }

  return {
    cacheDir,
    async servers(settings, tryUnasked) {
      if (!tryUnasked || setup.offline) return statuses(settings);
      const unasked = new Set(
        statuses(settings)
          .filter((s) => s.state === "not-asked")
          .map((s) => s.address),
      );
      const fresh = settings.servers.filter((server) => unasked.has(redactUrl(server.url))).slice(0, 10);
      await Promise.all(
        fresh.map(async (server) => {
          const one = new SkillMetaSession([urlEndpoint(server.url, server.headers)], { timeoutMs: TRY_TIMEOUT_MS });
          await one.answers();
          const [status] = one.statuses();
          if (status) tried.set(status.address, status);
        }),
      );
      return statuses(settings);
    },
    async check({ skills, plugins = [], pluginRoots, settings, force }) {
      const token = githubTokenOf(settings.githubToken, env);
      const apiBase = githubApiOf({ githubApi: setup.githubApi, setting: settings.githubApi, env });
      if (!releases || releases.token !== token || releases.apiBase !== apiBase) {
        releases = {
          token,
          apiBase,
          lookup: new ReleaseLookup({
            apiBase,
            cacheDir,
            token,
            offline: setup.offline,
            timeoutMs: setup.releaseTimeoutMs,
            log: setup.log,
          }),
        };
      }
      if (!session || force) session = await newSession(settings, pluginRoots ?? plugins.map((p) => p.root));
      // A check asked for (Check now, `outdated`) asks GitHub again, each cached answer revalidated once (a 304 is
      // free); the automatic one trusts the 24 h cache.
      const refresh = force && !setup.offline;
      const releaseLookup = refresh
        ? new ReleaseLookup({
            apiBase,
            cacheDir,
            token,
            timeoutMs: setup.releaseTimeoutMs,
            log: setup.log,
            refresh,
          })
        : releases.lookup;
      // One tree lookup per check: skills from one repository share its one Trees request (and the 24 h cache).
      const trees = new GithubTrees({
        apiBase,
        cacheDir,
        token,
        offline: setup.offline,
        timeoutMs: setup.releaseTimeoutMs,
        refresh,
        ...(setup.freshTrees ? { ttlMs: 0 } : {}),
      });
      const remote = setup.dataDir && !setup.offline ? await remoteCheck(setup.dataDir) : undefined;
      return checkUpdates(skills, { session, releases: releaseLookup, plugins, trees, ...(remote ? { remote } : {}) });
    },
  };
}
