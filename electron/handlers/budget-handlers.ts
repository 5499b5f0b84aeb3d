// The context budget for the app: the report over the session's catalog, and Claude Code's skillOverrides set and
// undone in the settings files of this home and of the projects the catalog found (never a path the page made up).
import path from "node:path";
import type { ClientBudget } from "../../shared/budget";
import type { CommandHandlers, OverrideRequest } from "../../shared/ipc";
import type { ScanResult } from "../../shared/model";
import { computeBudget } from "../engine/budget/budget";
import { setSkillOverride, undoSkillOverride } from "../engine/budget/overrides-edit";
import { resolveBase } from "../engine/discovery/locations";
import type { ScanOptions } from "../engine/discovery/types";
import { EngineError } from "../engine/errors";

type BudgetHandlers = Pick<CommandHandlers, "budget:report" | "budget:set-override" | "budget:undo">;

/** What the budget handlers need from the session. */
export interface BudgetHandlerOptions {
  scanOptions: ScanOptions;
  /** The session's data folder (the lifecycle service's), where the undo records are kept. */
  dataDir: string;
  /** The catalog the page was shown (scanned first when there is none yet). */
  catalog: () => Promise<ScanResult>;
  /** The names the person gave Desktop's account trees (Settings), so the budget names them as the catalog does. */
  accountNames?: () => Readonly<Record<string, string>>;
  /** Called after a settings file was written, so the catalog is scanned again. */
  changed: () => void;
}

/** The settings file a request names, once its project is one the catalog found and the skill one that scope lists. */
function settingsFileFor(request: OverrideRequest, clients: ClientBudget[], claudeConfigDir: string): string {
  const { scope, project } = request;
  if (scope === "user" && project !== undefined)
    throw new EngineError("app.refused", "A change to your own settings takes no project folder.");
  let scoped: ClientBudget | undefined;
  if (scope === "user") scoped = clients.find((c) => c.id === "claude-code");
  else {
    if (project === undefined)
      throw new EngineError("app.refused", "A change to a project's settings needs the project's folder.");
    scoped = clients.find((c) => c.client === "claude-code" && c.projectDir === path.resolve(project));
    if (!scoped) throw new EngineError("app.refused", "That folder is not a project the catalog found.");
  }
  const known = scoped && [...scoped.entries, ...scoped.cuts].some((e) => e.name === request.name);
  if (!known) throw new EngineError("app.refused", `Claude Code lists no skill named ${request.name} there.`);
  if (scope === "user") return path.join(claudeConfigDir, "settings.json");
  return path.join(path.resolve(project!), ".claude", scope === "local" ? "settings.local.json" : "settings.json");
}

/** The budget commands of one session. */
export function createBudgetHandlers(options: BudgetHandlerOptions): BudgetHandlers {
  const claudeConfigDir = resolveBase("claudeConfig", options.scanOptions);
  const report = async () =>
    computeBudget(await options.catalog(), { claudeConfigDir, accountNames: options.accountNames?.() ?? {} });
  return {
    "budget:report": report,
    "budget:set-override": async (request) => {
      const file = settingsFileFor(request, (await report()).clients, claudeConfigDir);
      const change = await setSkillOverride(file, request.name, request.mode, options.dataDir);
      if (change.changed) options.changed();
      return change;
    },
    "budget:undo": async (undoId) => {
      const undone = await undoSkillOverride(options.dataDir, undoId);
      options.changed();
      return undone;
    },
  };
}
