// Builds diagnostics for skill rules and collects them, so every rule file reports the same way.
import type { Diagnostic, Severity } from "../../../shared/model";

/** Where in a file a finding sits (1-based). */
export interface Position {
  line?: number;
  column?: number;
}

/** Collects diagnostics for one file; rule functions call `add` with a code, severity, message and fix. */
export class DiagnosticSink {
  readonly items: Diagnostic[] = [];

  constructor(readonly file: string) {}

  /** Records one finding; `at` defaults to no line, `file` to the sink's file. */
  add(
    code: string,
    severity: Severity,
    message: string,
    fix: string | undefined,
    at: Position = {},
    file: string = this.file,
  ): void {
    const diagnostic: Diagnostic = { code, severity, message, file };
    if (at.line !== undefined) diagnostic.line = at.line;
    if (at.column !== undefined) diagnostic.column = at.column;
    if (fix) diagnostic.fix = fix;
    this.items.push(diagnostic);
  }
}

/** True when no diagnostic is an error. */
export function hasNoErrors(diagnostics: readonly Diagnostic[]): boolean {
  return !diagnostics.some((d) => d.severity === "error");
}

/** Quotes a value for a message, shortened so a huge value does not flood the output. */
export function quote(value: string, max = 80): string {
  const chars = [...value];
  const shown = chars.length > max ? chars.slice(0, max).join("") + "…" : value;
  return JSON.stringify(shown);
}
