// Readable output shared by validate, prompt and levels: paths shown relative to the working folder, diagnostics grouped by file.
// Every untrusted string goes through `safe` (one line) or `safeBlock` (several lines) before it is printed.
import path from "node:path";
import type { Diagnostic, Severity } from "../../../shared/model";
import { escapeControl } from "../../../shared/terminal-text";

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Untrusted text (a name, a path, a server's answer) on one line of a terminal: every control character and line break escaped. */
export function safe(text: string | null | undefined): string {
  return escapeControl(text ?? "");
}

/** Untrusted text printed as a block of lines: line feeds and tabs kept, every other control character escaped. */
export function safeBlock(text: string): string {
  return escapeControl(text, { keepNewlines: true });
}

/** A path with a `.` or `..` name, an empty name (`//`) or a trailing `/`: path.relative would normalise it. */
const UNPLAIN = /(?:^|\/)\.{0,2}(?:\/|$)/;

/** A path relative to cwd when it lies below it, else absolute (unescaped: the machine formats use it too). */
export function relativeWhenInside(file: string, cwd: string): string {
  // The usual case, a plain path under a plain cwd, without path.relative's normalising of both.
  if (path.sep === "/" && file.startsWith(cwd) && file[cwd.length] === "/" && cwd.length > 1) {
    const rel = file.slice(cwd.length + 1);
    if (!UNPLAIN.test(rel) && !UNPLAIN.test(cwd.slice(1))) return rel && !rel.startsWith("..") ? rel : file;
  }
  const rel = path.relative(cwd, file);
  return rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : file;
}

/** relativeWhenInside, escaped for a terminal (file names are untrusted). */
export function shownPath(file: string, cwd: string): string {
  return safe(relativeWhenInside(file, cwd));
}

/** "1 error", "2 warnings". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Diagnostics grouped by file (first-seen order), each group sorted severity first, then by line. */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], cwd: string, indent = "  "): string[] {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    const group = byFile.get(d.file) ?? [];
    group.push(d);
    byFile.set(d.file, group);
  }
  const lines: string[] = [];
  for (const [file, group] of byFile) {
    const shown = shownPath(file, cwd);
    lines.push(`${indent}${shown}`);
    group.sort(
      (a, b) =>
        SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
        (a.line ?? 0) - (b.line ?? 0) ||
        (a.column ?? 0) - (b.column ?? 0),
    );
    for (const d of group) {
      const where = d.line !== undefined ? `${shown}:${d.line}${d.column !== undefined ? `:${d.column}` : ""}` : shown;
      lines.push(`${indent}  ${d.severity.padEnd(7)}  ${where}  ${safe(d.message)} [${safe(d.code)}]`);
      if (d.fix) lines.push(`${indent}  ${" ".repeat(7)}  fix: ${safe(d.fix)}`);
    }
  }
  return lines;
}
