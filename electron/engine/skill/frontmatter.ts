// Splits SKILL.md into frontmatter and body by whole lines, and parses the frontmatter YAML with positions.
import type { Document, Node, Pair, visit } from "yaml";
import type { DiagnosticSink } from "./diagnostics";
import type { FrontmatterEntry, ParsedFrontmatter } from "./frontmatter-types";
import { parseSimpleFrontmatter } from "./simple-frontmatter";
import { safeString } from "./value-text";
import { yamlLimitProblem } from "./yaml-limits";
import { isAlias, isCollection, isMap, isNode, isScalar, isSeq, loadYaml } from "./yaml-nodes";

export type { FrontmatterEntry, ParsedFrontmatter } from "./frontmatter-types";

/** SKILL.md cut at its `---` lines. */
export type FrontmatterSplit =
  | { ok: true; yaml: string; body: string; bodyStartLine: number; closingLine: number }
  | { ok: false; reason: "missing" | "unclosed" };

/** True for a delimiter line: `---` with optional trailing spaces (CR already removed). */
function isDelimiter(line: string): boolean {
  return /^---[ \t]*$/.test(line);
}

/**
 * Splits text into frontmatter and body: the first line must be `---`, the frontmatter runs to the
 * next whole `---` line. Line endings may be LF or CRLF; the body keeps its original bytes.
 */
export function splitFrontmatter(text: string): FrontmatterSplit {
  let offset = 0;
  let lineNo = 0;
  const yamlLines: string[] = [];
  while (offset <= text.length) {
    const newline = text.indexOf("\n", offset);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(offset, end).replace(/\r$/, "");
    lineNo++;
    if (lineNo === 1) {
      if (!isDelimiter(line)) return { ok: false, reason: "missing" };
    } else if (isDelimiter(line)) {
      const bodyOffset = newline < 0 ? text.length : newline + 1;
      return {
        ok: true,
        yaml: yamlLines.join("\n"),
        body: text.slice(bodyOffset),
        bodyStartLine: lineNo + 1,
        closingLine: lineNo,
      };
    } else {
      yamlLines.push(line);
    }
    if (newline < 0) break;
    offset = newline + 1;
  }
  return { ok: false, reason: "unclosed" };
}

const MAX_REPORTED = 10;

/** The text of the line holding `offset` (to name the key an error is about). */
function lineAt(text: string, offset: number): string {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  const end = text.indexOf("\n", offset);
  return text.slice(start, end < 0 ? text.length : end).slice(0, 200);
}

/** The offset of the start of the line holding `offset`, or of the line before when `offset` opens an empty line. */
function lineStartOf(text: string, offset: number): number {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  if (text.slice(start).trim() !== "" && text[start] !== "\n") return offset;
  return Math.max(0, text.lastIndexOf("\n", start - 2) + 1);
}

/** Plain-language wording for the YAML errors people actually make. */
function yamlMessage(code: string, raw: string, near: string): { message: string; fix: string } {
  switch (code) {
    case "DUPLICATE_KEY":
      return {
        message: `The frontmatter names the key ${JSON.stringify(near.split(":")[0]!.trim())} twice.`,
        fix: "Keep one of the two keys and delete the other.",
      };
    case "TAB_AS_INDENT":
      return {
        message: "The frontmatter is indented with a tab; YAML allows only spaces.",
        fix: "Replace the tab with spaces.",
      };
    case "MISSING_CHAR":
      if (/followed by map values/.test(raw))
        return {
          message: `This line of the frontmatter is not a \`key: value\` line: ${JSON.stringify(near.trim())}.`,
          fix: "Start the line with a key and a colon, or indent it under the key it continues.",
        };
      return {
        message: `The frontmatter has an unfinished quote or bracket on this line: ${JSON.stringify(near.trim())}.`,
        fix: "Close the quote or bracket, or remove it.",
      };
    case "BLOCK_AS_IMPLICIT_KEY": {
      const key = near.split(":")[0]!.trim();
      if (!near.slice(near.indexOf(":") + 1).includes(": "))
        return {
          message: `The value of ${JSON.stringify(key)} runs on to the next line, and that line holds a colon followed by a space, which YAML reads as a key.`,
          fix: `Start that line in the same column as ${JSON.stringify(key)} if it is a key of its own, or put the whole value in double quotes.`,
        };
      return {
        message: `The value of ${JSON.stringify(key)} contains a colon followed by a space, which YAML reads as a second key on the same line.`,
        fix: `Put the whole value in double quotes: ${key}: "${near
          .slice(near.indexOf(":") + 1)
          .trim()
          .replace(/"/g, '\\"')}"`,
      };
    }
    case "MULTILINE_IMPLICIT_KEY":
      return {
        message: `This line of the frontmatter is not a \`key: value\` line: ${JSON.stringify(near.trim())}.`,
        fix: "Add the missing colon after the key, or, if the line continues the value above, indent it or put the value in quotes.",
      };
    case "BAD_INDENT":
      return {
        message: `The frontmatter's indentation is off on or before this line: ${JSON.stringify(near.trim())}.`,
        fix: "Start keys of the same level in the same column (spaces only), and close any [ or { you opened.",
      };
    case "BAD_SCALAR_START":
      return {
        message: `A value in the frontmatter starts with a character YAML keeps for itself (such as @ or \`): ${JSON.stringify(near.trim())}.`,
        fix: "Put the value in double quotes.",
      };
    default:
      return {
        message: `The frontmatter is not valid YAML: ${raw}.`,
        fix: "Correct the YAML so each line reads `key: value`; quote values that contain `: ` or start with a special character.",
      };
  }
}

