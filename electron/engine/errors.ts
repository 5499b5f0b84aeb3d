// The one error type at the engine's boundary: a stable code for tools, a sentence for people, the cause the page acts
// on (from the one map below unless the place that throws knows better) and the technical facts shown on demand.
import type { FailureCause } from "../../shared/model";

/** Codes of getting and applying an update (and of the problems an update step becomes). */
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
  | "install.data.untrusted"
  | "install.target.moved"
  | "install.kept.conflict"
  | "install.source.link-outside"
  | "install.capabilities-added";

/** Codes of adding, removing and sharing skills. */
export type ManageErrorCode =
  | "manage.source.invalid"
  | "manage.skill.choose"
  | "manage.conflict"
  | "manage.not-installed"
  | "manage.client.unknown"
  | "manage.not-confirmed";

/** Codes of the context budget's edits of a client's settings. */
export type BudgetErrorCode = "budget.settings.unusable" | "budget.settings.changed" | "budget.undo.none";

/** Codes of the engine's other refusals: packing, recipes, settings, writes, workers, openers, paths, tasks. */
export type OtherErrorCode =
  | "pack.refused"
  | "recipe.refused"
  | "settings.refused"
  | "write.symlink"
  | "write.not-regular"
  | "off-thread.memory"
  | "off-thread.time"
  | "off-thread.crash"
  | "tree.too-large"
  | "open.failed"
  | "path.missing"
  | "update.task-gone";

/** Codes of the handlers' own refusals (a path never shown, a folder gone, a dialog dismissed). */
export type AppErrorCode = "app.refused" | "app.not-found" | "app.cancelled" | "app.locked" | "app.invalid";

/** Every code an EngineError can carry, by area. */
export type EngineErrorCode = InstallErrorCode | ManageErrorCode | BudgetErrorCode | OtherErrorCode | AppErrorCode;

/** The cause each code stands for when the place that threw did not name one: the one code→cause map. */
const CAUSE_OF_CODE: Record<EngineErrorCode, FailureCause> = {
  "install.download.refused-url": "refused",
  "install.download.failed": "unknown",
  "install.download.too-large": "invalid",
  "install.download.cancelled": "cancelled",
  "install.download.checksum": "checksum",
  "install.source.unreadable": "not-found",
  "install.archive.invalid": "invalid",
  "install.archive.unsafe-entry": "invalid",
  "install.archive.too-large": "invalid",
  "install.skill.not-found": "not-found",
  "install.skill.ambiguous": "invalid",
  "install.skill.invalid": "invalid",
  "install.skill.name-mismatch": "invalid",
  "install.target.unsafe": "refused",
  "install.swap.failed": "unknown",
  "install.rollback.none": "not-found",
  "install.busy": "locked",
  "install.not-due": "refused",
  "install.not-updatable": "refused",
  "install.no-download": "not-found",
  "install.content.mismatch": "invalid",
  "install.local-changes": "changed-locally",
  "install.target.moved": "refused",
  "install.data.untrusted": "refused",
  "install.kept.conflict": "refused",
  "install.source.link-outside": "invalid",
  "install.capabilities-added": "refused",
  "manage.source.invalid": "invalid",
  "manage.skill.choose": "refused",
  "manage.conflict": "refused",
  "manage.not-installed": "not-found",
  "manage.client.unknown": "refused",
  "manage.not-confirmed": "cancelled",
  "budget.settings.unusable": "invalid",
  "budget.settings.changed": "changed-locally",
  "budget.undo.none": "not-found",
  "pack.refused": "invalid",
  "recipe.refused": "refused",
  "settings.refused": "refused",
  "write.symlink": "refused",
  "write.not-regular": "refused",
  "off-thread.memory": "invalid",
  "off-thread.time": "timeout",
  "off-thread.crash": "unknown",
  "tree.too-large": "invalid",
  "open.failed": "unknown",
  "path.missing": "not-found",
  "update.task-gone": "not-found",
  "app.refused": "refused",
  "app.not-found": "not-found",
  "app.cancelled": "cancelled",
  "app.locked": "locked",
  "app.invalid": "invalid",
};

/** Every code. Exported for tests: they check that each stands for a cause. */
export const ENGINE_ERROR_CODES = Object.keys(CAUSE_OF_CODE) as readonly EngineErrorCode[];

/** The cause a code stands for when the thrower named none. Exported for tests: they compare the page's cause with it. */
export function causeOfCode(code: EngineErrorCode): FailureCause {
  return CAUSE_OF_CODE[code];
}

/** A refused or failed engine step; `message` is a sentence a user understands, `failure` the cause the page acts on. */
export class EngineError extends Error {
  override name = "EngineError";
  /** The cause: the thrower's own when it knows better than the code (a download failed because offline), else the code's. */
  readonly failure: FailureCause;
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    failure?: FailureCause,
    /** The technical facts behind the sentence (a system error's code, two checksums), shown only on demand. */
    readonly detail?: string,
  ) {
    super(message);
    this.failure = failure ?? causeOfCode(code);
  }
}

/** The cause a file-system error code names (a full disk, a refused write), or undefined when it names none. */
export function causeOfErrno(error: unknown): FailureCause | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOSPC" || code === "EDQUOT") return "disk-full";
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") return "permission";
  return undefined;
}
