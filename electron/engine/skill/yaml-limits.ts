// Refuses frontmatter YAML that would be costly to parse (too large, too deep, too many aliases), with linear scans that
// run before the yaml parser sees the text: a bomb is found in time and memory proportional to its size.
import type { Lexer } from "yaml";
import { loadYaml } from "./yaml-nodes";

/** A frontmatter longer than this is refused before parsing (the largest of ~790 public skills is 2.7 KB). */
export const MAX_FRONTMATTER_BYTES = 64 * 1024;
/** Deepest nesting of block and flow collections accepted (each level costs the parser stack frames). Exported for tests. */
export const MAX_YAML_DEPTH = 64;
/** Most aliases and anchors accepted: the yaml library's own default `maxAliasCount`. Exported for tests. */
export const MAX_YAML_ALIASES = 100;
/** Most keys and items in all (the parser's duplicate-key check costs the square of a mapping's size). Exported for tests. */
export const MAX_YAML_ENTRIES = 1000;

/** Why a frontmatter is refused before parsing: its code, a sentence for people and what to do. */
export interface YamlLimitProblem {
  code: "skill.frontmatter.too-large" | "skill.frontmatter.too-deep" | "skill.frontmatter.aliases";
  message: string;
  fix: string;
}

/**
 * Deepest block nesting: an indentation stack over the lines, plus the compact `- `, `? ` and `: ` indicators that open a
 * level on the same line. An upper bound (multi-line scalars may count as levels), never less than the parser's depth.
 * Exported for tests: a property test holds it to the parser's depth.
 */
export function blockDepth(text: string): number {
  const stack: number[] = [];
  let deepest = 0;
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline;
    let col = start;
    while (col < end && text.charCodeAt(col) === 32) col++;
    const first = text[col];
    if (col < end && first !== "#" && first !== "\r") {
      const indent = col - start;
      while (stack.length > 0 && stack[stack.length - 1]! >= indent) stack.pop();
      stack.push(indent);
      for (;;) {
        const ch = text[col];
        const next = col + 1 < end ? text[col + 1] : " ";
        if ((ch !== "-" && ch !== "?" && ch !== ":") || (next !== " " && next !== "\t")) break;
        col++;
        while (col < end && (text[col] === " " || text[col] === "\t")) col++;
        if (col >= end) break;
        stack.push(col - start);
      }
      if (stack.length > deepest) deepest = stack.length;
    }
    if (newline < 0) break;
    start = newline + 1;
  }
  return deepest;
}

/** Flow depth, alias/anchor and key/item counts as the yaml lexer (the parser's own tokenizer, linear) sees them. */
function lexedCounts(
  text: string,
  lexer: Lexer,
): { flowDepth: number; aliases: number; anchors: number; entries: number } {
  let depth = 0;
  let flowDepth = 0;
  let aliases = 0;
  let anchors = 0;
  let entries = 0;
  for (const token of lexer.lex(text)) {
    const first = token[0];
    if (token === "," || token === ":" || token === "-" || token === "?") {
      entries++;
    } else if (first === "[" || first === "{") {
      if (++depth > flowDepth) flowDepth = depth;
      if (flowDepth > MAX_YAML_DEPTH) break;
    } else if (first === "]" || first === "}") {
      if (depth > 0) depth--;
    } else if (first === "*") {
      aliases++;
    } else if (first === "&") {
      anchors++;
    }
  }
  return { flowDepth, aliases, anchors, entries };
}

/** How many `[`/`{`, `*`/`&` and newline/`,` characters text holds, in one pass (cheap upper bounds before the lexer). */
function countMarks(text: string): { flow: number; alias: number; entries: number } {
  let flow = 0;
  let alias = 0;
  let entries = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x5b || code === 0x7b) flow++;
    else if (code === 0x2a || code === 0x26) alias++;
    else if (code === 0x0a || code === 0x2c) entries++;
  }
  return { flow, alias, entries };
}

const tooDeep = (what: string): YamlLimitProblem => ({
  code: "skill.frontmatter.too-deep",
  message: `The frontmatter nests ${what} more than ${MAX_YAML_DEPTH} levels deep, so it was not parsed.`,
  fix: "Write the frontmatter as plain `key: value` lines; put structured data in a file under references/ or assets/.",
});

/** The limit a frontmatter's YAML breaks, or null when it is safe to parse (loads yaml only when cheap counts cannot tell). */
export async function yamlLimitProblem(yamlText: string): Promise<YamlLimitProblem | null> {
  const bytes = Buffer.byteLength(yamlText, "utf8");
  if (bytes > MAX_FRONTMATTER_BYTES) {
    return {
      code: "skill.frontmatter.too-large",
      message: `The frontmatter is ${Math.ceil(bytes / 1024)} KiB, over the ${MAX_FRONTMATTER_BYTES / 1024} KiB limit, so it was not parsed.`,
      fix: "Keep only name, description and a few short fields in the frontmatter; move long text into the body or references/.",
    };
  }
  if (blockDepth(yamlText) > MAX_YAML_DEPTH) return tooDeep("indented blocks or `- ` items");
  const marks = countMarks(yamlText);
  const cheap = marks.flow <= MAX_YAML_DEPTH && marks.alias <= MAX_YAML_ALIASES && marks.entries < MAX_YAML_ENTRIES;
  if (cheap) return null;
  const counts = lexedCounts(yamlText, new (await loadYaml()).Lexer());
  if (counts.flowDepth > MAX_YAML_DEPTH) return tooDeep("brackets (`[` or `{`)");
  if (counts.aliases > MAX_YAML_ALIASES || counts.anchors > MAX_YAML_ALIASES) {
    return {
      code: "skill.frontmatter.aliases",
      message: `The frontmatter uses more than ${MAX_YAML_ALIASES} YAML ${counts.aliases > MAX_YAML_ALIASES ? "aliases (`*name`)" : "anchors (`&name`)"}, so it was not parsed.`,
      fix: "Remove anchors (`&name`) and aliases (`*name`) and write each value out.",
    };
  }
  if (counts.entries > MAX_YAML_ENTRIES) {
    return {
      code: "skill.frontmatter.too-large",
      message: `The frontmatter holds more than ${MAX_YAML_ENTRIES} keys and list items, so it was not parsed.`,
      fix: "Keep only name, description and a few short fields in the frontmatter; put lists and tables in the body or references/.",
    };
  }
  return null;
}
