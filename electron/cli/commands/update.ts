// `skillshelf update NAME|PATH`: gets the new version (from the release the check found, or --from FILE|URL), checks
// it, and applies it the safe way for where the copy lives: a folder swap with a backup, a Desktop hand-off (the
// Desktop tree is never touched), or the update server's own command (shown; run only on request).
import path from "node:path";
import type { Plugin, Skill, TaskProgress, UpdateInfo } from "../../../shared/model";
import { dataDir as defaultDataDir } from "../../engine/app-data/data-dir";
import { planUpdate } from "../../engine/apply/plan";
import { LifecycleService } from "../../engine/lifecycle/service";
import { decideUpdate } from "../../engine/lifecycle/steps";
import { createUpdateChecker } from "../../engine/updates/sources";
import { githubApiFlag } from "../source-flags";
import { UsageError, listFlag, printJson, stringFlag, type CliArgs, type CliCommand, type CliIo } from "../command";
import { SCAN_FLAGS_USAGE, readScanFlags, scanFlagOptions } from "../scan-flags";
import { safe } from "./report-format";
import { findSkillTarget } from "./skill-target";
import {
  UPDATE_HANDOFF_OPTIONS,
  UPDATE_HANDOFF_USAGE,
  askOnTerminal,
  handoffFlags,
  updateByRecipe,
  updateDesktopCopy,
} from "./update-handoff";
import { refuseUpdate, updateFolderCopy } from "./update-folder";
import { confirmOverwrite } from "./update-confirm";
import { markIgnored } from "../../../shared/update-ignores";
import { loadCheckSources } from "./check-sources";

function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/** Runs the update check for one copy; its state says whether an update is due and what to download. */
async function checkOne(
  args: CliArgs,
  io: CliIo,
  skill: Skill,
  plugins: readonly Plugin[],
  setup: {
    home: string;
    platform: "darwin" | "win32" | "linux";
    include: string[];
    githubApi: string | undefined;
    dataDir: string;
  },
): Promise<{ info: UpdateInfo | undefined; githubToken: string | undefined; githubApiSetting: string | undefined }> {
  const servers = listFlag(args, "server");
  const { sources, githubToken, ignores } = await loadCheckSources("update", args, io, setup);
  const checker = createUpdateChecker({
    home: setup.home,
    platform: setup.platform,
    env: io.env,
    projectDirs: setup.include,
    servers,
    githubApi: setup.githubApi,
    offline: args.values.offline === true,
    freshTrees: true,
    dataDir: setup.dataDir,
  });
  // The user's ignore lists mark the answer (one rule with the app); --include-ignored updates it anyway.
  const [info] = markIgnored(
    await checker.check({ skills: [skill], plugins, settings: sources, force: true }),
    ignores,
  );
  return { info, githubToken, githubApiSetting: sources.githubApi };
}

