// Report formats other CI systems read: JUnit XML (Jenkins, GitLab, Azure Pipelines, CircleCI) and GitLab Code Quality
// (the Code Climate JSON subset GitLab shows in merge requests).
import { createHash } from "node:crypto";
import type { Diagnostic, Severity } from "../../../shared/model";
import type { TargetResult } from "../../engine/validate-target";
import { fullText } from "./validate-formats";
import { artifactPath } from "./validate-summary";

/**
 * Text as XML 1.0 character data or attribute value: markup characters as entities, characters XML cannot hold (C0
 * controls but tab and line breaks, lone surrogates, U+FFFE/U+FFFF) as visible `\uXXXX`, and those a terminal acts on
 * (DEL, C1, line separators, bidi controls) as character references, so the terminal guard finds nothing to rewrite.
 */
export function xmlText(text: string): string {
  return text
    .replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`)
    .replace(
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    )
    .replace(/[\r\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `&#x${c.charCodeAt(0).toString(16)};`);
}

/** Where a diagnostic is, as a reader of a CI log wants it: path:line:column. */
function where(d: Diagnostic, cwd: string): string {
  const file = artifactPath(d.file, cwd);
  return d.line !== undefined ? `${file}:${d.line}${d.column !== undefined ? `:${d.column}` : ""}` : file;
}

/**
 * JUnit XML: one test suite, one test case per checked skill, plugin, marketplace or archive (classname its kind), a
 * `<failure>` per error diagnostic, and the warnings and notes in the case's `<system-out>`.
 */
export function toJunit(results: readonly TargetResult[], cwd: string): string {
  const failed = results.filter((r) => r.diagnostics.some((d) => d.severity === "error")).length;
  const cases = results.map((r) => {
    const shown = artifactPath(r.path, cwd) || ".";
    const name = r.name ? `${r.name} (${shown})` : shown;
    const errors = r.diagnostics.filter((d) => d.severity === "error");
    const others = r.diagnostics.filter((d) => d.severity !== "error");
    const body = [
      ...errors.map(
        (d) =>
          `      <failure message="${xmlText(`[${d.code}] ${d.message}`)}" type="${xmlText(d.code)}">${xmlText(`${where(d, cwd)}: ${fullText(d)}`)}</failure>`,
      ),
      ...(others.length > 0
        ? [
            `      <system-out>${xmlText(others.map((d) => `${d.severity} ${where(d, cwd)}: ${fullText(d)} [${d.code}]`).join("\n"))}</system-out>`,
          ]
        : []),
    ];
    const open = `    <testcase classname="skillshelf.${xmlText(r.kind)}" name="${xmlText(name)}" file="${xmlText(shown)}"`;
    return body.length > 0 ? `${open}>\n${body.join("\n")}\n    </testcase>` : `${open}/>`;
  });
  const counts = `tests="${results.length}" failures="${failed}" errors="0" skipped="0"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="skillshelf validate" ${counts}>`,
    `  <testsuite name="skillshelf validate" ${counts} time="0">`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

const gitlabSeverity: Record<Severity, "major" | "minor" | "info"> = { error: "major", warning: "minor", info: "info" };

/** One GitLab Code Quality issue (the fields GitLab reads of the Code Climate format). */
export interface CodeQualityIssue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: "info" | "minor" | "major" | "critical" | "blocker";
  location: { path: string; lines: { begin: number } };
}

/**
 * GitLab Code Quality: an issue per diagnostic. The fingerprint hashes the code, path and message (not the line, so an
 * edit above a finding does not make it new), plus an occurrence number when the same finding repeats in one file.
 */
export function toGitlabCodeQuality(results: readonly TargetResult[], cwd: string): CodeQualityIssue[] {
  const seen = new Map<string, number>();
  return results
    .flatMap((r) => r.diagnostics)
    .map((d) => {
      const file = artifactPath(d.file, cwd);
      const key = JSON.stringify([d.code, file, d.message]);
      const occurrence = (seen.get(key) ?? 0) + 1;
      seen.set(key, occurrence);
      const fingerprint = createHash("sha256").update(`${key}#${occurrence}`).digest("hex").slice(0, 32);
      return {
        description: fullText(d),
        check_name: d.code,
        fingerprint,
        severity: gitlabSeverity[d.severity],
        location: { path: file, lines: { begin: d.line ?? 1 } },
      };
    });
}
