// Add, Remove (with Undo) and "Also use in…" for the app: adapters over the engine's manage module for the session's
// home; a refusal is a HandlerError with the engine's sentence, and the catalog is scanned again after a change.
import type { CommandHandlers } from "../../shared/ipc";
import { dataDir as defaultDataDir } from "../engine/app-data/data-dir";
import { InstallError } from "../engine/apply/errors";
import { addSkill } from "../engine/manage/add";
import { planRemove, removeSkill, restoreRemoved } from "../engine/manage/remove";
import { shareSkill } from "../engine/manage/share";
import { githubApiOf } from "../engine/updates/sources";
import { HandlerError } from "./errors";

type ManageHandlers = Pick<CommandHandlers, "manage:add" | "manage:remove" | "manage:undo-remove" | "manage:share">;

/** What the manage handlers need from the session. */
export interface ManageHandlerOptions {
  scanOptions: { home: string; platform: NodeJS.Platform; env: Record<string, string | undefined> };
  dataDir?: string;
  githubToken: () => Promise<string | undefined>;
  /** Called after anything was written, so the catalog shows it. */
  changed: () => void;
}

async function refusalsAsHandlerErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InstallError) throw new HandlerError(error.message);
    throw error;
  }
}

/** The manage commands over the session's home. */
export function createManageHandlers(options: ManageHandlerOptions): ManageHandlers {
  const { home, platform, env } = options.scanOptions;
  const processEnv = env as NodeJS.ProcessEnv;
  const dataDir = options.dataDir ?? defaultDataDir(processEnv, platform, home);
  const scope = { home, env: processEnv, dataDir };
  const after = <T>(dryRun: boolean, result: T): T => {
    if (!dryRun) options.changed();
    return result;
  };
  return {
    "manage:add": (source, request) =>
      refusalsAsHandlerErrors(async () => {
        const token = await options.githubToken();
        const result = await addSkill(source, {
          ...scope,
          ...(request.project ? { project: request.project } : {}),
          cwd: home,
          platform,
          clients: request.clients.length ? request.clients : ["claude-code"],
          skills: request.skills,
          all: request.all,
          copy: request.copy,
          force: request.force,
          replace: request.replace,
          dryRun: request.dryRun,
          apiBase: githubApiOf({ env: processEnv }),
          ...(token ? { token } : {}),
        });
        return after(request.dryRun, result);
      }),
    "manage:remove": (name, request) =>
      refusalsAsHandlerErrors(async () => {
        const removeOptions = { ...scope, ...(request.clients?.length ? { clients: request.clients } : {}) };
        const plan = await planRemove(name, removeOptions);
        return request.dryRun ? plan : after(false, await removeSkill(plan, removeOptions));
      }),
    "manage:undo-remove": (name) =>
      refusalsAsHandlerErrors(async () => after(false, await restoreRemoved(name, dataDir))),
    "manage:share": (name, request) =>
      refusalsAsHandlerErrors(async () => after(request.dryRun, await shareSkill(name, { ...scope, ...request }))),
  };
}
