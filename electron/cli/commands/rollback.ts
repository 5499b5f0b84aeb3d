// `skillshelf rollback NAME|PATH`: puts back the copy the last update (or rollback) replaced, byte for byte; the
// replaced copy becomes a backup in turn, so a rollback can itself be undone.
import { dataDir as defaultDataDir } from "../../engine/app-data/data-dir";
import { EngineError } from "../../engine/errors";
import { listBackups } from "../../engine/transaction/swap";
import { UsageError, printJson, type CliCommand, type CliIo } from "../command";
import { latestRemoval } from "../../engine/manage/remove";
import { LifecycleService } from "../../engine/lifecycle/service";
import { SCAN_FLAGS_USAGE, readScanFlags, scanFlagOptions } from "../scan-flags";
import { safe } from "./report-format";
import { findSkillTarget } from "./skill-target";

/** Puts back a skill `skillshelf remove` took away (every copy, link and the lock entry), through the service. */
async function undoRemoval(name: string, service: LifecycleService, json: boolean, io: CliIo): Promise<number> {
  const plan = await service.undoRemove(name);
  if (json) printJson(io, { name, restored: true, undoneRemoval: plan });
  else
    io.stdout(
      `Put back "${safe(name)}" as it was before \`skillshelf remove\`: ${plan.items.map((i) => safe(i.path)).join(", ")}.\n`,
    );
  return 0;
}

/** The `rollback` command. */
export const rollbackCommand: CliCommand = {
  name: "rollback",
  summary:
    "Restore the copy of a skill kept before its last update (the replaced copy is kept in turn), or put back a removed skill.",
  usage: `skillshelf rollback NAME|PATH ${SCAN_FLAGS_USAGE} [--json]`,
  options: { ...scanFlagOptions, json: { type: "boolean" } },
  run: async (args, io) => {
    if (args.positionals.length !== 1) throw new UsageError("give the name or the folder of one skill.");
    const arg = args.positionals[0]!;
    const json = args.values.json === true;
    const scanOptions = await readScanFlags(args, io);
    const data = defaultDataDir(io.env, process.platform);
    const where = { home: scanOptions.home, env: io.env, dataDir: data };
    const service = new LifecycleService({ ...where, platform: scanOptions.platform });
    try {
      return await rollbackWith(arg, { service, where, scanOptions, json }, io);
    } finally {
      await service.dispose();
    }
  },
};

/** One `rollback` invocation: its service made, its flags read. */
interface RollbackRun {
  service: LifecycleService;
  where: { home: string; env: NodeJS.ProcessEnv; dataDir: string };
  scanOptions: Awaited<ReturnType<typeof readScanFlags>>;
  json: boolean;
}

/** Undoes the newest removal of ARG when no such skill is installed, else puts back its last replaced copy. */
async function rollbackWith(arg: string, run: RollbackRun, io: CliIo): Promise<number> {
  const { service, where, scanOptions, json } = run;
  const data = where.dataDir;
  await service.recover();
  const fail = (code: string, message: string) => {
    if (json) printJson(io, { name: arg, restored: false, error: { code, message } });
    else io.stderr(`skillshelf rollback: ${safe(message)}\n`);
    return 1;
  };
  const target = await findSkillTarget(arg, scanOptions, io.cwd);
  if (!target && (await latestRemoval(arg, where)))
    return undoRemoval(arg, service, json, io).catch((error: unknown) => {
      if (error instanceof EngineError) return fail(error.code, error.message);
      throw error;
    });
  if (!target)
    return fail("install.skill.not-found", `No installed skill "${arg}" was found for this home and platform.`);
  const { skill } = target;
  if (!skill.userOwned || skill.desktop)
    return fail(
      "install.not-updatable",
      `"${skill.name}" at ${skill.dir} is managed by its client; Skillshelf never changes it, so there is nothing to roll back.`,
    );
  try {
    const result = await service.rollback(skill);
    const backups = await listBackups(skill.realDir, data);
    if (json)
      printJson(io, {
        name: skill.name,
        dir: skill.dir,
        realDir: skill.realDir,
        restored: true,
        version: result.version,
        replacedVersion: result.previousVersion,
        replacedKeptAt: result.backup,
        backups,
      });
    else
      io.stdout(
        `Restored "${safe(skill.name)}" ${safe(result.version ?? "(no version)")} in ${safe(skill.realDir)}; the copy it replaced (${safe(result.previousVersion ?? "no version")}) is kept at ${safe(result.backup)}.\n`,
      );
    return 0;
  } catch (error) {
    if (error instanceof EngineError) return fail(error.code, error.message);
    throw error;
  }
}
