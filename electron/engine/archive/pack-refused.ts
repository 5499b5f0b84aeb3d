// Why a skill was not packed: the error packSkill throws and the diagnostics it (and the Desktop rewrite) carries.
import type { Diagnostic } from "../../../shared/model";
import { EngineError } from "../errors";

/** A skill that cannot be packed (or would not pass the profile); `diagnostics` says why and what to change. */
export class PackRefusedError extends EngineError {
  override name = "PackRefusedError";
  constructor(
    message: string,
    readonly diagnostics: Diagnostic[],
  ) {
    super("pack.refused", message);
  }
}

/** A pack diagnostic: code, severity, the file it is about, what happened and (optionally) what to do. */
export const packDiagnostic = (
  code: string,
  severity: Diagnostic["severity"],
  file: string,
  message: string,
  fix?: string,
): Diagnostic => ({ code, severity, message, file, ...(fix ? { fix } : {}) });