/** The `update` command. */
export const updateCommand: CliCommand = {
  name: "update",
  summary:
    "Get and apply the new version of one installed skill, the safe way for where it lives (backup kept; see rollback).",
  usage: `skillshelf update NAME|PATH [--from FILE|URL] [--dry-run] [--yes] [--json] ${SCAN_FLAGS_USAGE} [--server URL]... [--github-api URL] [--offline] [--stdio] [--overwrite-local] [--include-ignored] ${UPDATE_HANDOFF_USAGE}`,
  options: {
    ...scanFlagOptions,
    from: { type: "string" },
    "dry-run": { type: "boolean" },
    yes: { type: "boolean" },
    json: { type: "boolean" },
    server: { type: "string", multiple: true },
    "github-api": { type: "string" },
    offline: { type: "boolean" },
    stdio: { type: "boolean" },
    "overwrite-local": { type: "boolean" },
    "include-ignored": { type: "boolean" },
    ...UPDATE_HANDOFF_OPTIONS,
  },
  run: async (args, io) => {
    if (args.positionals.length !== 1)
      throw new UsageError(
        args.positionals.length
          ? `give one skill, not ${args.positionals.length}.`
          : "give the name or the folder of the skill to update.",
      );
    const arg = args.positionals[0]!;
    for (const url of listFlag(args, "server"))
      if (!isHttpUrl(url)) throw new UsageError(`--server needs an http(s) URL, not "${url}".`);
    const githubApi = githubApiFlag(args, io);
    const fromFlag = stringFlag(args, "from");
    const from =
      fromFlag === undefined
        ? null
        : isHttpUrl(fromFlag)
          ? { url: fromFlag }
          : { file: path.resolve(io.cwd, fromFlag) };
    const json = args.values.json === true;
    const dryRun = args.values["dry-run"] === true;
    const yes = args.values.yes === true;
    const flags = handoffFlags(args);
    const scanOptions = await readScanFlags(args, io);
    const { home, platform, include } = scanOptions;
    const data = defaultDataDir(io.env, process.platform);

    const showProgress = !json && process.stderr.isTTY === true;
    let shown = -1;
    /** The terminal's progress line, at each quarter. */
    const onProgress = (p: TaskProgress) => {
      const quarter = p.value < 0 ? shown : Math.floor(p.value * 4);
      if (quarter > shown)
        io.stderr(`Downloading the new version: ${Math.round(p.value * 100)}% (${safe(p.detail ?? "")})\n`);
      shown = Math.max(shown, quarter);
    };
    let githubToken: string | undefined;
    let githubApiSetting: string | undefined;
    const service = new LifecycleService({
      dataDir: data,
      home,
      platform,
      env: io.env,
      ...(githubApi ? { githubApi } : {}),
      githubApiSetting: async () => githubApiSetting,
      githubToken: async () => githubToken,
      ...(showProgress ? { onProgress } : {}),
    });
    try {
      for (const r of await service.recover())
        if (!json)
          io.stderr(
            `skillshelf update: an interrupted update of ${safe(r.target ?? "a skill")} was ${r.outcome === "finished" ? "finished" : r.outcome === "undone" ? "undone" : "found"}: ${safe(r.detail)}\n`,
          );
      const target = await findSkillTarget(arg, scanOptions, io.cwd);
      if (!target)
        return refuseUpdate(io, json, arg, {
          code: "install.skill.not-found",
          cause: "not-found",
          message: `No installed skill "${arg}" was found for this home and platform.`,
        });
      const { skill, result } = target;
      const checked = from
        ? { info: undefined, githubToken: undefined, githubApiSetting: undefined }
        : await checkOne(args, io, skill, result.plugins, { home, platform, include, githubApi, dataDir: data });
      const info = checked.info;
      githubToken = checked.githubToken;
      githubApiSetting = checked.githubApiSetting;
      const plan = planUpdate(skill, info);
      if (info?.ignored && info.state === "outdated" && args.values["include-ignored"] !== true) {
        const what =
          info.ignored === "skill" ? "updates of this skill are ignored" : `version ${info.latest ?? ""} is ignored`;
        if (json)
          printJson(io, {
            name: skill.name,
            dir: skill.dir,
            state: info.state,
            ignored: info.ignored,
            plan,
            applied: false,
          });
        else
          io.stdout(
            `${safe(skill.name)}: ${safe(what)} (the app's Settings, Ignored updates); nothing was changed. Pass --include-ignored to update it anyway.\n`,
          );
        return 0;
      }
      if (!from && info?.state === "outdated" && plan.recipe && (plan.kind === "run-recipe" || plan.kind === "manual"))
        return (
          await updateByRecipe(
            {
              ...flags,
              runRecipe: flags.runRecipe && !dryRun,
              name: skill.name,
              recipe: plan.recipe,
              yes,
              cwd: io.cwd,
            },
            io,
          )
        ).exitCode;
      const decision = decideUpdate(skill, info, from ?? undefined);
      if (!decision.ok) {
        if (decision.resting) {
          if (json) printJson(io, { name: skill.name, dir: skill.dir, state: info?.state, plan, applied: false });
          else io.stdout(`${safe(decision.problem.message)}\n`);
          return 0;
        }
        const hint =
          decision.problem.code === "install.not-due" || decision.problem.code === "install.no-download"
            ? " To install a given version, pass --from FILE|URL."
            : "";
        return refuseUpdate(io, json, skill.name, { ...decision.problem, message: decision.problem.message + hint });
      }
      const overwriteLocal = decision.overwritesLocalEdits && !dryRun;
      if (overwriteLocal) {
        const refusal = await confirmOverwrite({
          skill,
          info,
          yes,
          overwriteLocal: args.values["overwrite-local"] === true,
          ask: askOnTerminal,
        });
        if (refusal)
          return refuseUpdate(io, json, skill.name, {
            code: "install.local-changes",
            cause: "changed-locally",
            message: refusal,
          });
      }
      const started = service.start(skill, info, from ?? undefined);
      if (!started.ok) return refuseUpdate(io, json, skill.name, started.problem);
      const reviewed = await service.review(started.taskId);
      if (!reviewed.ok) return refuseUpdate(io, json, skill.name, reviewed.problem);
      const { review, diff } = reviewed;
      if (decision.plan.kind === "desktop-upload") {
        if (dryRun) {
          if (json)
            printJson(io, {
              kind: plan.kind,
              name: skill.name,
              dir: skill.dir,
              version: review.version,
              dryRun: true,
              steps: plan.steps,
            });
          else
            io.stdout(
              `Dry run: "${safe(skill.name)}" ${safe(review.version ?? "")} would be packed as a .skill for Claude Desktop (its tree is never changed):\n${plan.steps.map((s, i) => `  ${i + 1}. ${safe(s)}`).join("\n")}\n`,
            );
          return 0;
        }
        return (
          await updateDesktopCopy(
            {
              ...flags,
              name: skill.name,
              handOff: () => service.handOffDesktop(started.taskId),
              waitForArrival: (handoff, options) => service.waitForDesktop(handoff, options),
            },
            io,
          )
        ).exitCode;
      }
      return await updateFolderCopy(
        {
          plan: decision.plan,
          info,
          installed: skill.version,
          version: review.version,
          source: review.source,
          diff,
          leftOut: review.leftOut ?? [],
          ...(review.capabilities ? { capabilities: review.capabilities } : {}),
          apply: () => service.apply(started.taskId, { overwriteLocal }),
          dryRun,
          yes,
          json,
          links: skill.links,
          ask: askOnTerminal,
        },
        io,
      );
    } finally {
      await service.dispose();
    }
  },
};
