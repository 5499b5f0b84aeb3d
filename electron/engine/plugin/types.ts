// What reading one plugin (Agent Plugins 1.0.0 or Claude Code) yields; discovery and the CLI build on it.
import type { Diagnostic, PluginFormat, PluginMcpServer, Profile } from "../../../shared/model";
import type { SkillReport } from "../skill/types";

/** Options for reading a plugin. */
export interface ReadPluginOptions {
  /** Rule set applied to the plugin's skills. */
  profile?: Profile;
  /**
   * Read a folder without plugin.json as a Claude Code plugin even when it has no .claude-plugin/plugin.json (Claude
   * Code loads the standard layout then): set for installed Claude Code plugins, marketplace entries and folders of plugins.
   */
  claudeCode?: ClaudeCodeContext;
}

/** What the place a Claude Code plugin was found in says about it. */
export interface ClaudeCodeContext {
  /** The name Claude Code gives the plugin when it has no manifest (the marketplace entry's or installed name). */
  name?: string;
  /** A marketplace entry with `strict: false`: it defines the plugin's metadata and components in place of a manifest. */
  entry?: Record<string, unknown>;
  /** Where the marketplace says the plugin comes from (its github/git source), used when the manifest names no repository. */
  repository?: string;
}

/** One plugin package, read and validated with the failure levels of Agent Plugins 1.0.0 §11. */
export interface PluginReport {
  /** The plugin root as given (absolute). */
  root: string;
  /** The manifest's name, or the folder's name when the manifest has none. */
  name: string;
  format: PluginFormat;
  /** The manifest's description (trimmed), or null. */
  description: string | null;
  /** The repository URL the manifest names, or null. */
  repository: string | null;
  /** The parsed plugin.json object (unknown fields included), or null when unreadable. */
  manifest: Record<string, unknown> | null;
  version: string | null;
  /** Every discovered skill (immediate children of skills/ with an exact SKILL.md), valid or skipped. */
  skills: SkillReport[];
  /** Every server of mcp.json, valid or skipped (no headers, no env values: they may hold secrets). */
  mcpServers: PluginMcpServer[];
  /** Plugin-level diagnostics (manifest, skills/ folder, mcp.json, servers). Skills keep their own. */
  diagnostics: Diagnostic[];
  /** No error anywhere: plugin-level, skills and servers included. */
  valid: boolean;
  /** Whether the client the format is made for would load it (false only for a fatal manifest failure). */
  loads: boolean;
}
