// Every failure of an update step as one problem: what happened, what to do, the details, and the cause the page acts
// on. The cause is decided here from what the failing step knew (its code, its own cause, the system error), never
// from the wording of a message.
import type { FailureCause } from "../../../shared/model";
import type { UpdateProblem } from "../../../shared/update-flow";
import { causeOfErrno, EngineError, type EngineErrorCode } from "../errors";
import { PackRefusedError } from "../archive/pack";

/** What to do, by cause, where the code's own advice does not fit every cause (a failed download, a failed swap). */
const ADVICE_OF_CAUSE: Partial<Record<FailureCause, string>> = {
  offline: "Check your internet connection, then Retry; nothing was changed.",
  timeout: "The server was too slow; Retry in a moment. Nothing was changed.",
  "rate-limited": "GitHub refused for now because of too many requests; add a GitHub token in Settings or Retry later.",
  "not-found": "The file is not at its address any more; check for updates again, then Retry.",
  "disk-full": "Free some disk space, then Retry; nothing was changed.",
  permission: "Skillshelf may not write in this folder; check its permissions, then Retry. Nothing was changed.",
};

const ADVICE: Partial<Record<EngineErrorCode, string>> = {
  "install.download.refused-url":
    "The release points at an address Skillshelf does not download from; get the file from the skill's page instead.",
  "install.download.failed": "Retry in a moment; nothing was changed.",
  "install.download.too-large": "The release file is larger than a skill should be; ask the skill's author.",
  "install.download.cancelled": "Nothing was changed. Start the update again when you want it.",
  "install.download.checksum":
    "It may have been damaged on the way or changed since it was published; your installed copy is unchanged. Retry; if it happens again, tell the skill's author.",
  "install.source.unreadable": "Check that the file is there and readable, then try again.",
  "install.archive.invalid":
    "It may have been damaged on the way; Retry in a moment. Your installed copy is unchanged.",
  "install.archive.unsafe-entry":
    "Your installed copy is unchanged. Don't unpack this file by hand; the part of it that was refused is named below.",
  "install.archive.too-large": "Your installed copy is unchanged. The limit the file passed is named below.",
  "install.skill.not-found": "The release does not hold this skill; get the new version from the skill's page.",
  "install.skill.ambiguous":
    "The release holds several skills with this name; get the new version from the skill's page.",
  "install.skill.invalid":
    "The new version has errors, so it was not installed. Tell the skill's author; your installed copy is unchanged.",
  "install.skill.name-mismatch":
    "The download is a different skill, so it was not installed; get the new version from the skill's page.",
  "install.target.unsafe": "Nothing was changed. Update this copy by hand.",
  "install.swap.failed": "Nothing was changed. Retry; if it keeps failing, the details say what stood in the way.",
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
  "install.local-changes": "Look at the changes first; updating replaces your edits (a backup is kept).",
  "install.capabilities-added": "Update it on its own to see what it adds, then decide.",
};

/** What happened, in a person's words, where the step's own message is about a hostile or broken download, not the skill. */
const MESSAGE: Partial<Record<EngineErrorCode, string>> = {
  "install.archive.unsafe-entry": "This download is not safe to unpack; nothing was changed.",
  "install.archive.invalid":
    "This download is damaged or is not an archive, so it was not unpacked; nothing was changed.",
  "install.archive.too-large":
    "This download unpacks to more than a skill should hold, so it was not unpacked; nothing was changed.",
};

/** The cause of any failure: the step's own, else its code's, else the system error's, else unknown. */
export function causeOf(error: unknown): FailureCause {
  if (error instanceof EngineError) return error.failure;
  return causeOfErrno(error) ?? "unknown";
}

/** Any failure of an update step as a problem for people: what happened, what to do, the details and the cause. */
export function problemOf(error: unknown): UpdateProblem {
  const cause = causeOf(error);
  if (error instanceof PackRefusedError) {
    const lines = error.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code}: ${d.message}`);
    return {
      code: "install.pack.refused",
      cause,
      message: `The new version cannot be packed for Claude Desktop: ${error.message}`,
      advice: "Nothing was changed. Tell the skill's author; the details say what Claude Desktop would refuse.",
      detail: lines.join("\n") || error.message,
    };
  }
  if (error instanceof EngineError)
    return {
      code: error.code,
      cause,
      message: MESSAGE[error.code] ?? error.message,
      advice: ADVICE_OF_CAUSE[cause] ?? ADVICE[error.code] ?? "Nothing was changed.",
      detail: `${error.code}: ${error.message}${error.detail ? `\n${error.detail}` : ""}`,
    };
  const text = error instanceof Error ? error.message : String(error);
  if (cause === "disk-full")
    return {
      code: "install.disk-full",
      cause,
      message: "The disk is full.",
      advice: ADVICE_OF_CAUSE[cause]!,
      detail: text,
    };
  if (cause === "permission")
    return {
      code: "install.permission",
      cause,
      message: "Skillshelf is not allowed to write there.",
      advice: ADVICE_OF_CAUSE[cause]!,
      detail: text,
    };
  return {
    code: "install.failed",
    cause,
    message: "The update failed unexpectedly.",
    advice: "Nothing was changed. Try again; if it keeps failing, the details help a bug report.",
    detail: text,
  };
}

/** A problem the service itself decides (a refusal before any step ran), with its code and cause. */
export function refusal(code: EngineErrorCode, message: string, cause?: FailureCause): UpdateProblem {
  return problemOf(new EngineError(code, message, cause));
}
