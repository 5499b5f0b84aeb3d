// The steps of one update that the CLI's `update` and the app's guided update share: which file to download, what
// the new version changes in the installed folder, applying it with the user's files kept, and failures in words.
import type { UpdateDownload, UpdateInfo } from "../../../shared/model";
import type { UpdateProblem } from "../../../shared/update-flow";
import { diffFolders, type FolderDiff } from "./diff";
import { InstallError } from "./errors";
import { readManifest } from "./manifest";
import { PackRefusedError } from "./pack";
import { unkeepableError } from "./kept-conflict";
import { applyFolderUpdate, type ApplyResult } from "./swap";

/** The release file an update takes: the best one the check found (a `.skill` or `.zip` holding the skill first). */
export function chooseDownload(info: UpdateInfo | undefined): UpdateDownload | null {
  return info?.downloads?.[0] ?? null;
}

/** What the new version (in staging) changes in the installed folder, judged against what Skillshelf installed there. */
export async function diffForUpdate(realDir: string, newSkillDir: string, dataDir: string): Promise<FolderDiff> {
  return diffFolders(realDir, newSkillDir, { manifest: await readManifest(dataDir, realDir) });
}

/**
 * Swaps the reviewed version into place, carrying over the user's files the review found. When some of the user's
 * files cannot be kept (diff.unkeepable), nothing moves unless the caller lets exactly those go (after asking).
 */
export async function applyReviewed(
  realDir: string,
  newSkillDir: string,
  diff: FolderDiff,
  dataDir: string,
  options: { letGo?: string[] } = {},
): Promise<ApplyResult> {
  const lost = diff.unkeepable.filter((rel) => !options.letGo?.includes(rel));
  if (lost.length > 0) throw unkeepableError(lost);
  return applyFolderUpdate(realDir, newSkillDir, { dataDir, keep: diff.kept });
}

const ADVICE: Record<string, string> = {
  "install.download.refused-url":
    "The release points at an address Skillshelf does not download from; get the file from the skill's page instead.",
  "install.download.failed": "Check your internet connection and try again.",
  "install.download.too-large": "The release file is larger than a skill should be; ask the skill's author.",
  "install.download.cancelled": "Nothing was changed. Start the update again when you want it.",
  "install.download.checksum":
    "The file does not match the checksum its release publishes; try again later, or tell the skill's author.",
  "install.source.unreadable": "Check that the file is there and readable, then try again.",
  "install.archive.invalid":
    "The release file is damaged or not an archive; try again later, or tell the skill's author.",
  "install.archive.unsafe-entry":
    "The release file tries to write outside its own folder, so it was refused. Tell the skill's author; your installed copy is unchanged.",
  "install.archive.too-large": "The release file unpacks to more than a skill should hold; tell the skill's author.",
  "install.skill.not-found": "The release does not hold this skill; get the new version from the skill's page.",
  "install.skill.ambiguous":
    "The release holds several skills with this name; get the new version from the skill's page.",
  "install.skill.invalid":
    "The new version has errors, so it was not installed. Tell the skill's author; your installed copy is unchanged.",
  "install.skill.name-mismatch":
    "The download is a different skill, so it was not installed; get the new version from the skill's page.",
  "install.target.unsafe": "Nothing was changed. Update this copy by hand.",
  "install.swap.failed": "Nothing was changed. Free some disk space or check the folder's permissions, then try again.",
  "install.rollback.none": "There is nothing to undo.",
  "install.target.moved":
    "A folder on the way to the skill was replaced while the update ran; check who changed it, then try again.",
  "install.data.untrusted":
    "Make Skillshelf's data folder yours and writable by you alone (or set SKILLSHELF_DATA_DIR), then try again.",
  "install.kept.conflict": "Nothing was changed. Move the named files out of the way, then update again.",
  "install.source.link-outside":
    "Nothing was installed. Replace the link by the file it points at, or update from an archive.",
  "install.busy":
    "Another update of this folder is running, or an earlier one was interrupted; wait for it to finish, or try again to finish or undo the interrupted one.",
  "install.not-due": "Nothing to update right now.",
  "install.not-updatable": "Update this copy from the client that manages it.",
  "install.no-download": "The release offers nothing to download; get the new version from the skill's page.",
};

/** Any failure of an update step as a problem for people: what happened, what to do, and the details. */
export function problemOf(error: unknown): UpdateProblem {
  if (error instanceof InstallError)
    return {
      code: error.code,
      message: error.message,
      advice: ADVICE[error.code] ?? "Nothing was changed.",
      detail: `${error.code}: ${error.message}`,
    };
  if (error instanceof PackRefusedError) {
    const lines = error.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code}: ${d.message}`);
    return {
      code: "install.pack.refused",
      message: `The new version cannot be packed for Claude Desktop: ${error.message}`,
      advice: "Nothing was changed. Tell the skill's author; the details say what Claude Desktop would refuse.",
      detail: lines.join("\n") || error.message,
    };
  }
  const text = error instanceof Error ? error.message : String(error);
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOSPC")
    return {
      code: "install.disk-full",
      message: "The disk is full.",
      advice: "Free some disk space and try again; nothing was changed.",
      detail: text,
    };
  if (code === "EACCES" || code === "EPERM")
    return {
      code: "install.permission",
      message: "Skillshelf is not allowed to write there.",
      advice: "Check the folder's permissions and try again; nothing was changed.",
      detail: text,
    };
  return {
    code: "install.failed",
    message: "The update failed unexpectedly.",
    advice: "Nothing was changed. Try again; if it keeps failing, the details help a bug report.",
    detail: text,
  };
}
