// `skillshelf update NAME|PATH`: gets the new version (from the release the check found, or --from FILE|URL), checks
// it, and applies it the safe way for where the copy lives: a folder swap with a backup, a Desktop hand-off (the
// Desktop tree is never touched), or the update server's own command (shown; run only on request).
import path from "node:path";
import type { Plugin, Skill, TaskProgress, UpdateInfo } from "../../../shared/model";
import { dataDir as defaultDataDir } from "../../engine/install/data-dir";
import { InstallError } from "../../engine/install/errors";
import { obtainSkill, releaseFileSource, type ObtainedSkill } from "../../engine/install/obtain";
import { planUpdate } from "../../engine/install/plan";
import { recoverInterrupted } from "../../engine/install/swap";
import { chooseDownload } from "../../engine/install/update-flow";
import { createUpdateChecker, githubApiOf } from "../../engine/updates/sources";
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
import { updateFromGithubTree } from "./update-content";
import { loadCheckSources } from "./check-sources";
import { treeSourceOf } from "../../engine/install/content-update";

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
  setup: { home: string; platform: "darwin" | "win32" | "linux"; include: string[]; githubApi: string },
): Promise<{ info: UpdateInfo | undefined; githubToken: string | undefined }> {
  const servers = listFlag(args, "server");
  const { sources, githubToken } = await loadCheckSources("update", args, io, setup);
  const checker = createUpdateChecker({
    home: setup.home,
    platform: setup.platform,
    env: io.env,
    projectDirs: setup.include,
    servers,
    githubApi: setup.githubApi,
    offline: args.values.offline === true,
    freshTrees: true,
  });
  const [info] = await checker.check({ skills: [skill], plugins, settings: sources, force: true });
  return { info, githubToken };
}

/** The `update` command. */
export const updateCommand: CliCommand = {
  name: "update",
  summary:
    "Get and apply the new version of one installed skill, the safe way for where it lives (backup kept; see rollback).",
  usage: `skillshelf update NAME|PATH [--from FILE|URL] [--dry-run] [--yes] [--json] ${SCAN_FLAGS_USAGE} [--server URL]... [--github-api URL] [--offline] [--stdio] [--overwrite-local] ${UPDATE_HANDOFF_USAGE}`,
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
    const githubApi = githubApiOf({ githubApi: stringFlag(args, "github-api"), env: io.env });
    if (!isHttpUrl(githubApi)) throw new UsageError(`the GitHub API address "${githubApi}" is not an http(s) URL.`);
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

    for (const r of await recoverInterrupted(data))
      if (!json)
        io.stderr(
          `skillshelf update: an interrupted update of ${safe(r.target ?? "a skill")} was ${r.outcome === "finished" ? "finished" : r.outcome === "undone" ? "undone" : "found"}: ${safe(r.detail)}\n`,
        );

    const target = await findSkillTarget(arg, scanOptions, io.cwd);
    if (!target)
      return refuseUpdate(io, json, arg, {
        code: "install.skill.not-found",
        message: `No installed skill "${arg}" was found for this home and platform.`,
      });
    const { skill, result } = target;
    const { info, githubToken } = from
      ? { info: undefined, githubToken: undefined }
      : await checkOne(args, io, skill, result.plugins, { home, platform, include, githubApi });
    const plan = planUpdate(skill, info);
    if (
      !from &&
      info &&
      treeSourceOf(info) &&
      (info.state === "outdated" || info.state === "changed-locally") &&
      plan.kind === "replace-folder"
    ) {
      return updateFromGithubTree(
        {
          skill,
          info,
          plan,
          apiBase: githubApi,
          ...(githubToken ? { token: githubToken } : {}),
          dataDir: data,
          dryRun,
          yes,
          overwriteLocal: args.values["overwrite-local"] === true,
          json,
          ask: askOnTerminal,
        },
        io,
      );
    }
    if (!from && info?.state !== "outdated") {
      const state = info?.state ?? "unknown";
      const message = `"${skill.name}" is ${state === "up-to-date" ? "up to date" : state === "ahead" ? "newer than the latest release" : state === "changed-locally" ? "changed locally" : "of unknown update state"}. ${plan.nextStep}${state === "unknown" || state === "changed-locally" ? " To install a given version, pass --from FILE|URL." : ""}`;
      if (state === "up-to-date" || state === "ahead") {
        if (json) printJson(io, { name: skill.name, dir: skill.dir, state, plan, applied: false });
        else io.stdout(`${safe(message)}\n`);
        return 0;
      }
      return refuseUpdate(io, json, skill.name, { code: "install.not-due", message });
    }
    if (!from && plan.recipe && (plan.kind === "run-recipe" || plan.kind === "manual")) {
      return (
        await updateByRecipe(
          { ...flags, runRecipe: flags.runRecipe && !dryRun, name: skill.name, recipe: plan.recipe, yes, cwd: io.cwd },
          io,
        )
      ).exitCode;
    }
    if (plan.kind === "not-updatable" || plan.kind === "manual" || plan.kind === "run-recipe") {
      return refuseUpdate(io, json, skill.name, { code: "install.not-updatable", message: plan.nextStep });
    }
    const download = chooseDownload(info);
    const source = from ?? (download ? releaseFileSource(download, githubToken, githubApi) : null);
    if (!source)
      return refuseUpdate(io, json, skill.name, {
        code: "install.no-download",
        message: `The release of "${skill.name}" offers nothing to download; pass --from FILE|URL with the new version.`,
      });

    let obtained: ObtainedSkill | null = null;
    try {
      const showProgress = !json && process.stderr.isTTY === true;
      let shown = -1;
      const onProgress = (p: TaskProgress) => {
        const quarter = p.value < 0 ? shown : Math.floor(p.value * 4);
        if (quarter > shown) io.stderr(`${p.title}: ${Math.round(p.value * 100)}% (${p.detail ?? ""})\n`);
        shown = Math.max(shown, quarter);
      };
      obtained = await obtainSkill(source, {
        dataDir: data,
        expectName: skill.name,
        sha256: from ? undefined : download?.sha256,
        ...(showProgress ? { onProgress } : {}),
      });
      if (plan.kind === "desktop-upload") {
        if (dryRun) {
          if (json)
            printJson(io, {
              kind: plan.kind,
              name: skill.name,
              dir: skill.dir,
              version: obtained.version,
              dryRun: true,
              steps: plan.steps,
            });
          else
            io.stdout(
              `Dry run: "${safe(skill.name)}" ${safe(obtained.version ?? "")} would be packed as a .skill for Claude Desktop (its tree is never changed):\n${plan.steps.map((s, i) => `  ${i + 1}. ${safe(s)}`).join("\n")}\n`,
            );
          return 0;
        }
        return (
          await updateDesktopCopy(
            {
              ...flags,
              skillDir: obtained.skillDir,
              name: skill.name,
              version: obtained.version,
              home,
              platform,
              env: io.env,
              dataDir: data,
            },
            io,
          )
        ).exitCode;
      }
      return await updateFolderCopy(
        {
          plan,
          installed: skill.version,
          obtained,
          dataDir: data,
          dryRun,
          yes,
          json,
          links: skill.links,
          ask: askOnTerminal,
        },
        io,
      );
    } catch (error) {
      if (error instanceof InstallError) return refuseUpdate(io, json, skill.name, error);
      throw error;
    } finally {
      await obtained?.cleanup();
    }
  },
};
