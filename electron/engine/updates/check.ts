// The update check: one answer per installed copy of a skill, from skill-meta servers first (the
// protocol's rules), then the skill's GitHub releases; never throws, every unknown says why.
import type { Skill, UpdateInfo } from "../../../shared/model";
import { compareInstalled } from "../../../shared/version";
import type { ReleaseLookup } from "./github-releases";
import { applyMetaRules, notComparableReason, type MetaVerdict } from "./meta-rules";
import type { SkillMetaSession } from "./meta-session";
import { parseGithubRepo } from "./repository";

/** The sources to consult; either may be absent (e.g. no servers configured, or no network wanted). */
export interface CheckUpdatesOptions {
  session?: SkillMetaSession;
  releases?: ReleaseLookup;
}

type Verdict = MetaVerdict & { source: UpdateInfo["source"] };

function base(skill: Skill): UpdateInfo {
  return { skillId: skill.id, name: skill.name, dir: skill.dir, installed: skill.version, installedSource: skill.versionSource, latest: null, state: "unknown", source: "none", checkedAt: new Date().toISOString() };
}

async function fromReleases(skill: Skill, releases: ReleaseLookup | undefined): Promise<Verdict | null> {
  const repo = [skill.repository, skill.lock?.sourceUrl, skill.lock?.source].map(parseGithubRepo).find((r) => r !== null) ?? null;
  if (!repo || !releases) return null;
  const release = await releases.latest(repo);
  if (!release.ok) return { source: "github-release", latest: null, state: "unknown", reason: release.reason };
  if (release.version === null) {
    return { source: "github-release", latest: null, state: "unknown", reason: `The latest release tag "${release.tag}" is not a SemVer version, so it cannot be compared.`, releaseNotesUrl: release.releaseUrl };
  }
  const state = compareInstalled(skill.version, release.version);
  const verdict: Verdict = { source: "github-release", latest: release.version, state, releaseNotesUrl: release.releaseUrl, updateDocUrl: `${repo.webUrl}/releases/latest` };
  if (state === "unknown") verdict.reason = notComparableReason(skill.version);
  return verdict;
}

function pick(meta: Verdict | null, release: Verdict | null): Verdict | null {
  if (meta && meta.state !== "unknown") return meta;
  if (release && release.state !== "unknown") return release;
  return meta ?? release;
}

/** The update state of one installed copy. */
async function checkSkill(skill: Skill, options: CheckUpdatesOptions): Promise<UpdateInfo> {
  const info = base(skill);
  const answers = options.session ? await options.session.answersFor(skill.name).catch(() => []) : [];
  const meta = applyMetaRules(skill, answers);
  const metaVerdict: Verdict | null = meta ? { ...meta, source: "skill-meta" } : null;
  const release = metaVerdict && metaVerdict.state !== "unknown" ? null : await fromReleases(skill, options.releases);
  const verdict = pick(metaVerdict, release);
  if (!verdict) {
    return { ...info, reason: "No update source is known: the skill names no GitHub repository and no configured MCP server answers for it." };
  }
  const result: UpdateInfo = { ...info, ...verdict };
  for (const key of Object.keys(result) as Array<keyof UpdateInfo>) if (result[key] === undefined) delete result[key];
  return result;
}

/** One UpdateInfo per installed copy (the same skill in two places gets two answers), in the order given. */
export async function checkUpdates(skills: Skill[], options: CheckUpdatesOptions): Promise<UpdateInfo[]> {
  return Promise.all(
    skills.map((skill) =>
      checkSkill(skill, options).catch((): UpdateInfo => ({ ...base(skill), reason: "The update check failed for this skill." })),
    ),
  );
}
