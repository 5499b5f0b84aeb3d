// Finds the file references in Markdown instructions: link and image targets outside code, without a full parser.
import path from "node:path";

/** One link or image target found in Markdown text. */
export interface MarkdownLink {
  target: string;
  /** 1-based line in the text given. */
  line: number;
  /** 1-based column of the target. */
  column: number;
}

/** A link target classified for level 3. */
export type ClassifiedTarget =
  | { kind: "url" }
  | { kind: "anchor" }
  | { kind: "outside"; target: string; absolute: boolean }
  | { kind: "relative"; target: string; rel: string }
  /** `${CLAUDE_PLUGIN_ROOT}/rel`: a path from the root of the plugin that holds the skill. */
  | { kind: "plugin-root"; target: string; rel: string };

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:\s|$)/;
const INLINE_LINK =
  /!?\[((?:[^[\]\\\n]|\\.|\[(?:[^[\]\\\n]|\\.)*\])*)\]\(\s*(<[^<>\n]*>|(?:[^\s()\\]|\\.|\((?:[^\s()\\]|\\.)*\))*)(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?\s*\)/g;
// A footnote definition (`[^1]: text`) is not a link definition, hence the `(?!\^)`.
const DEFINITION = /^ {0,3}\[(?!\^)((?:[^[\]\\]|\\.)+)\]:\s*(<[^<>\n]*>|\S+)/;
/** Placeholders clients expand to the skill's own folder (Claude's `{baseDir}`, Claude Code's `${CLAUDE_SKILL_DIR}`). */
const SKILL_DIR_PLACEHOLDER = /^(?:\{baseDir\}|\$\{CLAUDE_SKILL_DIR\}|\$CLAUDE_SKILL_DIR)(?=\/|$)/;
/** Claude Code's placeholder for the root of the plugin that holds the skill. */
const PLUGIN_ROOT_PLACEHOLDER = /^(?:\$\{CLAUDE_PLUGIN_ROOT\}|\$CLAUDE_PLUGIN_ROOT)(?=\/|$)/;

/** End of the run of backticks starting at `from`. */
function backtickRunEnd(line: string, from: number): number {
  let end = from;
  while (line.charCodeAt(end) === 96) end++;
  return end;
}

/**
 * Blanks out inline code spans so links inside them are not seen, keeping columns. A scan that matches exactly what
 * /(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g matched: from each backtick (also inside a run, as the regex retries there), the
 * span closes at the first later run of exactly as many backticks, with at least one character between.
 */
function blankCodeSpans(line: string): string {
  let out = "";
  let last = 0;
  let p = line.indexOf("`");
  while (p !== -1) {
    const n = backtickRunEnd(line, p) - p;
    let close = -1;
    for (let q = p + n + 1; q < line.length;) {
      const k = line.indexOf("`", q);
      if (k === -1) break;
      const e = backtickRunEnd(line, k);
      if (e - k === n) {
        close = k;
        break;
      }
      q = e;
    }
    if (close === -1) {
      p = line.charCodeAt(p + 1) === 96 ? p + 1 : line.indexOf("`", p + 1);
      continue;
    }
    out += line.slice(last, p) + " ".repeat(close + n - p);
    last = close + n;
    p = line.indexOf("`", last);
  }
  return last === 0 ? line : out + line.slice(last);
}

/** Index of the first character after up to `max` leading spaces. */
function indentEnd(line: string, max: number): number {
  let k = 0;
  while (k < max && line.charCodeAt(k) === 32) k++;
  return k;
}

/** Whether the line can open or close a fence (``` or ~~~ after at most three spaces): a cheap test before the regex. */
function mayBeFence(line: string): boolean {
  const c = line.charCodeAt(indentEnd(line, 3));
  return c === 96 || c === 126;
}

const NON_BLANK = /\S/;

/**
 * Lists link and image targets outside fenced and indented code blocks and inline code.
 * `firstLine` is the line number of the text's first line in its file. One pass over the text: lines are sliced in
 * place, and the regexes run only on lines that can hold what they look for.
 */
export function extractLinks(markdown: string, firstLine = 1): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  if (!markdown.includes("](") && !markdown.includes("]:")) return links;
  let fence: string | null = null;
  let previousBlank = true;
  let inList = false;
  for (let i = 0, start = 0; start <= markdown.length; i++) {
    let end = markdown.indexOf("\n", start);
    if (end === -1) end = markdown.length;
    let line = markdown.slice(start, end);
    start = end + 1;
    if (line.endsWith("\r")) line = line.slice(0, -1);
    if (fence) {
      const close = mayBeFence(line) ? FENCE.exec(line) : null;
      if (close && close[1]![0] === fence[0] && close[1]!.length >= fence.length && line.trim() === close[1])
        fence = null;
      continue;
    }
    const open = mayBeFence(line) ? FENCE.exec(line) : null;
    if (open && !(open[1]![0] === "`" && line.slice(line.indexOf(open[1]!) + open[1]!.length).includes("`"))) {
      fence = open[1]!;
      previousBlank = false;
      continue;
    }
    // Most lines start with a printable ASCII character: then they are not blank, do not start with whitespace, and
    // only a list marker (-, *, + or a digit) can make them a list item, so the regexes run only on the rest.
    const first = line.charCodeAt(0);
    const plainStart = first > 32 && first < 127;
    const blank = !plainStart && !NON_BLANK.test(line);
    if (!blank) {
      if (previousBlank && !inList && (first === 9 || (first === 32 && indentEnd(line, 4) === 4))) continue;
      const marker = plainStart ? first : line.charCodeAt(indentEnd(line, 3));
      if ((marker === 45 || marker === 42 || marker === 43 || (marker >= 48 && marker <= 57)) && LIST_ITEM.test(line))
        inList = true;
      else if (plainStart || !/^\s/.test(line)) inList = false;
    }
    previousBlank = blank;
    if (blank || !line.includes("]") || (!line.includes("](") && !line.includes("]:"))) continue;
    const visible = line.includes("`") ? blankCodeSpans(line) : line;
    const definition = DEFINITION.exec(visible);
    if (definition) {
      const target = definition[2]!;
      links.push({
        target,
        line: firstLine + i,
        column: visible.indexOf(target, definition[0].length - target.length) + 1,
      });
      continue;
    }
    const nested: Array<{ text: string; column: number }> = [];
    INLINE_LINK.lastIndex = 0;
    let match: RegExpExecArray | null;
    while ((match = INLINE_LINK.exec(visible))) {
      if (match.index > 0 && visible[match.index - 1] === "\\") continue;
      const target = match[2] ?? "";
      const textStart = match.index + (match[0].startsWith("!") ? 2 : 1);
      const column = visible.indexOf(target, match.index + match[0].indexOf("](") + 2) + 1;
      if (target !== "") links.push({ target, line: firstLine + i, column });
      const inner = match[1] ?? "";
      if (inner.includes("](")) nested.push({ text: inner, column: textStart });
    }
    for (const inner of nested) {
      for (const link of extractLinks(inner.text, firstLine + i))
        links.push({ ...link, column: link.column + inner.column });
    }
  }
  return links;
}

