// `skillshelf probe-meta URL`: a pass/fail table of a skill-meta server against the protocol's server MUSTs.
import { DEFAULT_META_TIMEOUT_MS } from "../../engine/updates/meta-client";
import { DEFAULT_LATENCY_LIMIT_MS, probeSkillMetaServer, type ProbeReport } from "../../engine/updates/probe";
import { redactUrl } from "../../engine/updates/endpoints";
import { UsageError, listFlag, printJson, stringFlag, type CliCommand, type CliIo } from "../command";
import { safe } from "./report-format";

/** Parses repeated `--header "K: V"` flags; the values stay in memory and are never printed. */
function parseHeaders(raw: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const item of raw) {
    const colon = item.indexOf(":");
    const name = colon > 0 ? item.slice(0, colon).trim() : "";
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
      throw new UsageError(`--header needs the form "Name: value" (got a header without a valid name).`);
    headers[name] = item.slice(colon + 1).trim();
  }
  return headers;
}

/** Renders the probe's table for people. */
function formatProbe(report: ProbeReport): string {
  const lines = [
    `skill-meta server ${safe(redactUrl(report.url))}${report.tool ? `  tool ${safe(report.tool)}` : ""}`,
    "",
  ];
  const width = Math.max(...report.checks.map((c) => c.title.length), 10);
  for (const c of report.checks)
    lines.push(`  ${c.pass ? "PASS" : "FAIL"}  ${c.title.padEnd(width)}  ${safe(c.detail)}`);
  const failed = report.checks.filter((c) => !c.pass).length;
  lines.push(
    "",
    failed === 0 ? `All ${report.checks.length} checks passed.` : `${failed} of ${report.checks.length} checks failed.`,
  );
  return lines.join("\n") + "\n";
}

/** The `probe-meta` command. */
export const probeMetaCommand: CliCommand = {
  name: "probe-meta",
  summary: "Check a skill-meta MCP server against the protocol's server rules (pass/fail table).",
  usage:
    'skillshelf probe-meta URL [--header "K: V"]... [--tool NAME] [--timeout-ms N] [--latency-limit-ms N] [--json]',
  options: {
    header: { type: "string", multiple: true },
    tool: { type: "string" },
    "timeout-ms": { type: "string" },
    "latency-limit-ms": { type: "string" },
    json: { type: "boolean" },
  },
  run: async (args, io: CliIo) => {
    if (args.positionals.length !== 1) throw new UsageError("give exactly one server URL.");
    const url = args.positionals[0]!;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new UsageError(`"${url}" is not a URL.`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
      throw new UsageError("the server URL must be http(s).");
    const headers = parseHeaders(listFlag(args, "header"));
    const timeoutFlag = stringFlag(args, "timeout-ms");
    const timeoutMs = timeoutFlag === undefined ? DEFAULT_META_TIMEOUT_MS : Number(timeoutFlag);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
      throw new UsageError("--timeout-ms needs a positive whole number.");
    const limitFlag = stringFlag(args, "latency-limit-ms");
    const latencyLimitMs = limitFlag === undefined ? DEFAULT_LATENCY_LIMIT_MS : Number(limitFlag);
    if (!Number.isFinite(latencyLimitMs) || latencyLimitMs < 0)
      throw new UsageError("--latency-limit-ms needs a number of milliseconds.");
    const report = await probeSkillMetaServer(url, {
      headers,
      tool: stringFlag(args, "tool"),
      timeoutMs,
      latencyLimitMs,
    });
    const redacted = { ...report, url: redactUrl(report.url) };
    if (args.values.json) printJson(io, redacted);
    if (!report.reachable) {
      io.stderr(
        `skillshelf probe-meta: ${report.problem === undefined ? "the server could not be reached." : safe(report.problem)}\n`,
      );
      return 2;
    }
    if (!args.values.json) io.stdout(formatProbe(redacted));
    return report.checks.length > 0 && report.checks.every((c) => c.pass) ? 0 : 1;
  },
};
