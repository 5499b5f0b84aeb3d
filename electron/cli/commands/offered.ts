// `skillshelf offered`: which skills the MCP servers in the user's clients' configs, the app's settings and `--server`
// offer through the Skills extension, without installing anything; local servers start only when approved.
import type { OfferedServer, OfferedSkillsResult } from "../../../shared/offered-skills";
import { formatBytes } from "../../../shared/format";
import { findOfferedSkills } from "../../engine/mcp-skills/offered-sources";
import { scan } from "../../engine/discovery/scan";
import { UsageError, printJson, type CliCommand, type CliIo } from "../command";
import { SCAN_FLAGS_USAGE, readScanFlags, scanFlagOptions } from "../scan-flags";
import { readSourceFlags } from "../source-flags";
import { loadCheckSources } from "./check-sources";
import { plural, safe } from "./report-format";

function serverLines(server: OfferedServer): string[] {
  const where = server.configuredIn === "settings" ? "settings or --server" : safe(server.configuredIn);
  const lines = [`${safe(server.name)} (${safe(server.address)}) — from ${where}`];
  if (server.state === "failed") return [...lines, `  could not be asked: ${safe(server.error)}`];
  if (server.state === "none") return [...lines, "  does not offer skills (no Skills extension)"];
  lines.push(`  offers ${plural(server.skills.length + server.more, "skill")}`);
  for (const skill of server.skills) {
    const size = skill.files === null ? "" : `  ${plural(skill.files, "file")}, ${formatBytes(skill.bytes ?? 0)}`;
    lines.push(`    ${safe(skill.name) || "(no name)"}  ${safe(skill.uri)}${size}`);
    if (skill.description) lines.push(`      ${safe(skill.description.slice(0, 200))}`);
    if (skill.invalid) lines.push(`      cannot be added: ${safe(skill.invalid)}`);
    if (skill.asksForTools) lines.push("      asks for tools to be allowed (adding it needs --allow-tools)");
  }
  if (server.more) lines.push(`    … and ${server.more} more (not listed)`);
  if (server.addSource && server.skills.some((s) => !s.invalid))
    lines.push(
      `  preview: skillshelf levels ${safe(server.addSource)} --skill NAME`,
      `  add:     skillshelf add ${safe(server.addSource)} --skill NAME`,
    );
  return lines;
}

function formatOffered(result: OfferedSkillsResult): string {
  const lines: string[] = [];
  for (const server of result.servers) lines.push(...serverLines(server), "");
  if (!result.servers.length) lines.push("No MCP server is configured in your clients, the settings or --server.", "");
  for (const s of result.notApproved)
    lines.push(
      `Not started (local server not approved; approve it in the app or run with --stdio): ${safe(s.name)} — ${safe(s.command)}`,
    );
  for (const problem of result.problems) lines.push(`Not read: ${safe(problem)}`);
  const offering = result.servers.filter((s) => s.state === "offers");
  lines.push(
    `${plural(result.servers.length, "server")} asked, ${offering.length} offer${offering.length === 1 ? "s" : ""} skills.`,
  );
  return lines.join("\n") + "\n";
}

/** The `offered` command. */
export const offeredCommand: CliCommand = {
  name: "offered",
  summary: "List the skills your MCP servers offer (the Skills extension), without installing anything.",
  usage: `skillshelf offered ${SCAN_FLAGS_USAGE} [--server URL]... [--stdio] [--json]`,
  options: {
    ...scanFlagOptions,
    server: { type: "string", multiple: true },
    stdio: { type: "boolean" },
    json: { type: "boolean" },
  },
  async run(args, io: CliIo) {
    if (args.positionals.length) throw new UsageError(`unexpected argument "${args.positionals[0]}".`);
    const { servers } = readSourceFlags(args, io);
    const scanOptions = await readScanFlags(args, io);
    const { home, platform, include, env } = scanOptions;
    const { sources } = await loadCheckSources("offered", args, io, { platform, home });
    const { plugins } = await scan(scanOptions);
    const result = await findOfferedSkills({
      home,
      platform,
      env,
      projectDirs: include,
      pluginRoots: plugins.map((p) => p.root),
      extraServers: [...sources.servers, ...servers.map((url) => ({ url }))],
      includeStdio: sources.includeStdio,
      approvedStdio: (id) => sources.approvedStdio?.includes(id) ?? false,
    });
    if (args.values.json) printJson(io, result);
    else io.stdout(formatOffered(result));
    return 0;
  },
};
