// Checks a skill-meta server against the protocol's server MUSTs: tool name and description, `{}`
// accepted, idempotent answers, schema-valid responses, steady-state latency, and the client mapping
// and baseline recipe tables (by connecting under different clientInfo names).
import { performance } from "node:perf_hooks";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { parseJsonWithinLimits } from "../fs/json-limits";
import { validateSkillMeta } from "../schemas";
import { VERSION } from "../version";
import { DEFAULT_META_TIMEOUT_MS, httpTransport } from "./meta-client";
import { NO_RECIPE_CLIENTS, baselineRecipe, detectClient, skillOfMetaTool } from "./protocol-tables";

/** One line of the probe's table. */
export interface ProbeCheck {
  id: string;
  title: string;
  pass: boolean;
  detail: string;
}

/** The probe's outcome: `reachable` false means the URL could not be used at all (exit 2). */
export interface ProbeReport {
  url: string;
  reachable: boolean;
  problem?: string;
  tool?: string;
  checks: ProbeCheck[];
}

/** Options of the probe. */
export interface ProbeOptions {
  headers?: Record<string, string>;
  /** The tool to check; by default the first `<skill>_skill_meta` tool listed. */
  tool?: string;
  timeoutMs?: number;
  /** Calls timed for the latency check (after one warm-up call). */
  latencyCalls?: number;
  latencyLimitMs?: number;
}

/** The steady-state latency a server must stay under unless told otherwise (ms). */
export const DEFAULT_LATENCY_LIMIT_MS = 200;

/**
 * clientInfo names tried, each unambiguous under the mapping table.
 * Exported for tests: they check the server heard each name.
 */
export const PROBE_CLIENT_NAMES = [
  "Claude Code",
  "Claude Desktop",
  "Cursor",
  "Codex",
  "Cline",
  "Windsurf",
  "Continue",
  "skillshelf-probe",
];

async function connect(url: string, name: string, options: ProbeOptions): Promise<Client> {
  const client = new Client({ name, version: VERSION });
  client.onerror = () => undefined;
  await client.connect(httpTransport(url, options.headers ?? {}), {
    timeout: options.timeoutMs ?? DEFAULT_META_TIMEOUT_MS,
  });
  return client;
}

type CallOutcome = { ok: true; value: unknown } | { ok: false; why: string };

async function callOnce(client: Client, tool: string, timeoutMs: number): Promise<CallOutcome> {
  try {
    const result = (await client.callTool({ name: tool, arguments: {} }, undefined, { timeout: timeoutMs })) as Record<
      string,
      unknown
    >;
    if (result.isError === true) return { ok: false, why: "the tool reported an error" };
    if (result.structuredContent && typeof result.structuredContent === "object")
      return { ok: true, value: result.structuredContent };
    const text = (
      Array.isArray(result.content) ? (result.content as Array<{ type?: string; text?: string }>) : []
    ).find((c) => c.type === "text")?.text;
    if (typeof text !== "string") return { ok: false, why: "no text content" };
    const parsed = parseJsonWithinLimits(text);
    return parsed.ok ? { ok: true, value: parsed.value } : { ok: false, why: "the text is not JSON" };
  } catch (error) {
    return { ok: false, why: `the call failed (${(error as Error).name})` };
  }
}

const check = (id: string, title: string, pass: boolean, detail: string): ProbeCheck => ({ id, title, pass, detail });

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/** Why an answer breaks the baseline recipe table, or null when it follows it. */
function recipeProblem(clientDetected: string, skill: string, value: Record<string, unknown>): string | null {
  const got =
    value.update_command === undefined
      ? "no command"
      : `${JSON.stringify(value.update_command_kind)} ${JSON.stringify(value.update_command)}`;
  const recipe = baselineRecipe(clientDetected, skill);
  if (value.skill_version_latest === "" || NO_RECIPE_CLIENTS.has(clientDetected)) {
    return value.update_command === undefined ? null : `got ${got}, expected no command`;
  }
  if (!recipe) return null;
  return value.update_command === recipe.command && value.update_command_kind === recipe.kind
    ? null
    : `got ${got}, expected shell ${JSON.stringify(recipe.command)}`;
}

