// `skillshelf outdated`: the update state of every skill a scan finds, from skill-meta servers and GitHub
// releases; outdated skills first, each with where it lives and what to do next.
import type { Skill, UpdateInfo } from "../../../shared/model";
import { dataDir } from "../../engine/app-data/data-dir";
import { scan } from "../../engine/discovery/scan";
import { allSkills } from "../../../shared/scan-result";
import { planUpdate } from "../../engine/apply/plan";
import { DEFAULT_META_TIMEOUT_MS } from "../../engine/updates/meta-client";
import { createUpdateChecker } from "../../engine/updates/sources";
import { UsageError, printJson, stringFlag, type CliCommand, type CliIo } from "../command";
import { SCAN_FLAGS_USAGE, readScanFlags, scanFlagOptions } from "../scan-flags";
import { SOURCE_FLAGS_USAGE, readSourceFlags, sourceFlagOptions } from "../source-flags";
import { loadCheckSources } from "./check-sources";
import { safe } from "./report-format";
import { markIgnored } from "../../../shared/update-ignores";
const ORDER: UpdateInfo["state"][] = ["outdated", "changed-locally", "unknown", "ahead", "up-to-date"];
const TITLES: Record<UpdateInfo["state"], string> = {
  outdated: "Outdated",
  unknown: "Unknown",
  ahead: "Newer than the latest release",
  "changed-locally": "Changed locally",
  "up-to-date": "Up to date",
};

/** Files listed per skill in text; --json carries them all. */
const MAX_FILES_SHOWN = 20;

/** A content check's versions: the folder's tree ids (installed → upstream) in git's short form. */
function contentVersions(u: UpdateInfo): string {
  const short = (sha: string | undefined | null) => (sha ? safe(sha.slice(0, 7)) : "?");
  if (u.state === "outdated" || u.state === "changed-locally")
    return `no version, folder ${short(u.installedHash)} → ${short(u.upstreamHash)}${u.repository ? ` on ${safe(u.repository)}` : ""}`;
  return `no version${u.installedHash ? `, folder ${short(u.installedHash)}` : ""}${u.repository ? ` (${safe(u.repository)})` : ""}`;
}

/** The terminal's way to act on a copy (the plan's words are the app's and name no command), or null. */
function cliCommandOf(u: UpdateInfo): string | null {
  if (u.plan?.action !== "download") return null;
  return u.state === "changed-locally"
    ? `skillshelf update ${u.name} --dry-run (your changes and what would replace them)`
    : `skillshelf update ${u.name}`;
}

/** The ignored updates, listed apart (not counted as outdated) unless --include-ignored. */
function formatIgnored(ignored: UpdateInfo[]): string[] {
  if (!ignored.length) return [];
  const lines = ["", `Ignored (${ignored.length}) — shown again with --include-ignored, or in the app's Settings`];
  for (const u of [...ignored].sort((a, b) => a.name.localeCompare(b.name) || a.dir.localeCompare(b.dir)))
    lines.push(
      `  ${safe(u.name)}  ${u.ignored === "skill" ? "not checked for updates" : `version ${safe(u.latest)} ignored`}`,
      `    where: ${safe(u.dir)}`,
    );
  return lines;
}

