// The declared capabilities of a folder's files: allowed and disallowed tools, hooks (a SKILL.md's `hooks`, a
// plugin's hooks.json or plugin.json) and the MCP and LSP servers a plugin starts.
import { parse } from "yaml";
import type { CapabilityHook, CapabilityServer } from "../../../shared/capabilities";
import { splitFrontmatter } from "../skill/frontmatter";

const MAX = 300;
const clip = (s: string) => (s.length > MAX ? `${s.slice(0, MAX - 1)}…` : s);

/** A Markdown file's frontmatter as a plain object, or null (unreadable YAML is no capability). */
export function frontmatterOf(text: string): Record<string, unknown> | null {
  const split = splitFrontmatter(text);
  if (!split.ok) return null;
  try {
    const value: unknown = parse(split.yaml, { maxAliasCount: 50 });
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Tools of an `allowed-tools` value: a list, or a string split at commas and spaces outside parentheses. */
export function toolsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string").map((v) => v.trim());
  if (typeof value !== "string") return [];
  const out: string[] = [];
  let depth = 0;
  let word = "";
  for (const ch of value) {
    if (ch === "(") depth++;
    if (ch === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === "," || /\s/.test(ch))) {
      if (word) out.push(word);
      word = "";
    } else word += ch;
  }
  if (word) out.push(word);
  return out.slice(0, MAX);
}

/** The commands of a hooks object ({ Event: [{ matcher, hooks: [{ type, command }] }] }). */
export function hooksIn(value: unknown, file: string): CapabilityHook[] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  const out: CapabilityHook[] = [];
  for (const [event, groups] of Object.entries(value as Record<string, unknown>)) {
    for (const group of Array.isArray(groups) ? groups : [groups]) {
      const g = (group ?? {}) as Record<string, unknown>;
      const inner = Array.isArray(g["hooks"]) ? g["hooks"] : [g];
      for (const h of inner) {
        const hook = (h ?? {}) as Record<string, unknown>;
        const command = hook["command"] ?? hook["url"] ?? hook["prompt"];
        if (typeof command === "string") out.push({ file, event, command: clip(command) });
      }
    }
  }
  return out.slice(0, MAX);
}

/** The servers of an mcpServers / lspServers object, each by the command line it starts or the address it uses. */
export function serversIn(kind: "mcp" | "lsp", value: unknown, file: string): CapabilityServer[] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  const out: CapabilityServer[] = [];
  for (const [name, raw] of Object.entries(value as Record<string, unknown>)) {
    const s = (raw ?? {}) as Record<string, unknown>;
    const args = Array.isArray(s["args"]) ? s["args"].filter((a): a is string => typeof a === "string") : [];
    const command =
      typeof s["command"] === "string"
        ? [s["command"], ...args].join(" ")
        : typeof s["url"] === "string"
          ? s["url"]
          : null;
    if (command) out.push({ kind, name, command: clip(command), file });
  }
  return out.slice(0, MAX);
}
