// The MCP Skills extension's names and answers as Skillshelf reads them. The SEP-2640 text could not be read when this
// was written: the names below are taken from issue #36's summary of it (docs/mcp-skills.md says which are assumed).
import { isPlainObject } from "../plugin/diagnostics";

/** The extension's identifier in the server's `capabilities.extensions` (from the issue text). */
export const SKILLS_EXTENSION = "io.modelcontextprotocol/skills";
/** The method listing a server's skills (from the issue text). */
export const SKILLS_LIST = "skills/list";
/** The method giving one skill's frontmatter and files (from the issue text). */
export const SKILLS_GET = "skills/get";
/** The scheme of the resources a skill's files are read as (from the issue text). */
export const SKILL_SCHEME = "skill:";

/** One skill a server lists: its name and description (assumed field names). */
export interface ListedSkill {
  name: string;
  description: string;
}

/** One file of a skill as `skills/get` describes it (assumed field names: path, uri, size, sha256). */
export interface SkillFile {
  path: string;
  uri: string;
  size: number;
  sha256: string;
}

/** One skill as `skills/get` describes it. */
export interface DescribedSkill {
  name: string;
  frontmatter: Record<string, unknown>;
  files: SkillFile[];
}

const HEX64 = /^[0-9a-f]{64}$/;

/** A digest as lowercase hex: plain hex or "sha256:hex" (both accepted); null for anything else. */
export function sha256Of(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const hex = raw.replace(/^sha256:/i, "").toLowerCase();
  return HEX64.test(hex) ? hex : null;
}

/** The skills of a `skills/list` answer (`{ skills: [{ name, description }], nextCursor? }`), or null when it is not one. */
export function listedSkillsOf(result: unknown): { skills: ListedSkill[]; nextCursor: string | null } | null {
  if (!isPlainObject(result) || !Array.isArray(result.skills)) return null;
  const skills: ListedSkill[] = [];
  for (const s of result.skills) {
    if (!isPlainObject(s) || typeof s.name !== "string") return null;
    skills.push({ name: s.name, description: typeof s.description === "string" ? s.description : "" });
  }
  const next = typeof result.nextCursor === "string" && result.nextCursor ? result.nextCursor : null;
  return { skills, nextCursor: next };
}

/** Why a `skills/get` answer cannot be used, or the skill it describes (`{ skill: {...} }` or the skill itself). */
export function describedSkillOf(result: unknown): DescribedSkill | string {
  const skill = isPlainObject(result) && isPlainObject(result.skill) ? result.skill : result;
  if (!isPlainObject(skill) || typeof skill.name !== "string") return "it names no skill";
  if (!Array.isArray(skill.files)) return "it lists no files";
  const files: SkillFile[] = [];
  for (const f of skill.files) {
    if (!isPlainObject(f) || typeof f.path !== "string" || !f.path) return "a file in it has no path";
    const sha256 = sha256Of(f.sha256 ?? f.digest);
    if (!sha256) return `the file "${f.path.slice(0, 200)}" has no SHA-256 digest`;
    if (typeof f.size !== "number" || !Number.isSafeInteger(f.size) || f.size < 0)
      return `the file "${f.path.slice(0, 200)}" has no size`;
    const uri = typeof f.uri === "string" && f.uri ? f.uri : `skill://${skill.name}/${f.path}`;
    files.push({ path: f.path, uri, size: f.size, sha256 });
  }
  return {
    name: skill.name,
    frontmatter: isPlainObject(skill.frontmatter) ? skill.frontmatter : {},
    files,
  };
}
