// The machine formats of `validate` that CI systems read: SARIF 2.1.0 (code scanning) and GitHub workflow annotations
// (JUnit and GitLab Code Quality are in validate-ci-reports.ts).
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Diagnostic, Severity } from "../../../shared/model";
import { escapeControl } from "../../../shared/terminal-text";
import type { TargetResult } from "../../engine/validate-target";
import { VERSION } from "../../engine/version";
import { diagnosticRules, plainText, ruleName, type DiagnosticRule } from "./diagnostic-rules";
import { relativeWhenInside } from "./report-format";
import { artifactPath } from "./validate-summary";

const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
const sarifLevel: Record<Severity, "error" | "warning" | "note"> = { error: "error", warning: "warning", info: "note" };

/**
 * A SARIF artifact location: inside the working folder a percent-encoded relative reference against SRCROOT, outside
 * it an absolute file:// URI with no base (both valid RFC 3986 references, whatever the file name holds).
 */
function artifactLocation(file: string, cwd: string): { uri: string; uriBaseId?: string } {
  const shown = relativeWhenInside(file, cwd);
  if (path.isAbsolute(shown)) return { uri: pathToFileURL(file).href };
  return { uri: shown.split(path.sep).map(encodeURIComponent).join("/"), uriBaseId: "SRCROOT" };
}

/** Every diagnostic once, in result order (a plugin's result already carries its skills'). */
export function allDiagnostics(results: readonly TargetResult[]): Diagnostic[] {
  return results.flatMap((r) => r.diagnostics);
}

/** The message a reader of an annotation needs: what is wrong, then how to fix it. */
export function fullText(d: Diagnostic): string {
  return d.fix ? `${d.message} Fix: ${d.fix}` : d.message;
}

/** The first sentence of a description (SARIF's shortDescription). */
function firstSentence(text: string): string {
  return /^(.+?[.!?])(?=\s|$)/.exec(text)?.[1] ?? text;
}

/** A SARIF reportingDescriptor for a code: name, descriptions and help from docs/diagnostics.md, never one result's text. */
function sarifRule(code: string, level: "error" | "warning" | "note", doc: DiagnosticRule | undefined): object {
  const meaning = doc ? plainText(doc.meaning) : `Skillshelf check ${code}.`;
  const fix = doc ? plainText(doc.fix) : "";
  return {
    id: code,
    name: ruleName(code),
    shortDescription: { text: firstSentence(meaning) },
    fullDescription: { text: meaning },
    ...(doc
      ? {
          help: {
            text: fix ? `${meaning} Fix: ${fix}` : meaning,
            markdown: doc.fix ? `${doc.meaning}\n\n**Fix:** ${doc.fix}` : doc.meaning,
          },
          helpUri: doc.helpUri,
        }
      : {}),
    defaultConfiguration: { level },
  };
}

/** SARIF 2.1.0 log with one run: a rule per code seen, a result per diagnostic with file, line and column. */
export function toSarif(results: readonly TargetResult[], cwd: string): object {
  const diagnostics = allDiagnostics(results);
  const ruleIds = [...new Set(diagnostics.map((d) => d.code))].sort();
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i]));
  const firstOf = new Map<string, Diagnostic>();
  for (const d of diagnostics) if (!firstOf.has(d.code)) firstOf.set(d.code, d);
  const docs = diagnosticRules();
  const root = pathToFileURL(cwd).href;
  return {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "skillshelf",
            version: VERSION,
            informationUri: "https://agentskills.io/specification",
            rules: ruleIds.map((id) => sarifRule(id, sarifLevel[firstOf.get(id)!.severity], docs.get(id))),
          },
        },
        originalUriBaseIds: { SRCROOT: { uri: root.endsWith("/") ? root : `${root}/` } },
        results: diagnostics.map((d) => ({
          ruleId: d.code,
          ruleIndex: ruleIndex.get(d.code),
          level: sarifLevel[d.severity],
          message: { text: fullText(d) },
          locations: [
            {
              physicalLocation: {
                artifactLocation: artifactLocation(d.file, cwd),
                region: { startLine: d.line ?? 1, ...(d.column ? { startColumn: d.column } : {}) },
              },
            },
          ],
        })),
      },
    ],
  };
}

/** Escapes an annotation's message as GitHub's workflow commands require (%, CR, LF); other controls become visible. */
function escapeData(text: string): string {
  return escapeControl(text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A"));
}

/** Escapes an annotation property (file, title) as GitHub's workflow commands require (also `:` and `,`). */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

const githubCommand: Record<Severity, "error" | "warning" | "notice"> = {
  error: "error",
  warning: "warning",
  info: "notice",
};

/** GitHub Actions workflow annotations, one line per diagnostic (`::error file=…,line=…,col=…,title=…::message`). */
export function toGithubAnnotations(results: readonly TargetResult[], cwd: string): string[] {
  return allDiagnostics(results).map((d) => {
    const props = [`file=${escapeProperty(artifactPath(d.file, cwd))}`];
    if (d.line) props.push(`line=${d.line}`);
    if (d.line && d.column) props.push(`col=${d.column}`);
    props.push(`title=${escapeProperty(d.code)}`);
    return `::${githubCommand[d.severity]} ${props.join(",")}::${escapeData(fullText(d))}`;
  });
}
