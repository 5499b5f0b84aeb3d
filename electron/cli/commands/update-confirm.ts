// The terminal's side of the update service's overwrite rule: a copy changed locally is replaced only after
// --yes --overwrite-local or a yes on a terminal that names the files; the service refuses otherwise.
import type { Skill, UpdateInfo } from "../../../shared/model";
import { safe } from "./report-format";

/** What the confirmation step was given. */
export interface LocalEditsInput {
  skill: Skill;
  info: UpdateInfo | undefined;
  yes: boolean;
  overwriteLocal: boolean;
  ask: (question: string) => Promise<boolean | null>;
}

const listed = (files: string[] | undefined) =>
  files?.length
    ? files.slice(0, 20).map(safe).join(", ") + (files.length > 20 ? ` and ${files.length - 20} more` : "")
    : "files in it";

/** Whether local edits may be overwritten: null when confirmed, else the refusal to print (nothing was downloaded). */
export async function confirmOverwrite(input: LocalEditsInput): Promise<string | null> {
  const files = listed(input.info?.changedFiles);
  const name = safe(input.skill.name);
  const how = `See the difference with \`skillshelf update ${input.skill.name} --dry-run\`; to replace them anyway (a backup is kept), add --yes --overwrite-local.`;
  if (input.yes)
    return input.overwriteLocal
      ? null
      : `"${name}" was changed here since it was installed (${files}); an update would overwrite these changes, so nothing was changed. ${safe(how)}`;
  const answer = await input.ask(
    `"${name}" was changed here since it was installed. Updating overwrites your changes to ${files} (a backup is kept). Overwrite them?`,
  );
  if (answer === true) return null;
  return answer === null
    ? `"${name}" was changed here since it was installed (${files}), and there is no terminal to confirm on, so nothing was changed. ${safe(how)}`
    : "Not confirmed, so nothing was changed.";
}
