// Builds discovery diagnostics with their stable codes.
import type { Diagnostic, Severity } from "../../../shared/model";
import type { DiscoveryCode } from "./codes";

/** One discovery diagnostic: a code from codes.ts, a plain sentence, the file and what to do. */
export function discoveryDiagnostic(
  code: DiscoveryCode,
  severity: Severity,
  file: string,
  message: string,
  fix?: string,
): Diagnostic {
  return fix ? { code, severity, message, file, fix } : { code, severity, message, file };
}
