// The protocol's "Skill behavior" rules 2-8, applied by Skillshelf for one installed copy of a skill:
// what the skill itself would tell its user, decided from the session's answers.
import type { Skill, UpdateInfo } from "../../../shared/model";
import { hasControlOrBreak } from "../../../shared/terminal-text";
import { compareInstalled, normalizeVersion } from "../../../shared/version";
import type { SourcedAnswer } from "./meta-session";

/** The fields a skill-meta answer decides; null when no server gave a usable answer (skip silently). */
export type MetaVerdict = Pick<
  UpdateInfo,
  "latest" | "state" | "reason" | "releaseNotesUrl" | "updateDocUrl" | "recipe"
>;

/** Why an installed version cannot be compared with the latest one (missing, or not SemVer). */
export function notComparableReason(installed: string | null): string {
  return installed === null
    ? "This copy does not say which version it is, so it cannot be compared."
    : `The installed version "${installed}" is not a SemVer version, so it cannot be compared.`;
}

/** Decides the update state of `skill` from the answers for its name; the first usable answer wins. */
export function applyMetaRules(skill: Pick<Skill, "version">, answers: SourcedAnswer[]): MetaVerdict | null {
  const usable = answers.find((a) => a.answer.kind === "ok") ?? answers.find((a) => a.answer.kind === "doc-only");
  if (!usable) {
    const capped = answers.find((a) => a.answer.kind === "too-large")?.answer;
    return capped?.kind === "too-large" ? { latest: null, state: "unknown", reason: capped.reason } : null;
  }
  const answer = usable.answer;
  if (answer.kind === "doc-only") {
    return {
      latest: null,
      state: "unknown",
      reason:
        "The update server uses a newer version of the skill-meta protocol; only its upgrade documentation link is used.",
      updateDocUrl: answer.updateDocUrl,
    };
  }
  if (answer.kind !== "ok") return null;
  const response = answer.response;
  if (response.skill_version_latest === "") {
    return {
      latest: null,
      state: "unknown",
      reason: "The update server could not find out the latest version right now.",
      updateDocUrl: response.update_doc_url,
    };
  }
  const latest = normalizeVersion(response.skill_version_latest) ?? response.skill_version_latest;
  const state = compareInstalled(skill.version, latest);
  const verdict: MetaVerdict = { latest, state, updateDocUrl: response.update_doc_url };
  if (response.release_notes_url) verdict.releaseNotesUrl = response.release_notes_url;
  if (state === "unknown") {
    verdict.reason = notComparableReason(skill.version);
  }
  if (state === "outdated" && response.update_command !== undefined) {
    verdict.recipe = {
      kind: response.update_command_kind === "shell" ? "shell" : "manual_ui",
      command: response.update_command,
    };
    if (hasControlOrBreak(response.update_command)) verdict.recipe.suspicious = true;
  }
  return verdict;
}
