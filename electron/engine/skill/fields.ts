// The Agent Skills frontmatter field rules (RULES.md "Fields"): which keys, which types, which names.
import { MAX_COMPATIBILITY, MAX_DESCRIPTION } from "../../../shared/limits";
import type { Node, Pair } from "yaml";
import type { VersionSource } from "../../../shared/model";
import { codePoints } from "../../../shared/tokens";
import { CLAUDE_CODE_SKILL_KEYS, checkClaudeCodeKeys } from "./claude-code-fields";
import { quote, type DiagnosticSink } from "./diagnostics";
import { checkNameRules, isValidSkillName } from "./name-rules";
import { safeString } from "./value-text";
import type { FrontmatterEntry, ParsedFrontmatter } from "./frontmatter";
import { isAlias, isMap, isNode, isScalar, isSeq } from "./yaml-nodes";

export { isValidSkillName, suggestedName } from "./name-rules";

/** The only top-level keys the Agent Skills specification allows. */
export const ALLOWED_FIELDS = new Set(["name", "description", "license", "compatibility", "metadata", "allowed-tools"]);

/** What the field rules read out of the frontmatter. */
export interface SkillFields {
  /** Raw name when it is a non-empty string, else "". */
  name: string;
  /** NFKC of the trimmed name, used by every name rule (and the desktop profile). */
  normalizedName: string;
  /** Whether the name itself broke a skill.name.* rule, reported once with its fix (Desktop's charset rule then stays quiet). */
  nameInvalid: boolean;
  description: string;
  version: string | null;
  versionSource: VersionSource | null;
  repository: string | null;
}

/** The string value of a scalar node, or null for a map, a list or no value. */
export function scalarText(node: Node | null): string | null {
  return node && isScalar(node) ? String(node.value ?? "") : null;
}

function kindOf(node: Node | null): string {
  if (!node) return "nothing";
  if (isMap(node)) return "a mapping";
  if (isSeq(node)) return "a list";
  return "a single value";
}

