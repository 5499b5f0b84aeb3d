// Codex's per-skill switch: `[[skills.config]]` tables (name or path, enabled) in $CODEX_HOME/config.toml, read
// without a TOML library: only those tables are read, and anything in them Skillshelf cannot read applies nothing.
import path from "node:path";
import { readTextFile } from "../fs/safe-fs";

/** One `[[skills.config]]` entry: a name or a SKILL.md path, and whether Codex lists it. */
export interface CodexSkillRule {
  name?: string;
  path?: string;
  enabled: boolean;
}

/** The rules read, or why none apply. */
export type CodexSkillConfig = { rules: CodexSkillRule[]; problem: string | null };

/** config.toml is small; past this it is not read. */
const MAX_CONFIG_BYTES = 1_000_000;

const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", n: "\n", t: "\t", r: "\r", b: "\b", f: "\f" };

/** A TOML value Skillshelf reads (a basic or literal string, true, false) and what follows it, or null. */
function readValue(text: string): { value: string | boolean; rest: string } | null {
  if (text.startsWith("true")) return { value: true, rest: text.slice(4) };
  if (text.startsWith("false")) return { value: false, rest: text.slice(5) };
  if (text.startsWith("'")) {
    const end = text.indexOf("'", 1);
    return end < 0 ? null : { value: text.slice(1, end), rest: text.slice(end + 1) };
  }
  if (!text.startsWith('"') || text.startsWith('"""')) return null;
  let out = "";
  for (let i = 1; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') return { value: out, rest: text.slice(i + 1) };
    if (ch !== "\\") {
      out += ch;
      continue;
    }
    const next = text[++i] ?? "";
    if (next === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) {
      out += String.fromCharCode(parseInt(text.slice(i + 1, i + 5), 16));
      i += 4;
    } else if (next in ESCAPES) out += ESCAPES[next];
    else return null;
  }
  return null;
}

/**
 * The `[[skills.config]]` entries of a config.toml text, in order; a problem (and no rules) where one is not readable.
 * Exported for tests: they drive it with hand-written files.
 */
export function parseCodexSkillConfig(text: string): CodexSkillConfig {
  const rules: CodexSkillRule[] = [];
  let current: Partial<CodexSkillRule> | null = null;
  const close = (): string | null => {
    if (!current) return null;
    if (typeof current.enabled !== "boolean" || (current.name === undefined && current.path === undefined))
      return "a [[skills.config]] entry has no enabled = true/false, or no name or path";
    rules.push(current as CodexSkillRule);
    current = null;
    return null;
  };
  const fail = (why: string): CodexSkillConfig => ({ rules: [], problem: `${why}; no Codex switch is applied` });
  let section = "";
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    if (line.startsWith("[")) {
      const problem = close();
      if (problem) return fail(problem);
      section = line.replace(/\s+/g, "").replace(/#.*$/, "");
      if (section === "[[skills.config]]") current = {};
      continue;
    }
    const m = /^([A-Za-z0-9_.-]+)\s*=\s*(.*)$/.exec(line);
    if (!m) {
      if (current) return fail("a [[skills.config]] line could not be read");
      continue;
    }
    const key = m[1]!;
    if (!current) {
      // The same tables written another way (skills.config = [...], or config under [skills]) are not read.
      if ((section === "" && key.startsWith("skills.config")) || (section === "[skills]" && key === "config"))
        return fail("skills.config is written as an inline array, which Skillshelf does not read");
      continue;
    }
    const read = readValue(m[2]!);
    if (!read || !/^\s*(#.*)?$/.test(read.rest)) return fail(`[[skills.config]] ${key} could not be read`);
    if (key === "enabled" && typeof read.value === "boolean") current.enabled = read.value;
    else if ((key === "name" || key === "path") && typeof read.value === "string") current[key] = read.value;
    else return fail(`[[skills.config]] has ${key}, which Skillshelf does not read`);
  }
  const problem = close();
  return problem ? fail(problem) : { rules, problem: null };
}

/** Reads $CODEX_HOME/config.toml's skill switches (none when the file is absent). */
export async function readCodexSkillConfig(codexHome: string): Promise<CodexSkillConfig & { file: string }> {
  const file = path.join(codexHome, "config.toml");
  const read = await readTextFile(file, { maxBytes: MAX_CONFIG_BYTES });
  if (!read.ok)
    return { file, rules: [], problem: read.reason === "not-found" ? null : `${read.message}; no switch applied` };
  return { file, ...parseCodexSkillConfig(read.text) };
}

/** Whether Codex lists a skill under these rules: the last rule naming it (by name or SKILL.md path) wins. */
export function codexEnabled(rules: readonly CodexSkillRule[], name: string, skillFiles: readonly string[]): boolean {
  let enabled = true;
  const files = new Set(skillFiles.map((f) => path.resolve(f)));
  for (const rule of rules)
    if (rule.name === name || (rule.path !== undefined && files.has(path.resolve(rule.path)))) enabled = rule.enabled;
  return enabled;
}
