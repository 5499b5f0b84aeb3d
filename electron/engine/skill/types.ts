// What reading one skill folder yields; the plugin reader, discovery and the CLI build on it.
import type { Diagnostic, Profile, VersionSource } from "../../../shared/model";
import type { RealDirs } from "./real-dirs";

/** Options for reading a skill. */
export interface ReadSkillOptions {
  /** Rule set: the Agent Skills spec alone (default) or plus Claude Desktop's upload rules. */
  profile?: Profile;
  /** Check it as Claude Code reads it (its own keys valid); also implied for a folder in `.claude/skills`. */
  claudeCode?: boolean;
  /** The root of the plugin holding the skill, so `${CLAUDE_PLUGIN_ROOT}/…` links resolve against it. */
  pluginRoot?: string;
  /** The folder's real path when the caller has already resolved it (discovery has), sparing a realpath per skill. */
  realDir?: string;
  /** Real paths shared by one batch of skills (validate of many), when the caller has no realDir. */
  realDirs?: RealDirs;
}

/** One skill folder, read and validated. */
export interface SkillReport {
  /** The folder as given (absolute). */
  dir: string;
  /** The folder's real path (links resolved); equals dir when it is not a link. */
  realDir: string;
  /** The SKILL.md that was read (absolute), or null when none was found. */
  skillFile: string | null;
  /** Name from the frontmatter ("" when missing or not a string). */
  name: string;
  /** Description from the frontmatter ("" when missing or not a string). */
  description: string;
  /** Parsed frontmatter mapping, or null when it could not be read. */
  frontmatter: Record<string, unknown> | null;
  /** The instructions (everything after the closing `---` line). */
  body: string;
  /** 1-based line in SKILL.md where the body starts. */
  bodyStartLine: number;
  version: string | null;
  versionSource: VersionSource | null;
  /** Repository URL named by metadata.repository, a top-level repository or homepage, when present. */
  repository: string | null;
  diagnostics: Diagnostic[];
  /** No error-severity diagnostic. */
  valid: boolean;
}
