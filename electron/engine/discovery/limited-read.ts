// The read of a skill folder that the worker could not finish within its memory or time limit: the folder is listed
// with one error saying so, and the scan goes on.
import { createHash } from "node:crypto";
import path from "node:path";
import { skillReport } from "../skill/validate-text";
import { discoveryDiagnostic } from "./diagnostic";
import { offThread } from "../off-thread/tasks";
import type { FolderHash } from "./hash";
import type { SkillRead } from "./read";
import type { ReadJob } from "./read-protocol";
import { READ_WORKER_MEMORY_MB } from "./worker-lease";

/** A SkillRead for a folder stopped at a limit: no rules ran, its content hash is taken here (bytes only, capped). */
export async function limitedRead(
  job: ReadJob,
  limit: "memory" | "time" | "crash",
  timeLimitMs: number,
): Promise<SkillRead> {
  const skillFile = path.join(job.dir, "SKILL.md");
  const what =
    limit === "memory"
      ? `needed more than ${READ_WORKER_MEMORY_MB} MB of memory`
      : limit === "time"
        ? `took longer than ${Math.round(timeLimitMs / 100) / 10} s`
        : "made the reading worker stop";
  const found = discoveryDiagnostic(
    "scan.skill.limit",
    "error",
    skillFile,
    `Reading this skill ${what}, so it was stopped and its files were not checked; the rest of the scan went on.`,
    "Look for an unusually large or deeply nested file in the skill folder (SKILL.md's frontmatter first) and shorten it.",
  );
  const report = skillReport({ dir: job.dir, realDir: job.realDir, skillFile }, [found], null);
  // Hashed in the task worker where the host has one; a folder that stops that worker too has no hash.
  const hash = await offThread("folderHash", job.realDir).catch((): FolderHash => ({
    hash: createHash("sha256").digest("hex"),
    files: 0,
    bytes: 0,
    truncated: true,
  }));
  return { report, hash, profile: job.profile };
}