/** Renders the results for people: outdated first, then changed locally, unknown, ahead and up to date. */
function formatOutdated(all: UpdateInfo[], skills: Map<string, Skill>, includeIgnored: boolean): string {
  const lines: string[] = [];
  const ignored = includeIgnored ? [] : all.filter((u) => u.ignored);
  const updates = includeIgnored ? all : all.filter((u) => !u.ignored);
  for (const state of ORDER) {
    const group = updates
      .filter((u) => u.state === state)
      .sort((a, b) => a.name.localeCompare(b.name) || a.dir.localeCompare(b.dir));
    if (!group.length) continue;
    lines.push("", `${TITLES[state]} (${group.length})`);
    for (const u of group) {
      const skill = skills.get(u.skillId);
      const versions =
        u.source === "github-tree" && u.installed === null
          ? contentVersions(u)
          : u.source === "mcp-skills" || u.source === "site-skills"
            ? `no version (${safe(u.remote?.server ?? u.site?.index ?? "")})`
            : state === "outdated"
              ? `${safe(u.installed)} → ${safe(u.latest)}`
              : (u.installed === null ? "no version" : safe(u.installed)) +
                (u.latest && state !== "up-to-date" ? ` (latest ${safe(u.latest)})` : "");
      const via = u.source === "none" ? "" : `  [${u.source}]`;
      const mark = u.ignored ? "  (ignored)" : "";
      lines.push(
        `  ${safe(u.name)}  ${versions}${via}${mark}`,
        `    where: ${safe(u.dir)}${skill ? `  (${skill.client}${skill.userOwned ? "" : ", managed by the client"})` : ""}`,
      );
      if (u.plan && (state === "outdated" || state === "changed-locally")) {
        lines.push(`    next:  ${safe(u.plan.nextStep)}`);
        u.plan.steps.forEach((step, i) => lines.push(`           ${i + 1}. ${safe(step)}`));
        const command = cliCommandOf(u);
        if (command) lines.push(`    run:   ${safe(command)}`);
      }
      if (state === "outdated" && u.recipe && !u.recipe.suspicious)
        lines.push(`    server says: ${safe(u.recipe.command)}`);
      if (state === "outdated" && u.recipe?.suspicious)
        lines.push(
          `    recipe: ${safe(u.recipe.command)}`,
          "            suspicious: holds control characters — not offered",
        );
      if (
        (state === "unknown" ||
          state === "changed-locally" ||
          (state === "outdated" &&
            (u.source === "github-tree" || u.source === "mcp-skills" || u.source === "site-skills"))) &&
        u.reason
      )
        lines.push(`    why:   ${safe(u.reason)}`);
      if (u.changedFiles?.length && (state === "outdated" || state === "changed-locally")) {
        lines.push(
          `    ${state === "changed-locally" ? "changed" : "files"}: ${u.changedFiles.length} file${u.changedFiles.length === 1 ? "" : "s"} differ${u.changedFiles.length === 1 ? "s" : ""} from upstream`,
        );
        for (const file of u.changedFiles.slice(0, MAX_FILES_SHOWN)) lines.push(`      ${safe(file)}`);
        if (u.changedFiles.length > MAX_FILES_SHOWN)
          lines.push(`      … and ${u.changedFiles.length - MAX_FILES_SHOWN} more (all of them in --json)`);
      }
      if (state === "outdated" && u.releaseNotesUrl) lines.push(`    notes: ${safe(u.releaseNotesUrl)}`);
      if ((state === "outdated" || state === "unknown") && u.updateDocUrl)
        lines.push(`    docs:  ${safe(u.updateDocUrl)}`);
    }
  }
  lines.push(...formatIgnored(ignored));
  const outdated = updates.filter((u) => u.state === "outdated").length;
  lines.push(
    "",
    `${all.length} skill cop${all.length === 1 ? "y" : "ies"} checked, ${outdated} outdated${ignored.length ? `, ${ignored.length} ignored` : ""}.`,
  );
  return lines.join("\n").replace(/^\n/, "") + "\n";
}

/** The `outdated` command. */
export const outdatedCommand: CliCommand = {
  name: "outdated",
  summary:
    "Check every skill found for a newer version (skill-meta servers, GitHub releases; uses the app's saved settings).",
  usage: `skillshelf outdated ${SCAN_FLAGS_USAGE} ${SOURCE_FLAGS_USAGE} [--offline] [--stdio] [--timeout-ms N] [--include-ignored] [--json]`,
  options: {
    ...scanFlagOptions,
    ...sourceFlagOptions,
    "timeout-ms": { type: "string" },
    offline: { type: "boolean" },
    stdio: { type: "boolean" },
    "include-ignored": { type: "boolean" },
    json: { type: "boolean" },
  },
  run: async (args, io: CliIo) => {
    if (args.positionals.length) throw new UsageError(`unexpected argument "${args.positionals[0]}".`);
    const { servers, githubApi } = readSourceFlags(args, io);
    const timeoutFlag = stringFlag(args, "timeout-ms");
    const timeoutMs = timeoutFlag === undefined ? DEFAULT_META_TIMEOUT_MS : Number(timeoutFlag);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
      throw new UsageError("--timeout-ms needs a positive whole number.");
    const scanOptions = await readScanFlags(args, io);
    const { home, platform, include } = scanOptions;
    const result = await scan(scanOptions);
    const byId = new Map(allSkills(result).map((skill) => [skill.id, skill]));
    const offline = args.values.offline === true;
    const { sources: sourceSettings, ignores } = await loadCheckSources("outdated", args, io, { platform, home });
    const checker = createUpdateChecker({
      home,
      platform,
      env: io.env,
      projectDirs: include,
      servers,
      githubApi,
      offline,
      metaTimeoutMs: timeoutMs,
      dataDir: dataDir(io.env, platform),
    });
    const checked = await checker.check({
      skills: [...byId.values()],
      plugins: result.plugins,
      settings: sourceSettings,
      force: true,
    });
    const updates = markIgnored(checked, ignores).map((info) => {
      const skill = byId.get(info.skillId);
      return skill ? { ...info, plan: planUpdate(skill, info) } : info;
    });
    if (args.values.json) printJson(io, { updates });
    else io.stdout(formatOutdated(updates, byId, args.values["include-ignored"] === true));
    return 0;
  },
};
