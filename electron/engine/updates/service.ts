// What the app wires: one update service per app run, holding the current skill-meta session (reused by
// automatic checks, replaced by "check now"), the release lookup with its cache, and the poller.
import type { Skill, UpdateInfo } from "../../../shared/model";
import type { ScanOptions } from "../discovery/types";
import { defaultCacheDir } from "./cache-dir";
import { checkUpdates } from "./check";
import { DEFAULT_GITHUB_API, ReleaseLookup } from "./github-releases";
import { findMcpEndpoints } from "./mcp-config";
import { SkillMetaSession } from "./meta-session";
import { createUpdatePoller, type PollerClock, type UpdatePoller } from "./poller";

/** Settings and sources of the service; secrets (headers, token) stay in this object's memory only. */
export interface UpdateServiceOptions extends Pick<ScanOptions, "home" | "platform" | "env"> {
  /** The skills to check and the plugin roots whose mcp.json count (the current catalog). */
  catalog: () => Promise<{ skills: Skill[]; pluginRoots: string[]; projectDirs?: string[] }>;
  /** Servers the user added in settings. */
  extraServers?: Array<{ url: string; headers?: Record<string, string> }>;
  /** Token from settings; GITHUB_TOKEN from env otherwise. */
  githubToken?: string;
  githubApi?: string;
  cacheDir?: string;
  metaTimeoutMs?: number;
  releaseTimeoutMs?: number;
  intervalHours?: number;
  includeStdio?: boolean;
  onUpdates: (updates: UpdateInfo[]) => void;
  onError?: (error: unknown) => void;
  clock?: PollerClock;
  now?: () => number;
  log?: (line: string) => void;
}

/** The running service. */
export interface UpdateService {
  /** Checks now; `force` starts a new skill-meta session (servers asked again), as "check now" does. */
  check(force: boolean): Promise<UpdateInfo[]>;
  poller: UpdatePoller;
}

/** Creates the service; call `poller.start()` to check on start and every N hours. */
export function createUpdateService(options: UpdateServiceOptions): UpdateService {
  const releases = new ReleaseLookup({
    apiBase: options.githubApi ?? options.env.SKILLSHELF_GITHUB_API ?? DEFAULT_GITHUB_API,
    cacheDir: options.cacheDir ?? defaultCacheDir(options.env),
    token: options.githubToken ?? options.env.GITHUB_TOKEN,
    timeoutMs: options.releaseTimeoutMs,
    now: options.now,
    log: options.log,
  });
  let session: SkillMetaSession | null = null;

  async function run(newSession: boolean): Promise<UpdateInfo[]> {
    const catalog = await options.catalog();
    if (newSession || !session) {
      const { endpoints } = await findMcpEndpoints({
        home: options.home, platform: options.platform, env: options.env,
        projectDirs: catalog.projectDirs, pluginRoots: catalog.pluginRoots, extraServers: options.extraServers, includeStdio: options.includeStdio,
      });
      session = new SkillMetaSession(endpoints, { timeoutMs: options.metaTimeoutMs, log: options.log });
    }
    return checkUpdates(catalog.skills, { session, releases });
  }

  const poller = createUpdatePoller({ check: ({ newSession }) => run(newSession), intervalHours: options.intervalHours, onUpdates: options.onUpdates, onError: options.onError, clock: options.clock });
  return { poller, check: (force) => (force ? poller.checkNow() : run(false).then((u) => (options.onUpdates(u), u))) };
}
