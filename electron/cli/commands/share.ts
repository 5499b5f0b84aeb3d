// `skillshelf share NAME --client ID...`: makes an installed skill available to more clients — a link to its one copy
// (or a copy with --copy); anything already at the place is a question answered by --replace.
import { EngineError } from "../../engine/errors";
import { UsageError, printJson, type CliCommand } from "../command";
import { SCAN_FLAGS_USAGE } from "../scan-flags";
import { lifecycleOf, manageFlagOptions, readManageSetup, recoverBeforeManage } from "./manage-flags";
import { safe } from "./report-format";

/** The `share` command. */
export const shareCommand: CliCommand = {
  name: "share",
  summary: "Also use an installed skill in other clients (a link to its one copy, or a copy with --copy).",
  usage: `skillshelf share NAME --client ID... [--project DIR] [--copy] [--replace] [--dry-run] [--json] ${SCAN_FLAGS_USAGE}`,
  options: { ...manageFlagOptions, copy: { type: "boolean" }, replace: { type: "boolean" } },
  run: async (args, io) => {
    if (args.positionals.length !== 1) throw new UsageError("give the name of one installed skill.");
    const name = args.positionals[0]!;
    const json = args.values.json === true;
    const setup = await readManageSetup(args, io, []);
    if (!setup.clients.length) throw new UsageError("name the clients to share with: --client ID (one or more).");
    const service = lifecycleOf(setup);
    const dryRun = args.values["dry-run"] === true;
    try {
      if (!dryRun) await recoverBeforeManage(service, io, "share");
      const result = await service.share(name, {
        clients: setup.clients,
        copy: args.values.copy === true,
        replace: args.values.replace === true,
        dryRun,
      });
      if (json) printJson(io, result);
      else {
        io.stdout(`"${safe(name)}" is installed at ${safe(result.from)}.\n`);
        for (const p of result.places)
          io.stdout(
            `  ${(p.applied?.done ?? p.action).padEnd(9)} ${safe(p.path)}  ${p.mode === "link" ? "link" : "copy"} (${p.client})\n`,
          );
        if (dryRun) io.stdout("\nDry run: nothing was changed.\n");
      }
      return 0;
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      if (json) printJson(io, { name, applied: false, error: { code: error.code, message: error.message } });
      else io.stderr(`skillshelf share: ${safe(error.message)}\n`);
      return 1;
    } finally {
      await service.dispose();
    }
  },
};
