// Level 1: the `<available_skills>` block a model reads, byte-identical to the mekik/ilmek renderer, and the catalog hash.

/** The sentence the renderer puts before the block unless told otherwise. */
export const DEFAULT_INTRO =
  "You have the following skills available. Each entry gives a skill's name and what it is for. When a task matches a skill, load that skill's full instructions by name before you act on the task.";

/** What level 1 shows of one skill. */
export interface SkillSummaryText {
  name: string;
  description: string;
}

/** What the catalog hash covers of one skill (the same fields the catalog frame carries). */
export interface CatalogSummary {
  name: string;
  description: string;
  tags?: string[];
}

/** Escapes the three characters the renderer escapes, `&` first so entities are not doubled. */
export function escapeLevel1(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * Renders the `<available_skills>` block for skills in the order given: intro (default sentence
 * when omitted), one blank line, the block; lines joined by "\n", no trailing newline. An empty list
 * renders "" and a null or empty intro renders the block alone.
 */
export function renderAvailableSkills(
  skills: readonly SkillSummaryText[],
  intro: string | null = DEFAULT_INTRO,
): string {
  if (skills.length === 0) return "";
  const lines = ["<available_skills>"];
  for (const skill of skills) {
    lines.push(
      "  <skill>",
      `    <name>${escapeLevel1(skill.name)}</name>`,
      `    <description>${escapeLevel1(skill.description)}</description>`,
      "  </skill>",
    );
  }
  lines.push("</available_skills>");
  const block = lines.join("\n");
  return intro ? `${intro}\n\n${block}` : block;
}

/** JSON with object keys sorted at every level and no whitespace, so equal data hashes equally. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? "null" : canonicalJson(item))).join(",")}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(",")}}`;
}

/**
 * Versions a catalog: SHA-256 (lowercase hex) of the canonical JSON of `{name, description, tags?}`
 * sorted by name; other fields do not change it, and an empty catalog hashes to "".
 */
export async function catalogHash(summaries: readonly CatalogSummary[]): Promise<string> {
  if (summaries.length === 0) return "";
  const picked = summaries
    .map((s) =>
      s.tags === undefined
        ? { name: s.name, description: s.description }
        : { name: s.name, description: s.description, tags: s.tags },
    )
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const bytes = new TextEncoder().encode(canonicalJson(picked));
  const digest = await globalThis.crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
