// The one error type of getting and applying an update: a stable code for tools, a sentence for people, and the cause
// when the place that throws knows better than the code (a download that failed because the network is down).
import type { FailureCause } from "../../../shared/model";

/** Codes of install failures; each names what went wrong, not where in the code. */
export type InstallErrorCode =
  | "install.download.refused-url"
  | "install.download.failed"
  | "install.download.too-large"
  | "install.download.cancelled"
  | "install.download.checksum"
  | "install.source.unreadable"
  | "install.archive.invalid"
  | "install.archive.unsafe-entry"
  | "install.archive.too-large"
  | "install.skill.not-found"
  | "install.skill.ambiguous"
  | "install.skill.invalid"
  | "install.skill.name-mismatch"
  | "install.target.unsafe"
  | "install.swap.failed"
  | "install.rollback.none"
  | "install.busy"
  | "install.not-due"
  | "install.not-updatable"
  | "install.no-download"
  | "install.content.mismatch"
  | "install.local-changes"
  | "install.capabilities-added"
  | "install.data.untrusted"
  | "install.target.moved"
  | "install.kept.conflict"
  | "install.source.link-outside"
  | "manage.source.invalid"
  | "manage.skill.choose"
  | "manage.conflict"
  | "manage.not-installed"
  | "manage.client.unknown"
  | "manage.not-confirmed";

/** A refused or failed install step; `message` is a sentence a user understands. */
export class InstallError extends Error {
  override name = "InstallError";
  constructor(
    readonly code: InstallErrorCode,
    message: string,
    /** The cause, when the code alone does not say it (install.download.failed: offline, not found, rate-limited…). */
    readonly failure?: FailureCause,
    /** The technical facts behind the sentence (a system error's code, two checksums), shown only on demand. */
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** The cause a file-system error code names (a full disk, a refused write), or undefined when it names none. */
export function causeOfErrno(error: unknown): FailureCause | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOSPC" || code === "EDQUOT") return "disk-full";
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") return "permission";
  return undefined;
}
