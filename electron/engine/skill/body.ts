// Rules on the instructions (body) and the files they reference (RULES.md "Body and files").
import { MAX_BODY_LINES, MAX_BODY_TOKENS } from "../../../shared/limits";
import { estimateTokens } from "../../../shared/tokens";
import { quote, type DiagnosticSink } from "./diagnostics";
import type { SkillFileSet } from "./file-set";
import { classifyTarget, extractLinks, isMarkdownPath } from "./references";
import type { SkillReference } from "../../../shared/levels";

const MAX_REFERENCE_DIAGNOSTICS = 50;

/** Counts lines the way an editor shows them (a final newline does not start another line). */
export function countLines(text: string): number {
  if (text === "") return 0;
  let n = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return text.endsWith("\n") ? n - 1 : n;
}

/** Checks the body's size and emptiness. */
export function checkBody(body: string, bodyStartLine: number, sink: DiagnosticSink): void {
  if (body.trim() === "") {
    sink.add("skill.body.empty", "warning", "The skill has no instructions after the frontmatter.", "Write the instructions an agent should follow below the closing `---`.", { line: bodyStartLine });
    return;
  }
  const lines = countLines(body);
  if (lines > MAX_BODY_LINES) sink.add("skill.body.lines", "warning", `The instructions are ${lines} lines long; the specification recommends under ${MAX_BODY_LINES}.`, "Move detailed material into files under references/ and link to them.", { line: bodyStartLine });
  const tokens = estimateTokens(body);
  if (tokens > MAX_BODY_TOKENS) sink.add("skill.body.tokens", "warning", `The instructions are about ${tokens} tokens (an estimate: characters ÷ 4); the specification recommends under ${MAX_BODY_TOKENS}.`, "Move detailed material into files under references/ and link to them.", { line: bodyStartLine });
}

/** Checks every reference in the body against the file set and returns them for level 3. */
export async function checkReferences(body: string, bodyStartLine: number, files: SkillFileSet, sink: DiagnosticSink): Promise<SkillReference[]> {
  const references: SkillReference[] = [];
  const seen = new Set<string>();
  const chainChecked = new Set<string>();
  let reported = 0;
  const report = (...args: Parameters<DiagnosticSink["add"]>) => {
    if (reported++ < MAX_REFERENCE_DIAGNOSTICS) sink.add(...args);
  };
  for (const link of extractLinks(body, bodyStartLine)) {
    const target = classifyTarget(link.target);
    if (target.kind === "url" || target.kind === "anchor") continue;
    const key = `${link.line}:${link.column}:${link.target}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const at = { line: link.line, column: link.column };
    if (target.kind === "outside") {
      references.push({ target: link.target, line: link.line, exists: false, outside: true });
      report("skill.ref.outside", "error", `The instructions point at ${quote(link.target)}, which is ${target.absolute ? "an absolute path" : "outside the skill's folder"}; it cannot be served with the skill and breaks when the skill is installed elsewhere.`, "Copy the file into the skill's folder and link to it with a relative path such as `references/file.md`.", at);
      continue;
    }
    const kind = await files.kind(target.rel);
    if (kind === "outside") {
      references.push({ target: target.rel, line: link.line, exists: true, outside: true });
      report("skill.ref.outside", "error", `The instructions point at ${quote(target.rel)}, which is a link to a place outside the skill's folder.`, "Replace the link with a copy of the file inside the skill's folder.", at);
      continue;
    }
    references.push({ target: target.rel, line: link.line, exists: kind !== null, outside: false });
    if (kind === null) {
      report("skill.ref.missing", "warning", `The instructions point at ${quote(target.rel)}, but there is no such file in the skill's folder.`, "Add the file, or correct the path (paths are relative to the folder holding SKILL.md and are case-sensitive).", at);
      continue;
    }
    if (kind === "file" && isMarkdownPath(target.rel) && !chainChecked.has(target.rel)) {
      chainChecked.add(target.rel);
      const text = await files.readText(target.rel);
      if (text === null) continue;
      const further = extractLinks(text).map((l) => classifyTarget(l.target)).filter((t) => t.kind === "relative" || t.kind === "outside");
      if (further.length > 0) {
        const names = [...new Set(further.map((t) => ("rel" in t ? t.rel : t.kind === "outside" ? t.target : "")))].slice(0, 3);
        report("skill.ref.chain", "info", `${quote(target.rel)}, referenced here, itself points at further files (${names.map((n) => quote(n)).join(", ")}); agents may not follow chains of references.`, "Keep references one level deep: link the further files from SKILL.md directly, or fold them into the referenced file.", at);
      }
    }
  }
  return references;
}
