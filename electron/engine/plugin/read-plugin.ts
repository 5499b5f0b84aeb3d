// Reads one Agent Plugins 1.0.0 package with the failure levels of §11: fatal, component-invalid, entry-skipped, report-and-ignore.
import { stat } from "node:fs/promises";
import path from "node:path";
import { realpathOrNull } from "../fs/safe-fs";
import { entryNames } from "./containment";
import { hasNoErrors } from "../skill/diagnostics";
import { diagnostic } from "./diagnostics";
import { readManifest } from "./manifest";
import { readMcpConfig } from "./mcp-config";
import { discoverSkills } from "./skills";
import type { PluginReport, ReadPluginOptions } from "./types";

/** Reads and validates the plugin at root; never throws on bad input, and discovers no component when the manifest is fatal. */
export async function readPlugin(root: string, options: ReadPluginOptions = {}): Promise<PluginReport> {
  const abs = path.resolve(root);
  const report: PluginReport = { root: abs, name: path.basename(abs), manifest: null, version: null, skills: [], mcpServers: [], diagnostics: [], valid: false, loads: false };
  const realRoot = await realpathOrNull(abs);
  const isDir = realRoot ? (await stat(realRoot).catch(() => null))?.isDirectory() === true : false;
  const rootEntries = realRoot && isDir ? await entryNames(abs) : null;
  if (!realRoot || !rootEntries) {
    report.diagnostics.push(diagnostic("plugin.manifest.missing", "error", abs, isDir ? "The plugin folder cannot be read." : "The plugin folder does not exist or is not a folder.", {
      fix: "Point at the plugin's root folder, the one holding plugin.json.",
    }));
    return report;
  }
  const manifest = await readManifest(abs, realRoot, rootEntries);
  report.diagnostics.push(...manifest.diagnostics);
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
