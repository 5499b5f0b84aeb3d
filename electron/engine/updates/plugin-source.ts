// A plugin's own update source: the repository (and version) its manifest names, in the Agent Plugins manifest
// (plugin.json) or Claude Code's (.claude-plugin/plugin.json). Its skills fall back to it when they name none.
import path from "node:path";
import type { Plugin } from "../../../shared/model";
import { readTextFile } from "../fs/safe-fs";
import { repositoryOf } from "../plugin/claude-json";
import { isPlainObject } from "../plugin/diagnostics";
import { parseJsonWithinLimits } from "../fs/json-limits";

/** What a plugin says about where it comes from and which version it is. */
export interface PluginSource {
  repository: string | null;
  version: string | null;
}

/** A manifest is small; a larger one is not read for this. */
const MAX_MANIFEST_BYTES = 256 * 1024;

function versionIn(manifest: Record<string, unknown>): string | null {
  return typeof manifest.version === "string" && manifest.version.trim() !== ""
    ? manifest.version.trim().slice(0, 256)
    : null;
}

/** Claude Code's manifest, read inside the plugin folder only (a link out of it is not followed); null when absent or bad. */
async function claudeManifest(root: string): Promise<Record<string, unknown> | null> {
  const read = await readTextFile(path.join(root, ".claude-plugin", "plugin.json"), {
    maxBytes: MAX_MANIFEST_BYTES,
    root,
  });
  if (!read.ok) return null;
  try {
    const parsed = parseJsonWithinLimits(read.text);
    const value: unknown = parsed.ok ? parsed.value : null;
    return isPlainObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** The plugin's repository and version: the Agent Plugins manifest first, then Claude Code's; never throws. */
async function pluginSource(plugin: Plugin): Promise<PluginSource> {
  const agent = plugin.manifest && isPlainObject(plugin.manifest) ? plugin.manifest : null;
  let repository = agent ? repositoryOf(agent) : null;
  let version = plugin.version ?? (agent ? versionIn(agent) : null);
  if (repository === null || version === null) {
    const claude = await claudeManifest(plugin.root).catch(() => null);
    if (claude) {
      repository ??= repositoryOf(claude);
      version ??= versionIn(claude);
    }
  }
  return { repository, version };
}

/** The sources of every plugin, by plugin id. */
export async function pluginSources(plugins: readonly Plugin[]): Promise<Map<string, PluginSource>> {
  const entries = await Promise.all(plugins.map(async (p) => [p.id, await pluginSource(p)] as const));
  return new Map(entries);
}