/** Runs every check; never throws. */
export async function probeSkillMetaServer(url: string, options: ProbeOptions = {}): Promise<ProbeReport> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_META_TIMEOUT_MS;
  const report: ProbeReport = { url, reachable: false, checks: [] };
  let main: Client;
  try {
    main = await connect(url, "skillshelf", options);
  } catch (error) {
    return { ...report, problem: `Could not connect to an MCP server there (${(error as Error).name}).` };
  }
  report.reachable = true;
  const responses: unknown[] = [];
  try {
    const { tools } = await main.listTools({}, { timeout: timeoutMs });
    const metaTools = tools.filter((t) => skillOfMetaTool(t.name) !== null);
    const tool = options.tool ? tools.find((t) => t.name === options.tool) : metaTools[0];
    report.checks.push(
      check(
        "tool-listed",
        "a `<skill>_skill_meta` tool is listed",
        !!tool,
        tool ? `found ${tool.name}` : `listed: ${tools.map((t) => t.name).join(", ") || "no tools"}`,
      ),
    );
    if (!tool) return report;
    report.tool = tool.name;
    const skill = skillOfMetaTool(tool.name) ?? tool.name;
    const description = (tool.description ?? "").trim();
    report.checks.push(
      check(
        "tool-description",
        "the tool has a description",
        description.length > 0,
        description ? `${description.length} characters` : "no description",
      ),
    );
    const required = (tool.inputSchema as { required?: unknown })?.required;
    const first = await callOnce(main, tool.name, timeoutMs);
    report.checks.push(
      check(
        "empty-input",
        "`{}` is accepted (no required parameters)",
        first.ok && !(Array.isArray(required) && required.length > 0),
        first.ok
          ? Array.isArray(required) && required.length
            ? `declares required: ${required.join(", ")}`
            : "answered"
          : first.why,
      ),
    );
    const second = await callOnce(main, tool.name, timeoutMs);
    if (first.ok) responses.push(first.value);
    if (second.ok) responses.push(second.value);
    report.checks.push(
      check(
        "idempotent",
        "two calls give the same answer",
        first.ok && second.ok && stable(first.value) === stable(second.value),
        first.ok && second.ok
          ? stable(first.value) === stable(second.value)
            ? "identical"
            : "the answers differ"
          : "a call failed",
      ),
    );

    const calls = Math.max(3, options.latencyCalls ?? 10);
    const times: number[] = [];
    for (let i = 0; i < calls; i++) {
      const t0 = performance.now();
      const r = await callOnce(main, tool.name, timeoutMs);
      times.push(performance.now() - t0);
      if (r.ok) responses.push(r.value);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const limit = options.latencyLimitMs ?? DEFAULT_LATENCY_LIMIT_MS;
    report.checks.push(
      check(
        "latency",
        `steady-state latency under ${limit} ms`,
        median < limit,
        `median ${median.toFixed(1)} ms over ${calls} calls (max ${times[times.length - 1]!.toFixed(1)} ms)`,
      ),
    );

    const mapping: string[] = [];
    const recipes: string[] = [];
    let mappingOk = true;
    let recipesOk = true;
    for (const name of PROBE_CLIENT_NAMES) {
      let client: Client | null = null;
      try {
        client = await connect(url, name, options);
        const r = await callOnce(client, tool.name, timeoutMs);
        if (!r.ok) {
          mappingOk = recipesOk = false;
          mapping.push(`${name}: ${r.why}`);
          continue;
        }
        responses.push(r.value);
        const value = r.value as Record<string, unknown>;
        const expected = detectClient(name);
        if (value.client_detected !== expected) {
          mappingOk = false;
          mapping.push(`"${name}" → ${JSON.stringify(value.client_detected)}, expected "${expected}"`);
        }
        const problem = recipeProblem(expected, skill, value);
        if (problem) {
          recipesOk = false;
          recipes.push(`"${name}" (${expected}): ${problem}`);
        }
      } catch (error) {
        mappingOk = recipesOk = false;
        mapping.push(`${name}: could not connect (${(error as Error).name})`);
      } finally {
        await client?.close().catch(() => undefined);
      }
    }
    report.checks.push(
      check(
        "client-mapping",
        "client_detected follows the mapping table",
        mappingOk,
        mappingOk ? `${PROBE_CLIENT_NAMES.length} client names mapped as the table says` : mapping.join("; "),
      ),
    );
    report.checks.push(
      check(
        "recipes",
        "update commands follow the baseline recipe table",
        recipesOk,
        recipesOk ? "shell for claude-code, cursor, codex; none for claude and unknown" : recipes.join("; "),
      ),
    );

    const invalid = responses.map((r) => validateSkillMeta(r)).filter((r) => !r.ok);
    const firstIssue = invalid[0] && !invalid[0].ok ? invalid[0].errors[0] : undefined;
    report.checks.push(
      check(
        "meta.schema",
        "every response passes the skill-meta v1 schema",
        responses.length > 0 && invalid.length === 0,
        invalid.length === 0
          ? `${responses.length} responses valid`
          : `${invalid.length} of ${responses.length} invalid${firstIssue ? ` (${firstIssue.path || "/"} ${firstIssue.message})` : ""}`,
      ),
    );
  } catch (error) {
    report.checks.push(
      check(
        "tool-listed",
        "a `<skill>_skill_meta` tool is listed",
        false,
        `listing tools failed (${(error as Error).name})`,
      ),
    );
  } finally {
    await main.close().catch(() => undefined);
  }
  return report;
}
