// Reads one plugin: an Agent Plugins 1.0.0 package (root plugin.json) with the failure levels of §11, or a Claude Code
// plugin (.claude-plugin/plugin.json, or the standard layout where the caller knows it is one) as Claude Code reads it.
import { stat } from "node:fs/promises";
import path from "node:path";
import { realpathOrNull } from "../fs/safe-fs";
import { entryNames } from "./containment";
import { hasNoErrors } from "../skill/diagnostics";
import { hasClaudeManifest, readClaudeCodePlugin, readClaudeManifest } from "./claude-plugin";
import { descriptionOf, repositoryOf } from "./claude-json";
import { diagnostic } from "./diagnostics";
import { readManifest } from "./manifest";
import { readMcpConfig } from "./mcp-config";
import { discoverSkills } from "./skills";
import type { PluginReport, ReadPluginOptions } from "./types";

/**
 * Reads and validates the plugin at root; never throws on bad input, and discovers no component when the manifest is
 * fatal. A root plugin.json makes it an Agent Plugin (a .claude-plugin/plugin.json beside it is checked too, since Claude
 * Code reads that one); else .claude-plugin/plugin.json or `options.claudeCode` make it a Claude Code plugin.
 */
export async function readPlugin(root: string, options: ReadPluginOptions = {}): Promise<PluginReport> {
  const abs = path.resolve(root);
  const report: PluginReport = {
    root: abs,
    name: path.basename(abs),
    format: "agent-plugins",
    manifest: null,
    version: null,
    description: null,
    repository: null,
    skills: [],
    mcpServers: [],
    diagnostics: [],
    valid: false,
    loads: false,
  };
  const realRoot = await realpathOrNull(abs);
  const isDir = realRoot ? (await stat(realRoot).catch(() => null))?.isDirectory() === true : false;
  const rootEntries = realRoot && isDir ? await entryNames(abs) : null;
  if (!realRoot || !rootEntries) {
    report.diagnostics.push(
      diagnostic(
        "plugin.manifest.missing",
        "error",
        abs,
        isDir ? "The plugin folder cannot be read." : "The plugin folder does not exist or is not a folder.",
        {
          fix: "Point at the plugin's root folder, the one holding plugin.json.",
        },
      ),
    );
    return report;
  }
  if (!rootEntries.has("plugin.json") && (options.claudeCode || (await hasClaudeManifest(abs, rootEntries)))) {
    await readClaudeCodePlugin(
      report,
      realRoot,
      rootEntries,
      await readClaudeManifest(abs, realRoot, rootEntries),
      options,
    );
    return report;
  }
  const manifest = await readManifest(abs, realRoot, rootEntries);
  const claude = await readClaudeManifest(abs, realRoot, rootEntries);
  report.description = descriptionOf(manifest.manifest) ?? descriptionOf(claude.manifest);
  report.repository = repositoryOf(manifest.manifest) ?? repositoryOf(claude.manifest);
  report.diagnostics.push(...manifest.diagnostics, ...claude.diagnostics);
  report.manifest = manifest.manifest;
  report.version = manifest.version;
  if (manifest.name) report.name = manifest.name;
  if (manifest.fatal) return report;
  const [skills, mcp] = await Promise.all([
    discoverSkills(abs, realRoot, rootEntries, options.profile),
    readMcpConfig(abs, realRoot, rootEntries, manifest.specVersion),
  ]);
  report.skills = skills.skills;
  report.mcpServers = mcp.servers;
  report.diagnostics.push(...skills.diagnostics, ...mcp.diagnostics);
  report.loads = true;
  report.valid = hasNoErrors(report.diagnostics) && report.skills.every((skill) => skill.valid);
  return report;
}
