// A content check's answer kept current between checks: when a content-checked copy changes on disk, its folder is
// hashed again and compared with the upstream and recorded tree SHAs the last check found — no network call.
import type { Skill, UpdateInfo } from "../../../shared/model";
import { recordedAsTree } from "../skill-lock/folder-hash";
import { hashingSlot } from "./content-answer";
import { contentVerdict } from "./content-compare";
import { offThread } from "../off-thread/tasks";

/** Whether the answer came from a content check that knows the upstream folder's tree SHA (and no version). */
function isContentAnswer(info: UpdateInfo | undefined): info is UpdateInfo & { upstreamHash: string } {
  return info?.source === "github-tree" && info.latest === null && typeof info.upstreamHash === "string";
}

/** The answer for a copy whose folder now hashes to `installedHash` (and whose lock records `recorded`), from the
 * upstream facts the last check found. Exported for tests: each verdict is checked from hashes, without folders. */
export function contentStateFor(
  info: UpdateInfo & { upstreamHash: string },
  installedHash: string,
  recorded: string | null,
  recordedTree: string | null = recorded,
): UpdateInfo {
  const where = `${info.folder || "the root"} on ${info.repository ?? "its repository"}'s ${info.branch ?? "default"} branch`;
  const { changedFiles: _stale, plan: _plan, ...rest } = info;
  return {
    ...rest,
    installedHash,
    recordedHash: recorded,
    ...contentVerdict({
      installedHash,
      upstreamHash: info.upstreamHash,
      recorded: recordedTree,
      repository: info.repository ?? "The repository",
      where,
      asOf: " (as of the last check)",
    }),
  };
}

/**
 * The new answers of content-checked copies among `changedSkills` whose folder's tree SHA differs from the one last
 * known (hashed where their files are; an unreadable folder keeps its answer). Only changed answers are returned.
 */
export async function recomputeContentStates(
  updates: readonly UpdateInfo[],
  changedSkills: readonly Skill[],
): Promise<UpdateInfo[]> {
  const byId = new Map(updates.map((u) => [u.skillId, u]));
  const out: UpdateInfo[] = [];
  for (const skill of changedSkills) {
    const info = byId.get(skill.id);
    if (!isContentAnswer(info)) continue;
    const tree = await hashingSlot(() => offThread("gitTree", skill.realDir)).catch(() => null);
    const recorded = skill.lock?.skillFolderHash ?? info.recordedHash ?? null;
    if (!tree || (tree.sha === info.installedHash && recorded === (info.recordedHash ?? null))) continue;
    out.push(
      contentStateFor(
        info,
        tree.sha,
        recorded,
        await recordedAsTree(skill.realDir, recorded, tree.sha, (dir) => offThread("installerHashes", dir)),
      ),
    );
  }
  return out;
}
