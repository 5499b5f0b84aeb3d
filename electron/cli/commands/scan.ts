// `skillshelf scan`: every skill and plugin for a home and platform (plus --include folders), as text or JSON.
import type { Location, ScanResult, Skill } from "../../../shared/model";
import { severityCounts } from "../../../shared/ui-catalog";
import { scan } from "../../engine/discovery/scan";
import { UsageError, printJson, type CliCommand, type CliIo } from "../command";
import { SCAN_FLAGS_USAGE, readScanFlags, scanFlagOptions } from "../scan-flags";
import { plural, safe } from "./report-format";

function skillLine(skill: Skill, at: string): string {
  const { error: errors, warning: warnings } = severityCounts(skill.diagnostics);
  const parts = [skill.valid ? "ok " : "ERR", safe(skill.name)];
  parts.push(skill.version ? `${safe(skill.version)} (${skill.versionSource})` : "no version");
  if (errors || warnings) parts.push(`[${plural(errors, "error")}, ${plural(warnings, "warning")}]`);
  if (skill.desktop)
    parts.push(
      skill.desktop.enabled === false ? "disabled" : skill.desktop.enabled ? "enabled" : "not in manifest",
      `by ${safe(skill.desktop.creatorType ?? "unknown")}`,
    );
  if (!skill.userOwned) parts.push("managed by the client");
  if (at !== skill.dir) parts.push(`-> link to ${safe(skill.realDir)}`);
  else if (skill.links.length) parts.push(`(also linked from ${skill.links.map(safe).join(", ")})`);
  if (skill.drift?.length) parts.push(`DRIFT: differs from ${skill.drift.map(safe).join(", ")}`);
  return `    ${parts.join("  ")}`;
}

function locationHeader(loc: Location): string {
  const bits = [`  ${safe(loc.label ?? loc.path)}`];
  if (loc.readOnly) bits.push("(read-only)");
  if (loc.desktop?.lastUpdated) bits.push(`manifest updated ${safe(loc.desktop.lastUpdated)}`);
  return `${bits.join("  ")}\n    ${safe(loc.path)}`;
}

/** Renders a scan for people: skills grouped by client and location, then plugins, problems and a summary line. */
export function formatScan(result: ScanResult): string {
  const lines: string[] = [];
  const byLocation = new Map<string, Array<{ skill: Skill; at: string }>>();
  for (const skill of result.skills) {
    if (skill.pluginId) continue;
    for (const p of skill.placements ?? [{ locationId: skill.locationId, path: skill.dir }]) {
      const list = byLocation.get(p.locationId) ?? [];
      list.push({ skill, at: p.path });
      byLocation.set(p.locationId, list);
    }
  }
  let client = "";
  for (const loc of result.locations) {
    const here = byLocation.get(loc.id);
    if (!here?.length) continue;
    if (loc.client !== client) {
      client = loc.client;
      lines.push("", `${client}`);
    }
    lines.push(locationHeader(loc));
    for (const { skill, at } of here) lines.push(skillLine(skill, at));
  }
  if (result.plugins.length) {
    lines.push("", "plugins");
    for (const plugin of result.plugins) {
      lines.push(
        `  ${plugin.valid ? "ok " : "ERR"} ${safe(plugin.name)} ${plugin.version === null ? "no version" : safe(plugin.version)}${plugin.format === "claude-code" ? "  Claude Code plugin" : ""}${plugin.loads ? "" : plugin.format === "claude-code" ? "  (Claude Code would not load it)" : "  (a client would not load it)"}`,
        `    ${safe(plugin.root)}`,
      );
      for (const skill of plugin.skills) lines.push(skillLine(skill, skill.dir));
    }
  }
  if (result.diagnostics.length) {
    lines.push("", "problems found while scanning");
    for (const d of result.diagnostics) lines.push(`  ${d.severity}  ${safe(d.code)}  ${safe(d.message)}`);
  }
  if (result.skills.length === 0) {
    lines.push(
      "",
      `No skills found in the ${plural(result.locations.length, "place")} looked at (${result.locations.filter((l) => l.exists).length} exist). Add a folder with --include DIR.`,
    );
  }
  const all = [
    ...result.diagnostics,
    ...result.skills.flatMap((s) => s.diagnostics),
    ...result.plugins.flatMap((p) => p.diagnostics),
  ];
  const trees = result.locations.filter((l) => l.desktop?.accountTree).length;
  const invalid = result.skills.filter((s) => !s.valid).length;
  const totals = severityCounts(all);
  lines.push(
    "",
    `${plural(result.skills.length, "skill")} (${invalid} invalid), ${plural(result.plugins.length, "plugin")}, ${plural(totals.error, "error")}, ${plural(totals.warning, "warning")}, ${plural(trees, "Claude Desktop tree")} found.`,
  );
  return lines.join("\n").replace(/^\n/, "") + "\n";
}

/** The `scan` command. */
export const scanCommand: CliCommand = {
  name: "scan",
  summary: "Find every skill and plugin on this machine (or a given home) and check each one.",
  usage: `skillshelf scan ${SCAN_FLAGS_USAGE} [--json]`,
  options: {
    ...scanFlagOptions,
    json: { type: "boolean" },
  },
  run: async (args, io: CliIo) => {
    if (args.positionals.length) throw new UsageError(`unexpected argument "${args.positionals[0]}".`);
    const result = await scan(await readScanFlags(args, io));
    if (args.values.json) printJson(io, result);
    else io.stdout(formatScan(result));
    return 0;
  },
};
