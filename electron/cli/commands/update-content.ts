// The `skillshelf update` branch for a skill without a version that the content check found outdated or changed
// locally: the folder at the checked branch from GitHub's tarball, the same diff and backed-up swap as any folder
// update, local edits never overwritten without --yes --overwrite-local (or a yes on a terminal that names the files),
// and afterwards the installer's lock entry given the new folder hash.
import type { Skill, UpdateInfo, UpdatePlan } from "../../../shared/model";
import { obtainFromGithubTree, recordContentUpdate } from "../../engine/install/content-update";
import { InstallError } from "../../engine/install/errors";
import type { ObtainedSkill } from "../../engine/install/obtain";
import { gitTreeOf } from "../../engine/updates/git-tree";
import type { CliIo } from "../command";
import { safe } from "./report-format";
import { refuseUpdate, updateFolderCopy } from "./update-folder";

/** What the content branch was given. */
export interface ContentUpdateInput {
  skill: Skill;
  info: UpdateInfo;
  plan: UpdatePlan;
  apiBase: string;
  /** The GitHub token the check used, for a private repository's archive. */
  token?: string;
  dataDir: string;
  dryRun: boolean;
  yes: boolean;
  overwriteLocal: boolean;
  json: boolean;
  ask: (question: string) => Promise<boolean | null>;
}

const listed = (files: string[] | undefined) =>
  files?.length
    ? files.slice(0, 20).map(safe).join(", ") + (files.length > 20 ? ` and ${files.length - 20} more` : "")
    : "files in it";

/** Whether local edits may be overwritten: --yes with --overwrite-local, or a yes on a terminal; else the refusal. */
async function mayOverwrite(input: ContentUpdateInput): Promise<string | null> {
  if (input.info.state !== "changed-locally" || input.dryRun) return null;
  const files = listed(input.info.changedFiles);
  const how = `See the difference with \`skillshelf update ${input.skill.name} --dry-run\`; to replace them anyway (a backup is kept), add --yes --overwrite-local.`;
  if (input.yes)
    return input.overwriteLocal
      ? null
      : `"${safe(input.skill.name)}" was changed here since it was installed (${files}); an update would overwrite these changes, so nothing was changed. ${safe(how)}`;
  const answer = await input.ask(
    `"${safe(input.skill.name)}" was changed here since it was installed. Updating overwrites your changes to ${files} (a backup is kept). Overwrite them?`,
  );
  if (answer === true) return null;
  return answer === null
    ? `"${safe(input.skill.name)}" was changed here since it was installed (${files}), and there is no terminal to confirm on, so nothing was changed. ${safe(how)}`
    : "Not confirmed, so nothing was changed.";
}

/** Updates one copy from its GitHub folder. Exit 0 applied, nothing to do or dry run; 1 refused or failed. */
export async function updateFromGithubTree(input: ContentUpdateInput, io: CliIo): Promise<number> {
  const { skill, info, plan } = input;
  const refusal = await mayOverwrite(input);
  if (refusal) return refuseUpdate(io, input.json, skill.name, { code: "install.local-changes", message: refusal });
  let obtained: ObtainedSkill | null = null;
  try {
    obtained = await obtainFromGithubTree(info, {
      apiBase: input.apiBase,
      ...(input.token ? { token: input.token } : {}),
      dataDir: input.dataDir,
      expectName: skill.name,
    });
    const before = (await gitTreeOf(plan.realDir).catch(() => null))?.sha ?? null;
    const code = await updateFolderCopy(
      {
        plan,
        installed: skill.version,
        obtained,
        dataDir: input.dataDir,
        dryRun: input.dryRun,
        yes: input.yes,
        json: input.json,
        links: skill.links,
        ask: input.ask,
      },
      io,
    );
    if (code !== 0 || input.dryRun) return code;
    const recorded = await recordContentUpdate(skill, info, before);
    if (recorded)
      io.stderr(
        recorded.ok
          ? `The installer's lock (${safe(recorded.file)}) now records this folder's hash ${safe(info.upstreamHash?.slice(0, 7))}, as \`npx skills\` would.\n`
          : `skillshelf update: ${safe(recorded.reason)}\n`,
      );
    return code;
  } catch (error) {
    if (error instanceof InstallError)
      return refuseUpdate(io, input.json, skill.name, { code: error.code, message: safe(error.message) });
    throw error;
  } finally {
    await obtained?.cleanup();
  }
}
