// Update checks for skills that carry no version, the way the `skills` installer checks: compare the installed folder's
// git tree SHA with the one recorded at install (skillFolderHash in its lock) and with the folder's tree SHA upstream.
// Unlike the installer, a folder the user edited is told apart ("changed locally"), so an update never silently
// overwrites their edits.
import type { SkillLockInfo } from "../../../shared/model";
import { recordedAsTree } from "../skill-lock/folder-hash";
import { OffThreadError } from "../off-thread/runner";
import { offThread } from "../off-thread/tasks";
import { GitTreeLimitError, type GitTree } from "./git-tree";
import type { GithubTrees } from "./github-trees";
import { parseGithubRepo, type GithubRepo } from "./repository";

/** What the content check knows of one installed copy. */
export interface ContentCheckInput {
  name: string;
  dir: string;
  lock?: SkillLockInfo;
  /** The repository the skill or its plugin names (frontmatter, metadata, plugin manifest), when the lock has none. */
  repository?: string | null;
  /** The installed folder's tree when the caller already hashed it (so it is not read twice). */
  tree?: GitTree;
}

/** The state a content check found, with its reason in words and what differs. */
export interface ContentCheckResult {
  state: "up-to-date" | "outdated" | "changed-locally" | "unknown";
  reason: string;
  source: "github-tree";
  repository?: string;
  /** The folder's path in the repository. */
  folder?: string;
  installedHash?: string;
  recordedHash?: string | null;
  upstreamHash?: string;
  /** The default branch the upstream folder was read from. */
  branch?: string;
  /** Files that differ between the installed folder and upstream (added, removed or changed), when known. */
  differingFiles?: string[];
}

/** The repository and the folder path a lock entry records (skillPath names SKILL.md or its folder). */
function fromLock(lock: SkillLockInfo | undefined): { repo: GithubRepo; folder: string } | null {
  if (!lock) return null;
  const repo = parseGithubRepo(lock.sourceUrl) ?? parseGithubRepo(lock.source);
  if (!repo || lock.skillPath === null) return null;
  const folder = lock.skillPath
    .replace(/\\/g, "/")
    .replace(/(^|\/)SKILL\.md$/i, "")
    .replace(/^\.?\/+|\/+$/g, "");
  return { repo, folder };
}

/** Paths whose blob ids differ between the installed folder and upstream's files, sorted. */
function differing(local: GitTree, upstream: Map<string, string>): string[] {
  const out = new Set<string>();
  for (const [rel, entry] of local.files) if (upstream.get(rel) !== entry.sha) out.add(rel);
  for (const rel of upstream.keys()) if (!local.files.has(rel)) out.add(rel);
  return [...out].sort();
}

/** Up to five of the files that differ, in parentheses with a leading space, for a reason ("" when none). */
function listedFiles(files: readonly string[] | undefined): string {
  return files?.length
    ? ` (${files.slice(0, 5).join(", ")}${files.length > 5 ? ` and ${files.length - 5} more` : ""})`
    : "";
}

/** The reason given when the installed folder no longer has the hash recorded at install; `tail` follows it. */
export function changedLocallyReason(files: readonly string[] | undefined, tail: string): string {
  return `The installed folder was changed after it was installed${listedFiles(files)}; an update would overwrite these changes, so look at the difference first.${tail}`;
}

/** The facts a content verdict is drawn from: the three tree SHAs and the words naming the upstream folder. */
export interface ContentFacts {
  installedHash: string;
  upstreamHash: string;
  recorded: string | null;
  /** The repository as named in the reason ("acme/skills"). */
  repository: string;
  /** The upstream folder in words ("skills/b on acme/skills's main branch"). */
  where: string;
  files?: readonly string[];
  /** Appended to the up-to-date reason (" (as of the last check)" for a recomputation). */
  asOf?: string;
}

/** The state and reason of a content answer: one decision for the check and for its recomputation on disk changes. */
export function contentVerdict(facts: ContentFacts): Pick<ContentCheckResult, "state" | "reason"> {
  const { installedHash, upstreamHash, recorded, files } = facts;
  if (installedHash === upstreamHash)
    return { state: "up-to-date", reason: `The installed folder is the same as ${facts.where}${facts.asOf ?? ""}.` };
  if (recorded && installedHash !== recorded)
    return {
      state: "changed-locally",
      reason: changedLocallyReason(
        files,
        recorded === upstreamHash || !/^[0-9a-f]{40}$/i.test(recorded)
          ? ""
          : " A newer version is also available upstream.",
      ),
    };
  if (recorded)
    return {
      state: "outdated",
      reason: `${facts.repository} has changed this skill since it was installed${listedFiles(files)}.`,
    };
  return {
    state: "outdated",
    reason: `The installed folder differs from ${facts.where}${listedFiles(files)}. With no record of what was installed, local edits cannot be told apart from upstream changes.`,
  };
}

/** Checks one installed copy against its repository's default branch; never throws. */
export async function checkContent(input: ContentCheckInput, trees: GithubTrees): Promise<ContentCheckResult> {
  const base = { source: "github-tree" as const };
  const locked = fromLock(input.lock);
  let repo = locked?.repo ?? null;
  let folder = locked?.folder ?? null;
  if (!repo) {
    repo = parseGithubRepo(input.repository);
    if (!repo)
      return {
        ...base,
        state: "unknown",
        reason:
          "No version in the skill and no source known: neither an installer's lock entry nor a GitHub repository names where it came from.",
      };
    const located = await trees.locateSkill(repo, input.name);
    if (!located.ok) return { ...base, state: "unknown", repository: repo.key, reason: located.reason };
    folder = located.path;
  }
  let local: GitTree;
  try {
    local = input.tree ?? (await offThread("gitTree", input.dir));
  } catch (error) {
    // A limit crosses from the worker by its name; a worker stopped by its own limits says which.
    const why =
      error instanceof OffThreadError || (error instanceof Error && error.name === new GitTreeLimitError("").name)
        ? error.message
        : "The installed folder could not be read.";
    return {
      ...base,
      state: "unknown",
      repository: repo.key,
      folder: folder ?? undefined,
      reason: `${why} Its content cannot be compared.`,
    };
  }
  const recorded = await recordedAsTree(input.dir, input.lock?.skillFolderHash ?? null, local.sha, (dir) =>
    offThread("installerHashes", dir),
  );
  const upstream = await trees.folder(repo, folder ?? "");
  const facts = {
    ...base,
    repository: repo.key,
    folder: folder ?? "",
    installedHash: local.sha,
    recordedHash: input.lock?.skillFolderHash ?? null,
  };
  if (!upstream.ok) return { ...facts, state: "unknown", reason: upstream.reason };
  const withUpstream = { ...facts, branch: upstream.branch, upstreamHash: upstream.sha };
  const files = upstream.files ? differing(local, upstream.files) : undefined;
  const verdict = contentVerdict({
    installedHash: local.sha,
    upstreamHash: upstream.sha,
    recorded,
    repository: repo.key,
    where: `${folder || "the root"} on ${repo.key}'s ${upstream.branch} branch`,
    files,
  });
  return verdict.state === "up-to-date"
    ? { ...withUpstream, ...verdict }
    : { ...withUpstream, ...verdict, differingFiles: files };
}