/**
 * Parses frontmatter YAML as a Document in the failsafe schema (every scalar is a string, so
 * `name: 123` is "123"). Reports syntax errors (E) and constructs the reference validator refuses (W).
 * `firstLine` is the SKILL.md line of the YAML's first line. Returns null when it does not parse or is not a mapping.
 * The yaml package loads only when the fast path declines the text or the limits need its lexer.
 */
export async function parseFrontmatter(
  yamlText: string,
  firstLine: number,
  sink: DiagnosticSink,
  options: { fastPath?: boolean } = {},
): Promise<ParsedFrontmatter | null> {
  const limit = await yamlLimitProblem(yamlText);
  if (limit) {
    sink.add(limit.code, "error", limit.message, limit.fix, { line: firstLine });
    return null;
  }
  if (options.fastPath !== false) {
    const simple = parseSimpleFrontmatter(yamlText, firstLine);
    if (simple) return simple;
  }
  const { LineCounter, parseDocument, visit } = await loadYaml();
  const lineCounter = new LineCounter();
  let doc: Document;
  try {
    doc = parseDocument(yamlText, {
      schema: "failsafe",
      uniqueKeys: true,
      lineCounter,
      prettyErrors: false,
      strict: true,
    });
  } catch (error) {
    sink.add(
      "skill.frontmatter.yaml",
      "error",
      `The frontmatter could not be parsed as YAML (${(error as Error).message}).`,
      "Rewrite the frontmatter as plain `key: value` lines.",
      { line: firstLine },
    );
    return null;
  }
  const at = (offset: number | undefined) => {
    const pos = lineCounter.linePos(offset ?? 0);
    return { line: pos.line + firstLine - 1, column: pos.col };
  };
  if (doc.errors.length > 0) {
    // One finding per line: the parser often reports one mistake two or three times.
    const lines = new Set<number>();
    for (const error of doc.errors) {
      const where = at(error.pos[0]);
      if (lines.has(where.line)) continue;
      if (lines.size === MAX_REPORTED) break;
      lines.add(where.line);
      const { message, fix } = yamlMessage(
        error.code,
        error.message.split("\n")[0] ?? error.code,
        lineAt(yamlText, lineStartOf(yamlText, error.pos[0])),
      );
      sink.add("skill.frontmatter.yaml", "error", message, fix, where);
    }
    return null;
  }
  if (/[&*![{]/.test(yamlText)) reportRefusedStyle(doc, visit, at, sink);
  const contents = doc.contents;
  if (!isMap(contents)) {
    const what =
      contents === null || (isScalar(contents) && String(contents.value ?? "").trim() === "")
        ? "empty"
        : isCollection(contents)
          ? "a list"
          : "a single value";
    sink.add(
      "skill.frontmatter.not-mapping",
      "error",
      `The frontmatter is ${what}; it must be a set of \`key: value\` lines.`,
      "Write the frontmatter as `name: ...` and `description: ...` lines.",
      { line: firstLine },
    );
    return null;
  }
  const plain = toPlain(contents, doc);
  if (!plain.ok) {
    sink.add(
      "skill.frontmatter.aliases",
      "error",
      `The frontmatter's aliases ${plain.reason}, so it was not read.`,
      "Remove anchors (`&name`) and aliases (`*name`) and write each value out.",
      { line: firstLine },
    );
    return null;
  }
  const data = plain.value as Record<string, unknown>;
  const entries: FrontmatterEntry[] = [];
  for (const pair of contents.items as Pair[]) {
    const keyNode = pair.key;
    const key = isScalar(keyNode)
      ? String(keyNode.value ?? "")
      : isNode(keyNode)
        ? safeString(keyNode.toJSON())
        : safeString(keyNode ?? "");
    const pos = at(isNode(keyNode) ? keyNode.range?.[0] : undefined);
    let value = isNode(pair.value) ? pair.value : null;
    if (value && isAlias(value)) value = (value.resolve(doc) as Node | undefined) ?? null;
    entries.push({ key, line: pos.line, column: pos.column, value });
  }
  return { data, entries, doc, at };
}

const MAX_PLAIN_NODES = 10_000;
const MAX_PLAIN_DEPTH = 64;

/**
 * Converts YAML nodes to plain data (scalars as strings), resolving aliases with a depth and size
 * budget: an alias loop or an alias bomb is refused instead of hanging or building a cyclic object.
 */
function toPlain(root: Node, doc: Document): { ok: true; value: unknown } | { ok: false; reason: string } {
  let budget = MAX_PLAIN_NODES;
  const targets = new Map<Node, unknown>();
  const target = (alias: Node & { resolve: (doc: Document) => unknown }): unknown => {
    if (!targets.has(alias)) targets.set(alias, alias.resolve(doc));
    return targets.get(alias);
  };
  const convert = (node: unknown, depth: number): unknown => {
    if (--budget < 0) throw new RangeError("expand to too many values");
    if (depth > MAX_PLAIN_DEPTH) throw new RangeError("nest too deeply or loop back on themselves");
    if (isAlias(node)) return convert(target(node), depth + 1);
    if (isScalar(node)) return String(node.value ?? "");
    if (isMap(node)) {
      const out: Record<string, unknown> = {};
      for (const pair of node.items as Pair[]) {
        const key = isScalar(pair.key) ? String(pair.key.value ?? "") : JSON.stringify(convert(pair.key, depth + 1));
        Object.defineProperty(out, key, {
          value: convert(pair.value, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    if (isSeq(node)) return node.items.map((item) => convert(item, depth + 1));
    return null;
  };
  try {
    return { ok: true, value: convert(root, 0) };
  } catch (error) {
    if (error instanceof RangeError)
      return { ok: false, reason: error.message.startsWith("Maximum call stack") ? "nest too deeply" : error.message };
    throw error;
  }
}

/** Flow collections, anchors, aliases and tags parse, but the reference validator refuses them. */
function reportRefusedStyle(
  doc: Document,
  visitNodes: typeof visit,
  at: (offset: number | undefined) => { line: number; column: number },
  sink: DiagnosticSink,
): void {
  let reported = 0;
  const report = (node: Node, what: string, fix: string) => {
    if (reported++ >= MAX_REPORTED) return;
    sink.add(
      "skill.frontmatter.yaml-style",
      "warning",
      `The frontmatter uses ${what}; it is valid YAML, but the reference validator (skills-ref) refuses it.`,
      fix,
      at(node.range?.[0]),
    );
  };
  visitNodes(doc, (_key, node) => {
    if (isAlias(node))
      return void report(node, "an alias (`*name`)", "Write the value out instead of pointing at an anchor.");
    if (!isNode(node)) return;
    if (node.anchor) report(node, "an anchor (`&name`)", "Remove the anchor and write each value out.");
    if (node.tag)
      report(
        node,
        `a tag (\`${node.tag.replace(/^tag:yaml\.org,2002:/, "!!")}\`)`,
        "Remove the tag; write the value as plain text.",
      );
    if (isCollection(node) && node.flow)
      report(
        node,
        "a flow collection (`[...]` or `{...}`)",
        "Write the list or mapping in block style, one item per line.",
      );
  });
}
