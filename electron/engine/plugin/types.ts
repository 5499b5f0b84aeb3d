// What reading one Agent Plugins package yields; discovery and the CLI build on it.
import type { Diagnostic, PluginMcpServer, Profile } from "../../../shared/model";
import type { SkillReport } from "../skill/types";

/** Options for reading a plugin. */
export interface ReadPluginOptions {
  /** Rule set applied to the plugin's skills. */
  profile?: Profile;
}

/** One plugin package, read and validated with the failure levels of Agent Plugins 1.0.0 §11. */
export interface PluginReport {
  /** The plugin root as given (absolute). */
  root: string;
  /** The manifest's name, or the folder's name when the manifest has none. */
  name: string;
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
  /** False only when a manifest failure is fatal (a client would not load it at all). */
  loads: boolean;
}
