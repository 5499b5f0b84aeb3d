// Paths to the skill's own files written as inline code (`references/guide.md`): a model opens them as it would a
// link, so one that names no file in the folder is reported (`skill.ref.path-missing`).
import { quote, type DiagnosticSink } from "./diagnostics";
import type { SkillFileSet } from "./file-set";
import { classifyTarget } from "./references";
import type { SkillReference } from "../../../shared/levels";

/** One path found in an inline code span. */
export interface CodePath {
  /** The text between the backticks. */
  text: string;
  /** The path relative to the skill's folder. */
  rel: string;
  line: number;
  column: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** One inline code span of single backticks (the common way to write a path). */
const SPAN = /(?<!`)`([^`\n]+)`(?!`)/g;
/** A folder and a file with an extension, optionally after `./` or a placeholder clients expand to the skill's folder. */
const PATH_LIKE = /^(?:\.\/|\{baseDir\}\/|\$\{CLAUDE_SKILL_DIR\}\/)?(?:[\w.-]+\/)+[\w-][\w.-]*\.[A-Za-z0-9]{1,8}$/;
/** The folders the specification names for a skill's own files. */
const SKILL_FOLDERS = new Set(["references", "scripts", "assets"]);
const MAX_CODE_PATHS = 200;

/**
 * Inline code spans outside fenced code whose whole text is a relative path into a folder (never a URL or `..`).
 * Exported for tests: they check the extraction alone.
 */
export function extractCodePaths(markdown: string, firstLine = 1): CodePath[] {
  const found: CodePath[] = [];
  if (!markdown.includes("`")) return found;
  let fence: string | null = null;
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length && found.length < MAX_CODE_PATHS; i++) {
    const line = lines[i]!.replace(/\r$/, "");
    const open = FENCE.exec(line);
    if (fence) {
      if (open && open[1]![0] === fence[0] && open[1]!.length >= fence.length && line.trim() === open[1]) fence = null;
      continue;
    }
    if (open) {
      fence = open[1]!;
      continue;
    }
    if (/^(?: {4}|\t)/.test(line) && (i === 0 || lines[i - 1]!.trim() === "")) continue;
    SPAN.lastIndex = 0;
    for (let m = SPAN.exec(line); m; m = SPAN.exec(line)) {
      const text = m[1]!.trim();
      if (!PATH_LIKE.test(text) || /(?:^|\/)\.{1,2}(?:\/|$)/.test(text.replace(/^\.\//, ""))) continue;
      const target = classifyTarget(text);
      if (target.kind !== "relative") continue;
      found.push({ text, rel: target.rel, line: firstLine + i, column: m.index + m[0].indexOf(text) + 1 });
    }
  }
  return found;
}

/**
 * Reports code-span paths into the skill's folders that name no file, and returns every such path as a level-3
 * reference. A path counts when its first folder is one the specification names (references/, scripts/, assets/) or
 * one the skill has, so a path into the user's own project (`src/index.ts`) is not taken for the skill's file.
 * `linked` holds the relative paths links already reported, so one file is not reported twice.
 */
export async function checkCodePaths(
  body: string,
  bodyStartLine: number,
  files: SkillFileSet,
  sink: DiagnosticSink,
  linked: ReadonlySet<string>,
): Promise<SkillReference[]> {
  const references: SkillReference[] = [];
  const reported = new Set<string>();
  for (const found of extractCodePaths(body, bodyStartLine)) {
    if (linked.has(found.rel)) continue;
    const first = found.rel.split("/")[0]!;
    if (!SKILL_FOLDERS.has(first) && (await files.kind(first)) !== "dir") continue;
    const kind = await files.kind(found.rel);
    if (kind === "outside") continue;
    references.push({ target: found.rel, line: found.line, exists: kind !== null, outside: false });
    if (kind !== null || reported.has(found.rel)) continue;
    reported.add(found.rel);
    sink.add(
      "skill.ref.path-missing",
      "warning",
      `The instructions name ${quote(found.rel)}, but there is no such file in the skill's folder; a model told to read it will find nothing.`,
      "Add the file, or correct the path (paths are relative to the folder holding SKILL.md and are case-sensitive).",
      { line: found.line, column: found.column },
    );
  }
  return references;
}
