// The piece `validate` prints for each result in the formats a kept run can splice (text and JSON), and the marks that
// say where each piece lies in the bytes printed: one code for the whole run and the splice, so both print the same.
import type { ValidationResult } from "../../../shared/results";
import { severityCounts } from "../../../shared/ui-catalog";
import { jsonListItem } from "../json-list";
import { formatDiagnostics, plural, safe, shownPath } from "./report-format";

/** The formats whose output is a piece per result between text that does not depend on them (or is counted again). */
export const SPLICED_FORMATS = ["text", "json"] as const;
export type SplicedFormat = (typeof SPLICED_FORMATS)[number];

/** What the readable report's last line counts. */
export interface Totals {
  checked: number;
  invalid: number;
  error: number;
  warning: number;
  info: number;
}

/** A result's lines in the readable report, each ending in a line break, and its diagnostics counted by severity. */
export function readableBlock(
  result: ValidationResult,
  cwd: string,
): { text: string; counts: ReturnType<typeof severityCounts> } {
  const counts = severityCounts(result.diagnostics);
  const label = result.name ? `${result.kind} ${safe(result.name)}` : result.kind;
  const state = result.valid ? "valid" : "invalid";
  const notes = [
    counts.error && plural(counts.error, "error"),
    counts.warning && plural(counts.warning, "warning"),
    counts.info && plural(counts.info, "note"),
  ]
    .filter(Boolean)
    .join(", ");
  const lines = [
    `${state.padEnd(7)}  ${label} (${shownPath(result.path, cwd)})${notes ? ` — ${notes}` : ""}`,
    ...formatDiagnostics(result.diagnostics, cwd, "  "),
  ];
  return { text: lines.join("\n") + "\n", counts };
}

/** The readable report's end, after the last result: a blank line and the totals. */
export function readableTail(t: Totals): string {
  return `\n${t.checked} checked (${t.checked - t.invalid} valid, ${t.invalid} invalid): ${plural(t.error, "error")}, ${plural(t.warning, "warning")}, ${plural(t.info, "note")}.\n`;
}

/** The key of the JSON document's list of results. */
export const RESULTS_KEY = "results";

/** A result's text in the JSON document, as JsonListPrinter places it (before raw characters are escaped). */
export const jsonBlock = (result: ValidationResult): string => jsonListItem(RESULTS_KEY, result);

/**
 * Where each result's piece lies in the bytes a run prints, with its counts: five numbers and its validity per result
 * (run-index's PER_MARK), in the order printed. Spoiled when the text is changed after it was marked.
 */
export class RunMarks {
  private readonly numbers: number[] = [];
  private at = 0;
  private spoiled = false;

  /** Text printed outside any result's piece. */
  skip(text: string): void {
    this.at += Buffer.byteLength(text);
  }

  /** A result's piece, with its diagnostics counted. */
  piece(text: string, result: ValidationResult, counts = severityCounts(result.diagnostics)): void {
    const start = this.at;
    this.at += Buffer.byteLength(text);
    this.numbers.push(start, this.at, counts.error, counts.warning, counts.info, result.valid ? 1 : 0);
  }

  /** The printed text is not what was marked (escaped after the fact): there are no marks. */
  spoil(): void {
    this.spoiled = true;
  }

  /** The marks, or null when spoiled or past what 32 bits hold (no kept run is that large). */
  done(): Uint32Array | null {
    return this.spoiled || this.at > 0xffff_ffff ? null : Uint32Array.from(this.numbers);
  }
}
