// A folder holding `.claude-plugin/marketplace.json` is a marketplace whatever else sits at its root: one decision of
// what that root also is, shared by the paths `validate` is given and the folders its search finds.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { MAX_MANIFEST_BYTES, parseJsonWithinLimits } from "../fs/json-limits";

/** True when `file` is a regular file (through links); false when not or when that cannot be told. */
function isFile(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

const MARKETPLACE_SUFFIX = path.sep + path.join(".claude-plugin", "marketplace.json");

/** True when `dir` holds `.claude-plugin/marketplace.json` (one stat). */
export function isMarketplaceRoot(dir: string): boolean {
  // Joined by hand, not by path.join: the search asks this of every folder it meets.
  return isFile((dir.endsWith(path.sep) ? dir.slice(0, -1) : dir) + MARKETPLACE_SUFFIX);
}

/** True when a root plugin.json declares an Agent Plugins `$schema` (a plugin.json without one is another tool's file). */
function declaresAgentPluginsSchema(file: string): boolean {
  try {
    if ((statSync(file, { throwIfNoEntry: false })?.size ?? Infinity) > 64 * 1024) return false;
    const parsed = parseJsonWithinLimits(readFileSync(file, "utf8"), { maxBytes: MAX_MANIFEST_BYTES });
    const value = parsed.ok ? parsed.value : null;
    return typeof value === "object" && value !== null && "$schema" in value;
  } catch {
    return false;
  }
}

/**
 * What a marketplace root holding a skill or plugin file of its own stands for: the marketplace, plus a plugin
 * (.claude-plugin/plugin.json, or a root plugin.json with `$schema`) or else a skill (a SKILL.md) — a root plugin.json
 * without `$schema` is another tool's file and adds nothing. Null for a root holding none of these files, which is
 * searched like any folder.
 */
export function marketplaceRootKinds(
  dir: string,
  names: readonly string[],
): Array<"marketplace" | "plugin" | "skill"> | null {
  const claudeManifest = isFile(path.join(dir, ".claude-plugin", "plugin.json"));
  const rootManifest = names.includes("plugin.json");
  const skill = names.some((n) => n.toLowerCase() === "skill.md");
  if (!claudeManifest && !rootManifest && !skill) return null;
  if (claudeManifest || (rootManifest && declaresAgentPluginsSchema(path.join(dir, "plugin.json"))))
    return ["marketplace", "plugin"];
  return skill ? ["marketplace", "skill"] : ["marketplace"];
}
