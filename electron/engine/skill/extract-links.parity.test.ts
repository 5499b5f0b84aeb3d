// The single-pass link extractor must return exactly what the extractor before it returned: the old one is kept
// here as the oracle, and generated Markdown (code spans, fences, lists, indented code, nested and reference links,
// CRLF) is run through both.
import fc from "fast-check";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { extractLinks } from "./references";

/** One link or image target, as the old extractor returned it. */
interface OracleLink {
  target: string;
  line: number;
  column: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:\s|$)/;
const INLINE_LINK =
  /!?\[((?:[^[\]\\\n]|\\.|\[(?:[^[\]\\\n]|\\.)*\])*)\]\(\s*(<[^<>\n]*>|(?:[^\s()\\]|\\.|\((?:[^\s()\\]|\\.)*\))*)(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?\s*\)/g;
// A footnote definition (`[^1]: text`) is not a link definition, hence the `(?!\^)`.
const DEFINITION = /^ {0,3}\[(?!\^)((?:[^[\]\\]|\\.)+)\]:\s*(<[^<>\n]*>|\S+)/;

/** Blanks out inline code spans so links inside them are not seen, keeping columns. */
function blankCodeSpans(line: string): string {
  return line.replace(/(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g, (m) => " ".repeat(m.length));
}

/**
 * Lists link and image targets outside fenced and indented code blocks and inline code.
 * `firstLine` is the line number of the text's first line in its file.
 */
function extractLinksBefore(markdown: string, firstLine = 1): OracleLink[] {
  const links: OracleLink[] = [];
  if (!markdown.includes("](") && !markdown.includes("]:")) return links;
  const lines = markdown.split("\n");
  let fence: string | null = null;
  let previousBlank = true;
  let inList = false;
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? "").replace(/\r$/, "");
    if (fence) {
      const close = FENCE.exec(line);
      if (close && close[1]![0] === fence[0] && close[1]!.length >= fence.length && line.trim() === close[1])
        fence = null;
      continue;
    }
    const open = FENCE.exec(line);
    if (open && !(open[1]![0] === "`" && line.slice(line.indexOf(open[1]!) + open[1]!.length).includes("`"))) {
      fence = open[1]!;
      previousBlank = false;
      continue;
    }
    const blank = line.trim() === "";
    if (!blank && /^(?: {4}|\t)/.test(line) && previousBlank && !inList) {
      continue;
    }
    if (!blank) {
      if (LIST_ITEM.test(line)) inList = true;
      else if (!/^\s/.test(line)) inList = false;
    }
    previousBlank = blank;
    if (blank || (!line.includes("](") && !line.includes("]:"))) continue;
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
      for (const link of extractLinksBefore(inner.text, firstLine + i))
        links.push({ ...link, column: link.column + inner.column });
    }
  }
  return links;
}

const PIECES = [
  "[a](a.md)",
  '![i](img/x.png "t")',
  "[n [in](in.md)](out.md)",
  "[d]: defs/d.md",
  "[^1]: note",
  "`code [c](c.md)`",
  "``x`` [e](e.md)",
  "\\[esc](esc.md)",
  "[ang](<my file.md>)",
  "[p](a_(1).md)",
  "```",
  "~~~~",
  "```js",
  "    [ind](ind.md)",
  "\t[tab](tab.md)",
  "- item",
  "1. item",
  "+ plus",
  "* star",
  "12) paren",
  "   - deep",
  "\u00a0nbsp [n](n.md)",
  "\u3000wide",
  "é [e](e.md)",
  "  continued [l](l.md)",
  "",
  " ",
  "text",
  "\r",
  "]( ",
  "]:",
  "[x](",
  "`",
  "``",
  "  ```",
  "    ```",
  "[u](https://x.y/z)",
  "[h](#anchor)",
  "`[s](s.md)``",
  "``[t](t.md)`",
  "a`b``c",
  "```[v](v.md)``",
  "`` ` ``",
  "`x`",
];

describe("extractLinks, single pass", () => {
  it("returns exactly what the previous extractor returned on generated Markdown", () => {
    const line = fc
      .tuple(fc.array(fc.constantFrom(...PIECES), { maxLength: 7 }), fc.constantFrom(" ", "", "  "))
      .map(([parts, separator]) => parts.join(separator));
    const doc = fc.tuple(
      fc.array(line, { maxLength: 25 }),
      fc.constantFrom("\n", "\r\n"),
      fc.integer({ min: 1, max: 50 }),
    );
    fc.assert(
      fc.property(doc, ([lines, eol, first]) => {
        const md = lines.join(eol);
        expect(extractLinks(md, first)).toEqual(extractLinksBefore(md, first));
      }),
      { numRuns: 3000 },
    );
  });

  it("blanks inline code exactly as before: random backtick runs around links", () => {
    const noise = fc.string({ unit: fc.constantFrom("`", "`", "a", " ", "[", "]", "(", ")", "\\"), maxLength: 14 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(noise, fc.constantFrom("[z](z.md)", "![y](y.png)", "[n [m](m.md)](o.md)")), { maxLength: 4 }),
        noise,
        (parts, tail) => {
          const md = parts.map(([a, b]) => a + b).join("") + tail;
          expect(extractLinks(md)).toEqual(extractLinksBefore(md));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("returns exactly what the previous extractor returned on every Markdown file of the repository's fixtures and docs", () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    const files = [
      ...readdirSync(path.join(root, "electron"), { recursive: true, encoding: "utf8" }).map((f) =>
        path.join("electron", f),
      ),
      ...readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" }).map((f) => path.join("docs", f)),
      "README.md",
    ].filter((f) => /\.(md|mdx|markdown)$/i.test(f));
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const md = readFileSync(path.join(root, file), "utf8");
      expect(extractLinks(md, 3), file).toEqual(extractLinksBefore(md, 3));
    }
  });
});