/** Recent classifications: skills link to the same few files dozens of times, and classifying is pure. */
const classified = new Map<string, Readonly<ClassifiedTarget>>();
const MAX_CLASSIFIED = 4096;

/** Decides whether a link target is a URL, an anchor, a path out of the folder, or a relative file path (shared, frozen results). */
export function classifyTarget(rawTarget: string): Readonly<ClassifiedTarget> {
  let result = classified.get(rawTarget);
  if (!result) {
    if (classified.size >= MAX_CLASSIFIED) classified.clear();
    result = Object.freeze(classifyUncached(rawTarget));
    classified.set(rawTarget, result);
  }
  return result;
}

function classifyUncached(rawTarget: string): ClassifiedTarget {
  let target = rawTarget.trim();
  if (target.startsWith("<") && target.endsWith(">")) target = target.slice(1, -1).trim();
  if (target === "" || target.startsWith("#")) return { kind: "anchor" };
  if (target.startsWith("//") || /^[a-zA-Z][a-zA-Z0-9+.-]+:/.test(target)) return { kind: "url" };
  let pathPart = target.replace(/[?#].*$/, "");
  try {
    pathPart = decodeURIComponent(pathPart);
  } catch {
    // A stray % stays literal.
  }
  pathPart = pathPart.replace(/\\([!-/:-@[-`{-~])/g, "$1");
  if (pathPart === "") return { kind: "anchor" };
  if (PLUGIN_ROOT_PLACEHOLDER.test(pathPart)) {
    const rest = path.posix.normalize("." + pathPart.replace(PLUGIN_ROOT_PLACEHOLDER, "").replace(/\\/g, "/"));
    if (rest === ".." || rest.startsWith("../")) return { kind: "outside", target, absolute: false };
    return { kind: "plugin-root", target, rel: rest.replace(/^\.\/?/, "").replace(/\/$/, "") };
  }
  pathPart = pathPart.replace(SKILL_DIR_PLACEHOLDER, ".");
  if (pathPart.includes("\u0000")) return { kind: "outside", target, absolute: false };
  if (pathPart.startsWith("/") || pathPart.startsWith("\\") || pathPart.startsWith("~/") || /^[a-zA-Z]:/.test(pathPart))
    return { kind: "outside", target, absolute: true };
  const normal = path.posix.normalize(pathPart.replace(/\\/g, "/"));
  if (normal === ".." || normal.startsWith("../")) return { kind: "outside", target, absolute: false };
  const rel = normal.replace(/^\.\/?/, "").replace(/\/$/, "");
  if (rel === "" || rel === ".") return { kind: "anchor" };
  return { kind: "relative", target, rel };
}

/** True for a file whose references a reader would follow further (Markdown). */
export function isMarkdownPath(rel: string): boolean {
  return /\.(md|markdown|mdx)$/i.test(rel);
}