/** YAML for one metadata line whose value is text, quoted when plain text would be read as something else. */
function metadataLine(key: string, value: unknown): string {
  const text =
    typeof value === "string"
      ? value
      : Array.isArray(value)
        ? `[${value.map((v) => safeString(v)).join(", ")}]`
        : value === null || value === undefined
          ? ""
          : typeof value === "object"
            ? JSON.stringify(value)
            : safeString(value);
  const plain =
    /^[A-Za-z0-9][^:#\n]*$/.test(text) &&
    !/\s$/.test(text) &&
    !/^(?:true|false|yes|no|on|off|null|~|[-+]?\d[\d._]*(?:e[-+]?\d+)?)$/i.test(text);
  return `  ${key}: ${plain ? text : JSON.stringify(text)}`;
}

/** The fix for an unexpected top-level key: move it under metadata as text (metadata values must be text). */
function metadataMoveFix(key: string, value: unknown, hasMetadata: boolean): string {
  const line = metadataLine(key, value);
  return hasMetadata
    ? `Move it under the existing \`metadata:\` as the indented line \`${line}\` (metadata values are text, so it is quoted where needed).`
    : `Move it under a new \`metadata:\` line as the indented line \`${line}\` (metadata values are text, so it is quoted where needed).`;
}

/**
 * Runs every field rule and returns what the skill's fields say; with `claudeCode` (a skill Claude Code reads: in a
 * Claude Code plugin or .claude/skills) Claude Code's own keys are valid and checked by their types instead.
 */
export function checkFields(
  fm: ParsedFrontmatter,
  dirName: string | null,
  sink: DiagnosticSink,
  claudeCode = false,
): SkillFields {
  const byKey = new Map<string, FrontmatterEntry>();
  for (const entry of fm.entries) if (!byKey.has(entry.key)) byKey.set(entry.key, entry);
  const frontmatterLine = fm.entries[0]?.line ?? 2;

  if (claudeCode) checkClaudeCodeKeys(fm, sink);
  for (const entry of fm.entries) {
    if (ALLOWED_FIELDS.has(entry.key) || (claudeCode && CLAUDE_CODE_SKILL_KEYS.has(entry.key))) continue;
    const lower = entry.key.toLowerCase();
    const hint = ALLOWED_FIELDS.has(lower) ? ` Keys are case-sensitive: write \`${lower}\`.` : "";
    sink.add(
      "skill.field.unexpected",
      "error",
      `The frontmatter key ${quote(entry.key)} is not one the Agent Skills specification allows (name, description, license, compatibility, metadata, allowed-tools).${hint}`,
      ALLOWED_FIELDS.has(lower)
        ? `Rename it to \`${lower}\`.`
        : metadataMoveFix(entry.key, fm.data[entry.key], byKey.has("metadata")),
      entry,
    );
  }

  const { name, normalizedName, nameInvalid } = checkName(byKey.get("name"), dirName, frontmatterLine, sink);
  const description = checkDescription(byKey.get("description"), frontmatterLine, sink);
  checkCompatibility(byKey.get("compatibility"), sink);
  const metadata = checkMetadata(byKey.get("metadata"), fm, sink);
  const license = byKey.get("license");
  if (license && scalarText(license.value) === null) {
    sink.add(
      "skill.license.type",
      "warning",
      `\`license\` is ${kindOf(license.value)}; it should be a short text such as "MIT" or the name of a bundled licence file.`,
      "Write the licence as one line of text, e.g. `license: Apache-2.0`.",
      license,
    );
  }
  const tools = byKey.get("allowed-tools");
  if (tools && !claudeCode) {
    const text = scalarText(tools.value);
    if (text === null || text.trim() === "") {
      sink.add(
        "skill.allowed-tools.type",
        "warning",
        text === null
          ? `\`allowed-tools\` is ${kindOf(tools.value)}; the specification expects one space-separated line of tool names.`
          : "`allowed-tools` is empty.",
        text === null
          ? "Write the tools on one line separated by spaces, e.g. `allowed-tools: Read Bash(git:*)`."
          : "Remove `allowed-tools`, or list the tools separated by spaces.",
        tools,
      );
    }
  }

  let version: string | null = null;
  let versionSource: VersionSource | null = null;
  const metaVersion = metadata?.get("version");
  const topVersion = scalarText(byKey.get("version")?.value ?? null);
  if (metaVersion && metaVersion.trim()) {
    version = metaVersion.trim();
    versionSource = "metadata.version";
  } else if (topVersion && topVersion.trim()) {
    version = topVersion.trim();
    versionSource = "frontmatter.version";
  }
  const pick = (...values: Array<string | null | undefined>) =>
    values.find((v) => typeof v === "string" && v.trim() !== "")?.trim() ?? null;
  const repository = pick(
    metadata?.get("repository"),
    scalarText(byKey.get("repository")?.value ?? null),
    metadata?.get("homepage"),
    scalarText(byKey.get("homepage")?.value ?? null),
  );
  return { name, normalizedName, nameInvalid, description, version, versionSource, repository };
}

function checkName(
  entry: FrontmatterEntry | undefined,
  dirName: string | null,
  frontmatterLine: number,
  sink: DiagnosticSink,
): { name: string; normalizedName: string; nameInvalid: boolean } {
  if (!entry) {
    sink.add(
      "skill.name.missing",
      "error",
      "The frontmatter has no `name`.",
      "Add a line `name: your-skill-name` (the folder's name, in lowercase letters, digits and hyphens).",
      { line: frontmatterLine },
    );
    return { name: "", normalizedName: "", nameInvalid: true };
  }
  const raw = requiredText(entry, sink, {
    code: "skill.name.empty",
    key: "name",
    notWhat: "not a name",
    fix: "Write the skill's name after `name:`, e.g. `name: pdf-tools`.",
  });
  if (raw === null) return { name: "", normalizedName: "", nameInvalid: true };
  const n = raw.trim().normalize("NFKC");
  // The usual case: a valid name that matches its folder raises none of the findings below.
  if (isValidSkillName(n) && (dirName === null || dirName === n))
    return { name: raw, normalizedName: n, nameInvalid: false };
  const nameInvalid = checkNameRules(n, dirName, sink, entry);
  return { name: raw, normalizedName: n, nameInvalid };
}

function checkDescription(entry: FrontmatterEntry | undefined, frontmatterLine: number, sink: DiagnosticSink): string {
  if (!entry) {
    sink.add(
      "skill.description.missing",
      "error",
      "The frontmatter has no `description`; agents use it to decide when to load the skill.",
      "Add `description: ` with what the skill does and when to use it.",
      { line: frontmatterLine },
    );
    return "";
  }
  // Clients and the reference validator read the description with surrounding whitespace trimmed (a block scalar's
  // final newline included), so level 1, the catalog hash and the length limit all use the trimmed text.
  const text = requiredText(entry, sink, {
    code: "skill.description.empty",
    key: "description",
    notWhat: "not text",
    fix: "Describe what the skill does and when to use it, in one or two sentences.",
  });
  if (text === null) return "";
  const trimmed = text.trim();
  const length = codePoints(trimmed);
  if (length > MAX_DESCRIPTION)
    sink.add(
      "skill.description.too-long",
      "error",
      `The description is ${length} characters long; the limit is ${MAX_DESCRIPTION}.`,
      "Shorten the description; move details into the instructions.",
      entry,
    );
  return trimmed;
}

/** A required field's text as written (not trimmed: the name keeps it); null (after reporting `code`) when it is not text or is blank. */
function requiredText(
  entry: FrontmatterEntry,
  sink: DiagnosticSink,
  field: { code: string; key: string; notWhat: string; fix: string },
): string | null {
  const raw = scalarText(entry.value);
  if (raw !== null && raw.trim() !== "") return raw;
  sink.add(
    field.code,
    "error",
    raw === null ? `\`${field.key}\` is ${kindOf(entry.value)}, ${field.notWhat}.` : `\`${field.key}\` is empty.`,
    field.fix,
    entry,
  );
  return null;
}

function checkCompatibility(entry: FrontmatterEntry | undefined, sink: DiagnosticSink): void {
  if (!entry) return;
  const raw = scalarText(entry.value);
  if (raw === null) {
    sink.add(
      "skill.compatibility.type",
      "error",
      `\`compatibility\` is ${kindOf(entry.value)}; it must be one line of text.`,
      "Write the requirements as text, e.g. `compatibility: Requires git and Python 3.12`.",
      entry,
    );
    return;
  }
  if (raw.trim() === "") {
    sink.add(
      "skill.compatibility.empty",
      "warning",
      "`compatibility` is empty.",
      "Remove `compatibility`, or say what the skill needs.",
      entry,
    );
    return;
  }
  const length = codePoints(raw);
  if (length > MAX_COMPATIBILITY)
    sink.add(
      "skill.compatibility.too-long",
      "error",
      `\`compatibility\` is ${length} characters long; the limit is ${MAX_COMPATIBILITY}.`,
      "Shorten it to the essential requirements.",
      entry,
    );
}

/** Checks `metadata` and returns its string values by key (null when absent or not a mapping). */
function checkMetadata(
  entry: FrontmatterEntry | undefined,
  fm: ParsedFrontmatter,
  sink: DiagnosticSink,
): Map<string, string> | null {
  if (!entry) return null;
  if (!entry.value || !isMap(entry.value)) {
    sink.add(
      "skill.metadata.type",
      "error",
      `\`metadata\` is ${kindOf(entry.value)}; it must be a mapping of keys to text values.`,
      "Write `metadata:` followed by indented `key: value` lines.",
      entry,
    );
    return null;
  }
  const values = new Map<string, string>();
  for (const pair of entry.value.items as Pair[]) {
    const key = isScalar(pair.key) ? String(pair.key.value ?? "") : String(pair.key);
    let node = isNode(pair.value) ? pair.value : null;
    if (node && isAlias(node)) node = fm.doc ? ((node.resolve(fm.doc) as Node | undefined) ?? null) : null;
    const value = scalarText(node);
    if (value === null) {
      const where = isNode(pair.key) ? fm.at(pair.key.range?.[0]) : entry;
      sink.add(
        "skill.metadata.value",
        "warning",
        `\`metadata.${key}\` is ${kindOf(node)}; metadata values should be text.`,
        `Write \`${key}\` as a single text value.`,
        where,
      );
    } else if (!values.has(key)) {
      values.set(key, value);
    }
  }
  return values;
}
