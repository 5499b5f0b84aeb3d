// Builds plugin diagnostics in one shape, and describes JSON values in messages.
import type { Diagnostic, Severity } from "../../../shared/model";
import type { TextPosition } from "./json-position";

export { quote } from "../skill/diagnostics";

/** What a diagnostic adds beyond its code, severity, file and message. */
export interface DiagnosticExtra {
  fix?: string;
  at?: TextPosition;
}

/** Makes a Diagnostic, leaving out the position and fix when they are unknown. */
export function diagnostic(
  code: string,
  severity: Severity,
  file: string,
  message: string,
  extra: DiagnosticExtra = {},
): Diagnostic {
  const result: Diagnostic = { code, severity, message, file };
  if (extra.at) {
    result.line = extra.at.line;
    result.column = extra.at.column;
  }
  if (extra.fix) result.fix = extra.fix;
  return result;
}

/** A JSON value's kind in plain words ("a number", "a list", "null"...). */
export function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return "a string";
  if (typeof value === "number") return "a number";
  if (typeof value === "boolean") return "a boolean";
  return typeof value;
}

/** True for a JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
