// What each diagnostic code means, read from docs/diagnostics.md at run time (the checkout and the package both ship
// it), so SARIF rules carry the same generic description and fix a reader finds in the document.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** One documented code: its row's cells and the URI of its section in the document. */
export interface DiagnosticRule {
  code: string;
  severity: string;
  meaning: string;
  fix: string;
  helpUri: string;
}

/** The document is ours, but a cap still bounds the parse. */
const MAX_DOC_BYTES = 2 * 1024 * 1024;
const ROW = /^\| `([^`]+)` \|/;

/**
 * GitHub's anchor for a heading: lowercase, punctuation dropped, spaces turned into hyphens.
 * Exported for tests: they check each helpUri names a heading of the document.
 */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

/** Splits a Markdown table row on unescaped pipes, unescaping `\|` inside cells. */
function cells(line: string): string[] {
  return line
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((cell) => cell.trim().replace(/\\\|/g, "|"));
}

/** Parses the document's tables: every row whose first cell is a code, with the anchor of the section above it. */
export function parseDiagnosticsDoc(text: string, docUri: string): Map<string, DiagnosticRule> {
  const rules = new Map<string, DiagnosticRule>();
  let anchor = "";
  for (const line of text.split("\n")) {
    const heading = /^#{1,6} (.+)$/.exec(line);
    if (heading) {
      anchor = headingAnchor(heading[1]!);
      continue;
    }
    const row = ROW.exec(line);
    if (!row || rules.has(row[1]!)) continue;
    const [, severity = "", meaning = "", fix = ""] = cells(line);
    rules.set(row[1]!, { code: row[1]!, severity, meaning, fix, helpUri: anchor ? `${docUri}#${anchor}` : docUri });
  }
  return rules;
}

/** docs/diagnostics.md beside the running code: up from this module (dist/cli in a build, the source in tests). */
function findDoc(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, "docs", "diagnostics.md");
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return null;
}

let cached: Map<string, DiagnosticRule> | undefined;

/** The documented rules by code; empty when the document is not there (a rule then falls back to its code). */
export function diagnosticRules(): Map<string, DiagnosticRule> {
  if (cached) return cached;
  const doc = findDoc();
  cached = new Map();
  if (doc) {
    const bytes = readFileSync(doc);
    if (bytes.length <= MAX_DOC_BYTES) cached = parseDiagnosticsDoc(bytes.toString("utf8"), pathToFileURL(doc).href);
  }
  return cached;
}

/** Markdown inline code and emphasis as plain text, for the SARIF fields read as text. */
export function plainText(markdown: string): string {
  return markdown.replace(/`([^`]*)`/g, "$1").replace(/\*\*([^*]+)\*\*/g, "$1");
}

/** A rule's name as SARIF tools expect it (PascalCase, distinct from the dotted id): skill.name.uppercase → SkillNameUppercase. */
export function ruleName(code: string): string {
  return code
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("");
}
