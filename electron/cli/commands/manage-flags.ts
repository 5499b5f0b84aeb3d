// The flags add, remove and share share: --client (plain ids), --project, and the scope and data folder they name.
import path from "node:path";
import { dataDir as defaultDataDir } from "../../engine/app-data/data-dir";
import { EngineError } from "../../engine/errors";
import { CLIENT_IDS, parseClientId, type ClientId } from "../../engine/manage/clients";
import type { TaskProgress } from "../../../shared/model";
import type { ScanPlatform } from "../../engine/discovery/types";
import { LifecycleService } from "../../engine/lifecycle/service";
import { defaultSettingsFile, loadSettings, type Settings } from "../../engine/settings";
import { githubApiOf, githubTokenOf } from "../../engine/updates/sources";
import { UsageError, listFlag, stringFlag, type CliArgs, type CliCommand, type CliIo } from "../command";
import { readScanFlags, scanFlagOptions } from "../scan-flags";
import { githubApiFlag } from "../source-flags";
import { safe } from "./report-format";

/** Option specs for parseArgs. */
export const manageFlagOptions = {
  ...scanFlagOptions,
  client: { type: "string", multiple: true },
  project: { type: "string" },
  yes: { type: "boolean" },
  "dry-run": { type: "boolean" },
  json: { type: "boolean" },
  "github-api": { type: "string" },
} as const satisfies CliCommand["options"];

/** The usage text of the client flags. */
export const CLIENT_USAGE = `[--client ${CLIENT_IDS.join("|")}]... [--project DIR]`;

/** Where a manage command works: home or project, clients, the data folder, GitHub's API and token. */
export interface ManageSetup {
  home: string;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  project?: string;
  clients: ClientId[];
  dataDir: string;
  apiBase: string;
  token: string | undefined;
}

/**
 * Reads the shared flags; bad values are usage errors (exit 2). With `withToken`, the GitHub token is the one saved in
 * the app's settings (as `update` and `outdated` use it), else GITHUB_TOKEN; it is never printed.
 */
export async function readManageSetup(
  args: CliArgs,
  io: CliIo,
  defaultClients: ClientId[],
  withToken = false,
): Promise<ManageSetup> {
  const scan = await readScanFlags(args, io);
  let clients: ClientId[];
  try {
    clients = listFlag(args, "client").map(parseClientId);
  } catch (error) {
    if (error instanceof EngineError) throw new UsageError(error.message);
    throw error;
  }
  const project = stringFlag(args, "project");
  const flag = githubApiFlag(args, io);
  const saved = await savedSettings(io, scan, withToken);
  const apiBase = githubApiOf({ githubApi: flag, setting: saved.githubApi, env: io.env });
  return {
    home: scan.home,
    env: io.env,
    platform: scan.platform,
    ...(project ? { project: path.resolve(io.cwd, project) } : {}),
    clients: clients.length ? [...new Set(clients)] : defaultClients,
    dataDir: defaultDataDir(io.env, process.platform),
    apiBase,
    token: githubTokenOf(withToken ? saved.githubToken : undefined, io.env),
  };
}

/** The app's saved settings (their problems said when the command uses the saved token, as `add` does). */
async function savedSettings(
  io: CliIo,
  where: { platform: NodeJS.Platform; home: string },
  tell: boolean,
): Promise<Settings> {
  const settingsFile = defaultSettingsFile(io.env, where.platform, where.home);
  const { settings, problems } = await loadSettings(settingsFile);
  if (tell) for (const problem of problems) io.stderr(`skillshelf add: ${safe(problem)}\n`);
  return settings;
}

/** The lifecycle service a manage command drives: its home, platform, data folder and GitHub access, as the app's. */
export function lifecycleOf(setup: ManageSetup, onProgress?: (p: TaskProgress) => void): LifecycleService {
  return new LifecycleService({
    dataDir: setup.dataDir,
    home: setup.home,
    platform: setup.platform as ScanPlatform,
    env: setup.env,
    githubApi: setup.apiBase,
    githubToken: async () => setup.token,
    ...(onProgress ? { onProgress } : {}),
  });
}

/** Finishes or undoes what interrupted updates and adds left before a manage command writes; says so on stderr. */
export async function recoverBeforeManage(service: LifecycleService, io: CliIo, command: string): Promise<void> {
  for (const r of await service.recover()) io.stderr(`skillshelf ${command}: ${r.outcome}: ${safe(r.detail)}\n`);
}
