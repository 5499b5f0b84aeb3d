// The update check: one answer per installed copy of a skill, from skill-meta servers first (the
// protocol's rules), then the skill's GitHub releases; never throws, every unknown says why.
import type { Plugin, Skill, UpdateInfo } from "../../../shared/model";
import { compareInstalled } from "../../../shared/version";
import { mapBounded } from "../fs/bounded";
import type { ReleaseLookup } from "./github-releases";
import { contentCheckOf, hasContentSource, localEditsOf } from "./content-answer";
import type { GithubTrees } from "./github-trees";
import { applyMetaRules, notComparableReason, type MetaVerdict } from "./meta-rules";
import type { SkillMetaSession } from "./meta-session";
import { pluginSources, type PluginSource } from "./plugin-source";
import { parseGithubRepo } from "./repository";

/** The sources to consult; either may be absent (e.g. no servers configured, or no network wanted). */
export interface CheckUpdatesOptions {
  session?: SkillMetaSession;
  releases?: ReleaseLookup;
  /** Content checks (git tree SHAs on GitHub) for skills without a version, and local edits of locked ones. */
  trees?: GithubTrees;
  /** The catalog's plugins: their skills use the plugin's repository and version when they name none. */
  plugins?: readonly Plugin[];
  /** The check's time (the clock, by default). */
  now?: () => Date;
  /** The check of a copy installed from an MCP server (its recorded origin), or null for any other copy. */
  remote?: (skill: Skill) => Promise<Partial<UpdateInfo> | null>;
}

/**
 * Copies checked at once. Their lookups are shared (one skill-meta session, one release or tree request per
 * repository), and starting ten thousand at once would hold the answering thread for the whole start.
 */
const CHECKING_AT_ONCE = 256;

/** Causes that mean GitHub could not be asked (not that it answered "no such release"). */
const GITHUB_FAILURES = new Set<UpdateInfo["cause"]>(["offline", "timeout", "rate-limited", "unknown"]);

/** Why nothing can be checked when neither the skill nor its plugin names a source. */
const NO_SOURCE_REASON =
  "No update source is known: the skill names no GitHub repository and no configured MCP server answers for it.";

type Verdict = MetaVerdict & {
  source: UpdateInfo["source"];
  cause?: UpdateInfo["cause"];
  downloads?: UpdateInfo["downloads"];
  releaseNotes?: string;
};

function base(skill: Skill, checkedAt: string): UpdateInfo {
  return {
    skillId: skill.id,
    name: skill.name,
    dir: skill.dir,
    installed: skill.version,
    installedSource: skill.versionSource,
    latest: null,
    state: "unknown",
    source: "none",
    checkedAt,
  };
}

/** The skill as the check sees it: a plugin's skill takes the plugin's version and repository when it names none. */
function withPluginSource(skill: Skill, source: PluginSource | undefined): Skill {
  if (!source) return skill;
  const version = skill.version ?? source.version;
  return {
    ...skill,
    version,
    versionSource: skill.version ? skill.versionSource : version ? "plugin.version" : null,
    repository: skill.repository ?? source.repository,
  };
}

async function fromReleases(skill: Skill, releases: ReleaseLookup | undefined): Promise<Verdict | null> {
  const repo =
    [skill.repository, skill.lock?.sourceUrl, skill.lock?.source].map(parseGithubRepo).find((r) => r !== null) ?? null;
  if (!repo || !releases) return null;
  const release = await releases.latest(repo);
  if (!release.ok)
    return { source: "github-release", latest: null, state: "unknown", reason: release.reason, cause: release.cause };
  if (release.version === null) {
    return {
      source: "github-release",
      latest: null,
      state: "unknown",
      reason: `The latest release tag "${release.tag}" is not a SemVer version, so it cannot be compared.`,
      cause: "not-comparable",
      releaseNotesUrl: release.releaseUrl,
    };
  }
  const state = compareInstalled(skill.version, release.version);
  const verdict: Verdict = {
    source: "github-release",
    latest: release.version,
    state,
    releaseNotesUrl: release.releaseUrl,
    updateDocUrl: `${repo.webUrl}/releases/latest`,
  };
  if (release.downloads.length) verdict.downloads = release.downloads;
  if (release.notes) verdict.releaseNotes = release.notes;
  if (state === "unknown") {
    verdict.reason = notComparableReason(skill.version);
    verdict.cause = "not-comparable";
  }
  return verdict;
}

function pick(meta: Verdict | null, release: Verdict | null): Verdict | null {
  if (meta && meta.state !== "unknown") return meta;
  if (release && release.state !== "unknown") return release;
  return meta ?? release;
}

/** The update state of one installed copy. */
async function checkSkill(skill: Skill, options: CheckUpdatesOptions, checkedAt: string): Promise<UpdateInfo> {
  const info = base(skill, checkedAt);
  const remote = options.remote ? await options.remote(skill) : null;
  if (remote) return { ...info, ...remote };
  const answers = options.session ? await options.session.answersFor(skill.name).catch(() => []) : [];
  const meta = applyMetaRules(skill, answers);
  const metaVerdict: Verdict | null = meta ? { ...meta, source: "skill-meta" } : null;
  const release = metaVerdict && metaVerdict.state !== "unknown" ? null : await fromReleases(skill, options.releases);
  const verdict = pick(metaVerdict, release);
  let result: UpdateInfo;
  if (options.trees && (!verdict || verdict.state === "unknown") && skill.version === null && hasContentSource(skill)) {
    const content = await contentCheckOf(skill, options.trees);
    result = { ...info, ...content };
    if (content.state === "unknown" && verdict?.reason)
      result.reason = `${verdict.reason} Its content could not be compared either: ${content.reason}`;
  } else if (!verdict) {
    return { ...info, reason: NO_SOURCE_REASON, cause: "no-source" };
  } else {
    result = { ...info, ...verdict };
    const edits = verdict.state === "unknown" ? null : await localEditsOf(skill, verdict, options.trees);
    if (edits) result = { ...result, ...edits, source: verdict.source };
  }
  if (result.state === "unknown") result.cause ??= "unknown";
  else delete result.cause;
  if (result.state === "unknown" && GITHUB_FAILURES.has(result.cause!) && result.source.startsWith("github-"))
    result.failedSource = "GitHub";
  for (const key of Object.keys(result) as Array<keyof UpdateInfo>) if (result[key] === undefined) delete result[key];
  return result;
}

/**
 * One UpdateInfo per installed copy (the same skill in two places gets two answers), in the order given; checked a
 * bounded number at a time, giving the event loop turns in between (a host answers requests meanwhile).
 */
export async function checkUpdates(skills: Skill[], options: CheckUpdatesOptions): Promise<UpdateInfo[]> {
  const checkedAt = (options.now?.() ?? new Date()).toISOString();
  const plugins = await pluginSources(options.plugins ?? []);
  const byId = new Map((options.plugins ?? []).map((p) => [p.id, p]));
  return mapBounded(skills, CHECKING_AT_ONCE, (skill) => {
    const seen = withPluginSource(skill, skill.pluginId ? plugins.get(skill.pluginId) : undefined);
    const plugin = seen.versionSource === "plugin.version" ? byId.get(skill.pluginId!) : undefined;
    const mark = (info: UpdateInfo): UpdateInfo =>
      plugin ? { ...info, plugin: { id: plugin.id, name: plugin.name, format: plugin.format } } : info;
    return checkSkill(seen, options, checkedAt).then(mark, (): UpdateInfo =>
      mark({ ...base(seen, checkedAt), reason: "The update check failed for this skill.", cause: "unknown" }),
    );
  });
}
