// The content side of the update check (skills installer's way: git tree SHAs): the whole answer for a skill that
// carries no version, and the "changed locally" warning added to a version answer when the lock's hash no longer
// matches the installed folder.
import type { Skill, UpdateInfo } from "../../../shared/model";
import { recordedAsTree } from "../skill-lock/folder-hash";
import { changedLocallyReason, checkContent, type ContentCheckResult } from "./content-compare";
import { createLimiter } from "../fs/bounded";
import { offThread } from "../off-thread/tasks";
import type { GitTree } from "./git-tree";
import type { GithubTrees } from "./github-trees";
import { parseGithubRepo } from "./repository";

/** Folders hashed at once: a check of thousands of skills reads their files a few folders at a time, not all together. */
const HASHING_AT_ONCE = 8;

/** Runs `work` when fewer than HASHING_AT_ONCE folder hashings are running. */
export const hashingSlot = createLimiter(HASHING_AT_ONCE);

/** The fields of an UpdateInfo a content check fills. */
export type ContentFields = Pick<
  UpdateInfo,
  | "state"
  | "reason"
  | "source"
  | "repository"
  | "folder"
  | "branch"
  | "installedHash"
  | "recordedHash"
  | "upstreamHash"
  | "changedFiles"
>;

/** Whether the skill names where it came from on GitHub: a lock entry with its path, or a repository (its own or its plugin's). */
export function hasContentSource(skill: Skill): boolean {
  const lock = skill.lock;
  if (lock && lock.skillPath !== null && (parseGithubRepo(lock.sourceUrl) ?? parseGithubRepo(lock.source))) return true;
  return parseGithubRepo(skill.repository ?? null) !== null;
}

/** The content check's result as UpdateInfo fields (absent facts left out). */
function contentFields(result: ContentCheckResult): ContentFields {
  const fields: ContentFields = { state: result.state, reason: result.reason, source: "github-tree" };
  if (result.repository) fields.repository = result.repository;
  if (result.folder !== undefined) fields.folder = result.folder;
  if (result.branch) fields.branch = result.branch;
  if (result.installedHash) fields.installedHash = result.installedHash;
  if (result.recordedHash !== undefined) fields.recordedHash = result.recordedHash;
  if (result.upstreamHash) fields.upstreamHash = result.upstreamHash;
  if (result.differingFiles) fields.changedFiles = result.differingFiles;
  return fields;
}

/** The content check of a skill (its real folder, where a linked copy's files are); `tree` when already hashed. */
export async function contentCheckOf(skill: Skill, trees: GithubTrees, tree?: GitTree): Promise<ContentFields> {
  return contentFields(
    await hashingSlot(() =>
      checkContent(
        { name: skill.name, dir: skill.realDir, lock: skill.lock, repository: skill.repository ?? null, tree },
        trees,
      ),
    ),
  );
}

/**
 * For a skill the version check answered: when the lock records the folder's hash at install and the installed folder
 * no longer has it, the answer becomes "changed locally" (an update would overwrite the edits); else null.
 */
export async function localEditsOf(
  skill: Skill,
  version: { state: UpdateInfo["state"]; latest: string | null },
  trees: GithubTrees | undefined,
): Promise<ContentFields | null> {
  const recorded = skill.lock?.skillFolderHash;
  if (!recorded) return null;
  const installed = await hashingSlot(() => offThread("gitTree", skill.realDir)).catch(() => null);
  if (!installed || installed.sha === recorded) return null;
  const asTree = await recordedAsTree(skill.realDir, recorded, installed.sha, (dir) =>
    offThread("installerHashes", dir),
  );
  if (asTree === installed.sha) return null;
  const content = trees && hasContentSource(skill) ? await contentCheckOf(skill, trees, installed) : null;
  const files = content?.state === "changed-locally" ? content.changedFiles : undefined;
  const newer = version.state === "outdated" && version.latest ? ` Version ${version.latest} is available.` : "";
  const fields: ContentFields = {
    ...(content ?? {}),
    state: "changed-locally",
    source: content?.source ?? "github-tree",
    installedHash: installed.sha,
    recordedHash: recorded,
    reason: changedLocallyReason(files, newer),
  };
  if (files) fields.changedFiles = files;
  return fields;
}
