// What a scan will read: the plan's shapes and how a location is made, shared by the planner and --include
// (kept apart from plan.ts so that include.ts and plan.ts do not import each other).
import type { Diagnostic, Location } from "../../../shared/model";
import type { ClaudeCodeContext } from "../plugin/types";
import type { DesktopTree } from "./desktop";
import { locationId } from "./ids";

/** A location whose children (or itself) are skill folders. */
export interface SkillSource {
  location: Location;
  /** The folder whose children are skills, or the skill folder itself ("single"). */
  dir: string;
  mode: "children" | "single";
  depth: 1 | 2;
  exclude: string[];
  desktop?: DesktopTree;
}

/** A plugin root to read with the plugin reader. */
export interface PluginSource {
  location: Location;
  root: string;
  /** The version Claude Code's installed_plugins.json records, when it does. */
  installVersion: string | null;
  /** The name Claude Code's installed_plugins.json records ("name" of "name@marketplace"), when it does. */
  installName?: string;
  /** Set where the root is known to be a Claude Code plugin: it is read in Claude Code's standard layout even without a manifest. */
  claudeCode?: ClaudeCodeContext;
}

/** Everything a scan will read, and what planning it found wrong. */
export interface ScanPlan {
  locations: Location[];
  skillSources: SkillSource[];
  pluginSources: PluginSource[];
  diagnostics: Diagnostic[];
}

/** Builds a Location with its stable id. */
export function makeLocation(fields: Omit<Location, "id">): Location {
  return { id: locationId(fields.client, fields.scope, fields.path), ...fields, readOnly: fields.readOnly ?? false };
}
