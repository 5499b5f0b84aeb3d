// `skillshelf remove NAME`: shows every copy and link of the skill per client and its lock entry, then removes them
// after --yes or a yes on the terminal — copies kept in the backups, so `skillshelf rollback NAME` puts it all back.
import { EngineError } from "../../engine/errors";
import { homedir } from "node:os";
import type { RemovePlan } from "../../engine/manage/remove";
import { UsageError, printJson, type CliArgs, type CliCommand, type CliIo } from "../command";
import { SCAN_FLAGS_USAGE } from "../scan-flags";
import type { LifecycleService } from "../../engine/lifecycle/service";
import {
  CLIENT_USAGE,
  lifecycleOf,
  manageFlagOptions,
  readManageSetup,
  recoverBeforeManage,
  type ManageSetup,
} from "./manage-flags";
import { safe } from "./report-format";
import { askOnTerminal } from "./update-handoff";

function printPlan(io: CliIo, plan: RemovePlan): void {
  io.stdout(`"${safe(plan.name)}":\n`);
  for (const item of plan.items) {
    const who = item.clients.length ? ` (${item.clients.join(", ")})` : "";
    io.stdout(
      item.kind === "link"
        ? `  link  ${safe(item.path)} → ${safe(item.target)}${who}\n`
        : `  copy  ${safe(item.path)}${who}${item.backup ? `, kept at ${safe(item.backup)}` : ""}\n`,
    );
  }
  if (plan.lock) io.stdout(`  lock entry in ${safe(plan.lock.file)}\n`);
  if (plan.desktopSteps.length) {
    io.stdout("  Claude Desktop keeps its own copy; Skillshelf never changes it. To remove it there:\n");
    for (const step of plan.desktopSteps) io.stdout(`    - ${safe(step)}\n`);
  }
}

/** A path as one shell word (quoted when it holds anything but plain path characters). */
const shellWord = (p: string) => (/^[\w./@%+=:,-]+$/.test(p) ? p : `'${p.replace(/'/g, "'\\''")}'`);

/** The rollback command that finds this removal's record, or null when it cannot be read back (never promised then). */
async function undoCommand(name: string, service: LifecycleService, setup: { home: string }) {
  const found = await service.removalOf(name);
  if (!found || "refused" in found) return null;
  const home = setup.home === homedir() ? "" : ` --home ${shellWord(setup.home)}`;
  return `skillshelf rollback ${shellWord(name)}${home}`;
}

/** The `remove` command. */
export const removeCommand: CliCommand = {
  name: "remove",
  summary: "Remove a skill's copies and links (every client, or those named) and its lock entry; undo with rollback.",
  usage: `skillshelf remove NAME ${CLIENT_USAGE} [--yes] [--dry-run] [--json] ${SCAN_FLAGS_USAGE}`,
  options: manageFlagOptions,
  run: async (args, io) => {
    if (args.positionals.length !== 1) throw new UsageError("give the name of one skill.");
    const name = args.positionals[0]!;
    const json = args.values.json === true;
    const setup = await readManageSetup(args, io, []);
    const service = lifecycleOf(setup);
    try {
      return await removeWith({ service, setup, flags: args.values, name, json }, io);
    } finally {
      await service.dispose();
    }
  },
};

/** One `remove` invocation: its flags read, its service made. */
interface RemoveRun {
  service: LifecycleService;
  setup: ManageSetup;
  flags: CliArgs["values"];
  name: string;
  json: boolean;
}

/** Plans the removal through the service, shows it, asks, removes, and promises only an undo it can find. */
async function removeWith(run: RemoveRun, io: CliIo): Promise<number> {
  const { service, setup, flags, name, json } = run;
  if (flags["dry-run"] !== true) await recoverBeforeManage(service, io, "remove");
  const fail = (code: string, message: string, plan?: RemovePlan) => {
    if (json) printJson(io, { name, removed: false, ...(plan ? { plan } : {}), error: { code, message } });
    else io.stderr(`skillshelf remove: ${safe(message)}\n`);
    return 1;
  };
  let plan: RemovePlan;
  try {
    plan = await service.planRemove(name, setup.clients);
  } catch (error) {
    if (error instanceof EngineError) return fail(error.code, error.message);
    throw error;
  }
  if (!json) printPlan(io, plan);
  if (flags["dry-run"] === true) {
    if (json) printJson(io, { name, removed: false, dryRun: true, plan });
    else io.stdout("\nDry run: nothing was changed.\n");
    return 0;
  }
  if (!plan.items.length && !plan.lock) {
    if (json) printJson(io, { name, removed: false, plan });
    return 0;
  }
  if (flags.yes !== true) {
    const answer = await askOnTerminal(`Remove all of this (copies are kept as backups)?`);
    if (answer !== true)
      return fail(
        "manage.not-confirmed",
        answer === null
          ? "There is no terminal to confirm on, so nothing was changed; add --yes to remove."
          : "Not confirmed, so nothing was changed.",
        plan,
      );
  }
  try {
    await service.remove(plan, setup.clients);
  } catch (error) {
    if (error instanceof EngineError) return fail(error.code, error.message, plan);
    throw error;
  }
  const undo = await undoCommand(name, service, setup);
  if (json) printJson(io, { name, removed: true, plan, undo });
  else if (undo) io.stdout(`\nRemoved "${safe(name)}". \`${safe(undo)}\` puts it back.\n`);
  else io.stdout(`\nRemoved "${safe(name)}". Its copies are kept in Skillshelf's backups.\n`);
  return 0;
}
