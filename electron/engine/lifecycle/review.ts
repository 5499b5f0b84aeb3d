// The review of a downloaded version as every front end shows it: the files it changes, the counts, what checking it
// found, and the local edits applying would replace.
import type { CapabilityReview } from "../../../shared/capabilities";
import type { UpdateReview } from "../../../shared/update-flow";
import type { FolderDiff } from "../apply/diff";
import type { ObtainedSkill } from "../fetch/obtain";
import type { UpdateTask } from "./tasks";

/** The review of one task's download against the installed folder `dir`. */
export function reviewOf(
  task: UpdateTask,
  dir: string,
  obtained: ObtainedSkill,
  diff: FolderDiff,
  capabilities?: CapabilityReview,
): UpdateReview {
  const files = diff.files.map((f) => ({
    path: f.path,
    change: f.change,
    binary: f.binary,
    ...(f.diff ? { diff: f.diff } : {}),
    ...(f.note ? { note: f.note } : {}),
  }));
  return {
    taskId: task.id,
    skillId: task.skill.id,
    name: task.skill.name,
    kind: task.plan.kind,
    dir,
    installed: task.skill.version,
    version: obtained.version,
    source: obtained.source,
    ...(obtained.leftOut.length > 0 ? { leftOut: obtained.leftOut } : {}),
    files,
    counts: {
      added: diff.added.length,
      removed: diff.removed.length,
      changed: diff.changed.length,
      kept: diff.kept.length,
      unchanged: diff.unchanged,
    },
    diffsTruncated: diff.diffsTruncated,
    diagnostics: obtained.diagnostics,
    nothingToDo: !diff.added.length && !diff.removed.length && !diff.changed.length,
    ...(task.overwritesLocalEdits ? { localEdits: task.info?.changedFiles ?? [] } : {}),
    ...(capabilities ? { capabilities } : {}),
  };
}
