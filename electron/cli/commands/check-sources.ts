// What `outdated` and `update` check with: the app's saved settings and stdio approvals as the update check's sources
// (problems printed under the command's name), the GitHub token the check and the download use, and the updates the
// user ignored.
import type { ScanPlatform } from "../../engine/discovery/types";
import type { UpdateIgnores } from "../../../shared/update-ignores";
import { defaultSettingsFile, ignoresOf, loadSettings } from "../../engine/settings";
import { githubTokenOf, type UpdateSourceSettings } from "../../engine/updates/sources";
import { loadStdioApprovals, stdioApprovalsFile } from "../../engine/updates/stdio-consent";
import type { CliArgs, CliIo } from "../command";
import { safe } from "./report-format";

/** Loads the sources for one run; `--stdio` approves every local server for this run only. */
export async function loadCheckSources(
  command: string,
  args: CliArgs,
  io: CliIo,
  where: { platform: ScanPlatform; home: string },
): Promise<{ sources: UpdateSourceSettings; githubToken: string | undefined; ignores: UpdateIgnores }> {
  const settingsFile = defaultSettingsFile(io.env, where.platform, where.home);
  const { settings, problems } = await loadSettings(settingsFile);
  // Local (stdio) servers start only when approved one by one in the app, or all of them for this run with --stdio.
  const stdio = await loadStdioApprovals(stdioApprovalsFile(settingsFile));
  for (const problem of [...problems, ...stdio.problems]) io.stderr(`skillshelf ${command}: ${safe(problem)}\n`);
  return {
    sources: {
      servers: settings.servers,
      ...(settings.githubToken ? { githubToken: settings.githubToken } : {}),
      ...(settings.githubApi ? { githubApi: settings.githubApi } : {}),
      includeStdio: args.values.stdio === true,
      approvedStdio: stdio.approvals.map((a) => a.id),
    },
    githubToken: githubTokenOf(settings.githubToken, io.env),
    ignores: ignoresOf(settings),
  };
}
