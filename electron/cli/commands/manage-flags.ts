// The flags add, remove and share share: --client (plain ids), --project, and the scope and data folder they name.
import path from "node:path";
import { dataDir as defaultDataDir } from "../../engine/app-data/data-dir";
import { InstallError } from "../../engine/apply/errors";
import { CLIENT_IDS, parseClientId, type ClientId } from "../../engine/manage/clients";
import { githubApiOf, githubTokenOf } from "../../engine/updates/sources";
import { UsageError, listFlag, stringFlag, type CliArgs, type CliCommand, type CliIo } from "../command";
import { readScanFlags, scanFlagOptions } from "../scan-flags";
import { isHttpUrl } from "../source-flags";

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

/** Reads the shared flags; bad values are usage errors (exit 2). */
export async function readManageSetup(args: CliArgs, io: CliIo, defaultClients: ClientId[]): Promise<ManageSetup> {
  const scan = await readScanFlags(args, io);
  let clients: ClientId[];
  try {
    clients = listFlag(args, "client").map(parseClientId);
  } catch (error) {
    if (error instanceof InstallError) throw new UsageError(error.message);
    throw error;
  }
  const project = stringFlag(args, "project");
  const apiBase = githubApiOf({ githubApi: stringFlag(args, "github-api"), env: io.env });
  if (!isHttpUrl(apiBase)) throw new UsageError(`the GitHub API address "${apiBase}" is not an http(s) URL.`);
  return {
    home: scan.home,
    env: io.env,
    platform: scan.platform,
    ...(project ? { project: path.resolve(io.cwd, project) } : {}),
    clients: clients.length ? [...new Set(clients)] : defaultClients,
    dataDir: defaultDataDir(io.env, scan.platform, scan.home),
    apiBase,
    token: githubTokenOf(undefined, io.env),
  };
}
