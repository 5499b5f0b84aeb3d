// `skillshelf budget`: the listing each client sends every conversation, its cost and its cuts; --set/--undo switch a
// skill down or off for Claude Code through skillOverrides, with Undo.
import path from "node:path";
import { OVERRIDE_MODES, type BudgetReport, type ClientBudget, type OverrideMode } from "../../../shared/budget";
import { EngineError } from "../../engine/errors";
import { dataDir } from "../../engine/app-data/data-dir";
import { computeBudget } from "../../engine/budget/budget";
import { setSkillOverride, undoSkillOverride } from "../../engine/budget/overrides-edit";
import { resolveBase } from "../../engine/discovery/locations";
import { scan } from "../../engine/discovery/scan";
import { UsageError, printJson, stringFlag, type CliArgs, type CliCommand, type CliIo } from "../command";
import { SCAN_FLAGS_USAGE, readScanFlags, scanFlagOptions } from "../scan-flags";
import { safe } from "./report-format";

/** Scans the home (and --project) and computes every client's budget; --client keeps the ids that start with it. */
export async function budgetFromFlags(args: CliArgs, io: CliIo): Promise<{ report: BudgetReport; project?: string }> {
  const options = await readScanFlags(args, io);
  const projectFlag = stringFlag(args, "project");
  const project = projectFlag ? path.resolve(io.cwd, projectFlag) : undefined;
  if (project) options.include = [...options.include, project];
  const result = await scan(options);
  const report = await computeBudget(result, {
    claudeConfigDir: resolveBase("claudeConfig", options),
    projects: project ? [project] : [],
  });
  const client = stringFlag(args, "client");
  if (client) {
    const wanted = project ? `${client}@${project}` : client;
    const exact = report.clients.filter((c) => c.id === wanted);
    report.clients = exact.length ? exact : report.clients.filter((c) => !project && c.client === client);
    if (report.clients.length === 0) throw new UsageError(`no listing for client "${client}" was found in this home.`);
  }
  return project ? { report, project } : { report };
}

function formatClient(c: ClientBudget): string {
  const lines = [`${safe(c.label)}  [${safe(c.id)}]`];
  const limit = c.limitChars === null ? "no published limit" : `limit ${c.limitChars.toLocaleString("en-US")}`;
  lines.push(
    `  ${c.entries.length} skills listed: ${c.chars.toLocaleString("en-US")} characters, ~${c.tokens.toLocaleString("en-US")} tokens every conversation (${limit})`,
  );
  for (const r of c.rules) lines.push(`  rule: ${r.id} = ${safe(r.value)}  (${safe(r.source)})`);
  const top = [...c.entries].sort((a, b) => b.tokens - a.tokens).slice(0, 5);
  for (const e of top) lines.push(`  ~${e.tokens} tokens  ${safe(e.name)}${e.mode !== "on" ? `  (${e.mode})` : ""}`);
  for (const cut of c.cuts) lines.push(`  cut [${cut.kind}] ${safe(cut.name)}: ${safe(cut.detail)}`);
  for (const s of c.suggestions.slice(0, 5)) lines.push(`  tip ${safe(s.name)}: ${safe(s.detail)}`);
  for (const n of c.notes) lines.push(`  note: ${safe(n)}`);
  if (c.switches.kind === "none") lines.push(`  switches: ${safe(c.switches.note)}`);
  return lines.join("\n");
}

/** Parses --set NAME=MODE. */
function parseSet(value: string): { name: string; mode: OverrideMode } {
  const at = value.lastIndexOf("=");
  const name = value.slice(0, at).trim();
  const mode = value.slice(at + 1).trim() as OverrideMode;
  if (at <= 0 || !name || !OVERRIDE_MODES.includes(mode))
    throw new UsageError(`--set takes NAME=MODE, MODE one of ${OVERRIDE_MODES.join(", ")}.`);
  return { name, mode };
}

/** The `budget` command. */
export const budgetCommand: CliCommand = {
  name: "budget",
  summary:
    "Show what each client's skill listing costs every conversation, what it cuts, and switch skills down or off.",
  usage: `skillshelf budget [--client ID] [--project DIR] [--json] [--set NAME=on|name-only|user-invocable-only|off [--settings user|project|local]] [--undo ID] ${SCAN_FLAGS_USAGE}`,
  options: {
    ...scanFlagOptions,
    client: { type: "string" },
    project: { type: "string" },
    json: { type: "boolean" },
    set: { type: "string" },
    settings: { type: "string" },
    undo: { type: "string" },
  },
  async run(args, io) {
    try {
      return await runBudget(args, io);
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      io.stderr(`skillshelf budget: ${error.message}\n`);
      return 1;
    }
  },
};

async function runBudget(args: CliArgs, io: CliIo): Promise<number> {
  const data = dataDir(io.env, process.platform);
  const undo = stringFlag(args, "undo");
  if (undo) {
    const { file } = await undoSkillOverride(data, undo);
    io.stdout(`Put ${file} back as it was.\n`);
    return 0;
  }
  const set = stringFlag(args, "set");
  if (set) {
    const { name, mode } = parseSet(set);
    const client = stringFlag(args, "client") ?? "claude-code";
    if (client !== "claude-code")
      throw new UsageError(
        `${client} publishes no per-skill switch Skillshelf can set; only Claude Code's skillOverrides can be set.`,
      );
    const options = await readScanFlags(args, io);
    const projectFlag = stringFlag(args, "project");
    const which = stringFlag(args, "settings") ?? (projectFlag ? "project" : "user");
    if (!["user", "project", "local"].includes(which)) throw new UsageError("--settings takes user, project or local.");
    if (which !== "user" && !projectFlag) throw new UsageError(`--settings ${which} needs --project DIR.`);
    const project = projectFlag ? path.resolve(io.cwd, projectFlag) : "";
    const file =
      which === "user"
        ? path.join(resolveBase("claudeConfig", options), "settings.json")
        : path.join(project, ".claude", which === "local" ? "settings.local.json" : "settings.json");
    const change = await setSkillOverride(file, name, mode, data);
    if (args.values.json) printJson(io, change);
    else if (!change.changed) io.stdout(`${file} already says ${name} is ${mode}; nothing changed.\n`);
    else io.stdout(`Set ${name} to ${mode} in ${file}.\nUndo: skillshelf budget --undo ${change.undoId}\n`);
    return 0;
  }
  const { report } = await budgetFromFlags(args, io);
  if (args.values.json) printJson(io, report);
  else io.stdout(`${report.clients.map(formatClient).join("\n\n")}\n\n${report.tokenEstimate}\n`);
  return 0;
}
