// A content check's answer kept current between checks: when a content-checked copy changes on disk, its folder is
// hashed again and compared with the upstream and recorded tree SHAs the last check found — no network call.
import type { Skill, UpdateInfo } from "../../../shared/model";
import { hashingSlot } from "./check-content";
import { gitTreeOf } from "./git-tree";

/** Whether the answer came from a content check that knows the upstream folder's tree SHA (and no version). */
function isContentAnswer(info: UpdateInfo | undefined): info is UpdateInfo & { upstreamHash: string } {
  return info?.source === "github-tree" && info.latest === null && typeof info.upstreamHash === "string";
}

/** The answer for a copy whose folder now hashes to `installedHash` (and whose lock records `recorded`), from the
 * upstream facts the last check found. */
export function contentStateFor(
  info: UpdateInfo & { upstreamHash: string },
  installedHash: string,
  recorded: string | null,
): UpdateInfo {
  const where = `${info.folder || "the root"} on ${info.repository ?? "its repository"}'s ${info.branch ?? "default"} branch`;
  const { changedFiles: _stale, plan: _plan, ...rest } = info;
  const next: UpdateInfo = { ...rest, installedHash, recordedHash: recorded };
  if (installedHash === info.upstreamHash) {
    next.state = "up-to-date";
    next.reason = `The installed folder is the same as ${where} (as of the last check).`;
  } else if (recorded && installedHash !== recorded) {
    next.state = "changed-locally";
    next.reason = `The installed folder was changed after it was installed; an update would overwrite these changes, so look at the difference first.${recorded === info.upstreamHash ? "" : " A newer version is also available upstream."}`;
  } else if (recorded) {
    next.state = "outdated";
    next.reason = `${info.repository ?? "The repository"} has changed this skill since it was installed.`;
  } else {
    next.state = "outdated";
    next.reason = `The installed folder differs from ${where}. With no record of what was installed, local edits cannot be told apart from upstream changes.`;
  }
  return next;
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
    const tree = await hashingSlot(() => gitTreeOf(skill.realDir)).catch(() => null);
    const recorded = skill.lock?.skillFolderHash ?? info.recordedHash ?? null;
    if (!tree || (tree.sha === info.installedHash && recorded === (info.recordedHash ?? null))) continue;
    out.push(contentStateFor(info, tree.sha, recorded));
  }
  return out;
}
