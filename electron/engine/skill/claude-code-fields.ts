// The SKILL.md keys Claude Code reads beyond the Agent Skills specification (Claude Code's skills reference, see
// docs/diagnostics.md): valid in Claude Code's contexts, each with its type, and one note that other clients ignore them.
import path from "node:path";
import { quote, type DiagnosticSink } from "./diagnostics";
import type { FrontmatterEntry, ParsedFrontmatter } from "./frontmatter";

type Shape = "text" | "boolean" | "text-or-list" | "mapping" | "any";

/** Claude Code's own skill keys and the value each takes. */
export const CLAUDE_CODE_SKILL_KEYS: ReadonlyMap<string, Shape> = new Map<string, Shape>([
  ["when_to_use", "text"],
  ["argument-hint", "text"],
  ["arguments", "text-or-list"],
  ["disable-model-invocation", "boolean"],
  ["user-invocable", "boolean"],
  ["model", "text"],
  ["effort", "text"],
  ["context", "text"],
  ["agent", "text"],
  ["hooks", "mapping"],
  ["paths", "text-or-list"],
  ["shell", "text"],
  ["version", "text"],
  ["disallowed-tools", "text-or-list"],
  ["disallowedTools", "text-or-list"],
  ["background", "boolean"],
  ["fallback", "text-or-list"],
  ["created_by", "text"],
  ["improved_by", "text"],
  // Read by Claude Code 2.1.332's schema as any value (marked internal there); the oracle test checks the whole list.
  ...[
    "mcpServers",
    "lspServers",
    "agents",
    "outputStyles",
    "themes",
    "workflows",
    "channels",
    "monitors",
    "settings",
    "userConfig",
    "defaultEnabled",
    "experimental",
    "dependencies",
    "displayName",
    "author",
    "homepage",
    "repository",
    "keywords",
  ].map((key): [string, Shape] => [key, "any"]),
]);

/** Keys whose wrong type or unknown word Claude Code's own validator reports as an error (the rest it drops or reads loosely). */
const CLAUDE_CODE_ERRORS: ReadonlySet<string> = new Set(["shell"]);

/** The values Claude Code knows for keys that take one of a few words. */
const CLAUDE_CODE_WORDS: ReadonlyMap<string, readonly string[]> = new Map([["shell", ["bash", "powershell"]]]);

const SHAPE_TEXT: Record<Shape, string> = {
  text: "text",
  boolean: "true or false",
  "text-or-list": "text or a list of text",
  mapping: "a mapping",
  any: "any value",
};

/** True for a skill folder Claude Code reads on its own: `~/.claude/skills/NAME` or a project's `.claude/skills/NAME`. */
export function isClaudeCodeSkillDir(dir: string): boolean {
  const parent = path.dirname(path.resolve(dir));
  return path.basename(parent) === "skills" && path.basename(path.dirname(parent)) === ".claude";
}

function kindOfValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "empty";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  return typeof value === "string" ? `the text ${quote(value)}` : `a ${typeof value}`;
}

// The frontmatter is read in YAML's failsafe schema (every scalar is text), so `true` arrives as "true".
function fits(shape: Shape, value: unknown): boolean {
  if (shape === "any") return true;
  if (shape === "boolean") return typeof value === "string" && /^(?:true|false)$/i.test(value);
  if (shape === "mapping") return typeof value === "object" && value !== null && !Array.isArray(value);
  if (typeof value === "string") return true;
  return shape === "text-or-list" && Array.isArray(value) && value.every((item) => typeof item === "string");
}

/** True when `allowed-tools` holds what Claude Code accepts: text, or a list of text. */
function allowedToolsFit(value: unknown): boolean {
  return fits("text-or-list", value);
}

/**
 * Checks the Claude Code keys present: one note naming them (the specification does not define them), a warning for a
 * wrongly typed value Claude Code drops, an error where Claude Code's validator errors (`shell`, `allowed-tools`).
 */
export function checkClaudeCodeKeys(fm: ParsedFrontmatter, sink: DiagnosticSink): void {
  const present: FrontmatterEntry[] = [];
  const seen = new Set<string>();
  for (const entry of fm.entries) {
    if (seen.has(entry.key)) continue;
    seen.add(entry.key);
    const shape = CLAUDE_CODE_SKILL_KEYS.get(entry.key);
    if (shape) {
      present.push(entry);
      const value = fm.data[entry.key];
      const words = CLAUDE_CODE_WORDS.get(entry.key);
      if (fits(shape, value) && words && typeof value === "string" && !words.includes(value)) {
        const refused = CLAUDE_CODE_ERRORS.has(entry.key);
        sink.add(
          refused ? "skill.claude-code.invalid" : "skill.claude-code.type",
          refused ? "error" : "warning",
          `\`${entry.key}\` is ${quote(value)}; Claude Code knows only ${words.map((w) => quote(w)).join(" and ")}${refused ? " and reports this as an error" : ""}.`,
          `Write \`${entry.key}: ${words[0]}\`, or remove it.`,
          entry,
        );
      } else if (!fits(shape, value)) {
        const error = CLAUDE_CODE_ERRORS.has(entry.key);
        sink.add(
          error ? "skill.claude-code.invalid" : "skill.claude-code.type",
          error ? "error" : "warning",
          `\`${entry.key}\` is ${kindOfValue(value)}; Claude Code expects ${SHAPE_TEXT[shape]}${error ? " and reports this as an error" : ", so it may ignore the value"}.`,
          shape === "boolean"
            ? `Write \`${entry.key}: true\` or \`${entry.key}: false\` (no quotes).`
            : `Write \`${entry.key}\` as ${SHAPE_TEXT[shape]}${shape === "mapping" ? "" : " (quote it when it looks like a number, a list or true/false)"}.`,
          entry,
        );
      }
    } else if (entry.key === "allowed-tools" && !allowedToolsFit(fm.data[entry.key])) {
      sink.add(
        "skill.claude-code.invalid",
        "error",
        `\`allowed-tools\` is ${kindOfValue(fm.data[entry.key])}; Claude Code expects text or a list of tool names and reports this as an error.`,
        "Write the tools on one line separated by spaces, e.g. `allowed-tools: Read Bash(git:*)`, or as a list.",
        entry,
      );
    }
  }
  if (present.length === 0) return;
  const keys = present.map((e) => quote(e.key)).join(", ");
  sink.add(
    "skill.claude-code.keys",
    "info",
    `Claude Code reads ${keys}; the Agent Skills specification does not define ${present.length === 1 ? "it" : "them"}, so other clients ignore ${present.length === 1 ? "it" : "them"} and the reference validator rejects ${present.length === 1 ? "it" : "them"}.`,
    "Nothing to do for Claude Code. For other clients, keep the skill working without these keys.",
    present[0],
  );
}
