// "Show my changes": the files whose blob id differs between the installed folder and what was installed are exactly
// the person's edits (added, removed, changed); only those installed files are read back, to show each line changed.
import { lstat, readFile, readlink } from "node:fs/promises";
import path from "node:path";
import { createTwoFilesPatch } from "diff";
import type { Skill } from "../../../shared/model";
import type { LocalChangesResult, UpdateFileChange } from "../../../shared/update-flow";
import { offThread } from "../off-thread/tasks";
import type { GitTree } from "./git-tree";
import {
  installedBaseline,
  MAX_BASELINE_FILE_BYTES,
  type BaselineContent,
  type BaselineOptions,
} from "./installed-baseline";

/** Installed files read back at most for one comparison; the rest are listed without their lines. */
const MAX_READ_BACK = 100;
/** Total text diff shown at once (the update review's limit). */
const MAX_DIFF_TOTAL_CHARS = 1024 * 1024;
const DIFF_TIMEOUT_MS = 2000;

/** UTF-8 text, or null for a binary file. */
function textOf(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8192).includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The person's file as it is now (a link's target as text), or why it is not shown. */
async function yoursNow(dir: string, rel: string, mode: string): Promise<BaselineContent> {
  const abs = path.join(dir, ...rel.split("/"));
  if (mode === "120000") return { ok: true, bytes: Buffer.from(await readlink(abs), "utf8") };
  if ((await lstat(abs)).size > MAX_BASELINE_FILE_BYTES) return { ok: false, reason: "too large to show" };
  return { ok: true, bytes: await readFile(abs) };
}

/**
 * The person's changes to `skill`'s folder since it was installed, each text file's lines as a unified diff (the
 * installed version first), or why what was installed is not known. `tree` is the folder's git tree when already known.
 */
export async function localChangesOf(
  skill: Skill,
  options: BaselineOptions,
  tree?: GitTree,
): Promise<LocalChangesResult> {
  const found = await installedBaseline(skill, options);
  if (!found.ok) return { baseline: "unknown", reason: found.reason };
  const { baseline } = found;
  const local = tree ?? (await offThread("gitTree", skill.realDir).catch(() => null));
  if (!local) return { baseline: "unknown", reason: "Your copy of the skill could not be read." };
  const changes: Array<{ rel: string; change: UpdateFileChange["change"] }> = [];
  for (const [rel, mine] of local.files) {
    const installed = baseline.files.get(rel);
    if (!installed) changes.push({ rel, change: "added" });
    else if (installed.sha !== mine.sha || installed.mode.replace(/^0+/, "") !== mine.mode)
      changes.push({ rel, change: "changed" });
  }
  for (const rel of baseline.files.keys()) if (!local.files.has(rel)) changes.push({ rel, change: "removed" });
  changes.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));

  let budget = MAX_DIFF_TOTAL_CHARS;
  let readBack = 0;
  const files: UpdateFileChange[] = [];
  for (const { rel, change } of changes) {
    const file: UpdateFileChange = { path: rel, change, binary: false };
    files.push(file);
    let before: BaselineContent = { ok: true, bytes: Buffer.alloc(0) };
    if (change !== "added") {
      if (readBack >= MAX_READ_BACK) {
        file.note = "not shown line by line: too many files changed to read them all back";
        continue;
      }
      readBack++;
      before = await baseline.content(rel);
    }
    const mine = local.files.get(rel);
    const after: BaselineContent = mine
      ? await yoursNow(skill.realDir, rel, mine.mode).catch(() => ({ ok: false, reason: "could not be read" }))
      : { ok: true, bytes: Buffer.alloc(0) };
    if (!before.ok || !after.ok) {
      file.note = before.ok ? `yours ${(after as { reason: string }).reason}` : before.reason;
      continue;
    }
    const [a, b] = [textOf(before.bytes), textOf(after.bytes)];
    if (a === null || b === null) {
      file.binary = true;
      file.note = "not text";
      continue;
    }
    if (a === b) {
      file.note = "only whether it may be run changed";
      continue;
    }
    const patch = createTwoFilesPatch(`a/${rel}`, `b/${rel}`, a, b, undefined, undefined, {
      context: 3,
      timeout: DIFF_TIMEOUT_MS,
    });
    if (patch === undefined) file.note = "too many differences to show as a text diff";
    else if (patch.length > budget) file.note = "not shown line by line: the changes passed the size shown at once";
    else {
      file.diff = patch;
      budget -= patch.length;
    }
  }
  return { baseline: "installed", files };
}
