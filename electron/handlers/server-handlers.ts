// Settings' read-only list of the MCP servers the user's clients are configured with, and "Test", which runs the
// skill-meta probe (as `skillshelf probe-meta` does) against one of them; header values never leave this process.
import { createHash } from "node:crypto";
import path from "node:path";
import type { CommandHandlers, ConfiguredServer, ServerTestResult } from "../../shared/ipc";
import type { ScanOptions } from "../engine/discovery/types";
import { redactUrl, type McpEndpoint } from "../engine/updates/endpoints";
import { findMcpEndpoints } from "../engine/updates/mcp-config";
import { probeSkillMetaServer } from "../engine/updates/probe";
import { EngineError } from "../engine/errors";

type ServerHandlers = Pick<CommandHandlers, "servers:configured" | "servers:test">;

/** Bounds of one test: each request's timeout and the calls timed for latency. */
const TEST_TIMEOUT_MS = 5_000;
const TEST_LATENCY_CALLS = 3;

function serverId(endpoint: McpEndpoint, url: string): string {
  return createHash("sha256").update(`${endpoint.configuredIn}\n${endpoint.name}\n${url}`).digest("hex").slice(0, 32);
}

/** The MCP servers the configs of a session's home, projects and plugins name (local ones listed, never started). */
export function findSessionEndpoints(
  scanOptions: ScanOptions,
  pluginRoots: string[],
): ReturnType<typeof findMcpEndpoints> {
  const { home, platform, env, include } = scanOptions;
  return findMcpEndpoints({
    home,
    platform,
    env,
    projectDirs: include?.map((dir) => path.resolve(dir)),
    pluginRoots,
    includeStdio: false,
  });
}

/** The two server commands for a session's home; `probe` is replaceable for tests of the wiring only. */
export function createServerHandlers(options: {
  scanOptions: ScanOptions;
  pluginRoots: () => string[];
  probe?: typeof probeSkillMetaServer;
}): ServerHandlers {
  const probe = options.probe ?? probeSkillMetaServer;
  const find = () => findSessionEndpoints(options.scanOptions, options.pluginRoots());
  return {
    "servers:configured": async () => {
      const found = await find();
      const servers: ConfiguredServer[] = [];
      for (const endpoint of found.endpoints) {
        const t = endpoint.transport;
        if (t.type !== "http") continue;
        servers.push({
          id: serverId(endpoint, t.url),
          name: endpoint.name,
          kind: "http",
          address: redactUrl(t.url),
          configuredIn: endpoint.configuredIn,
          headerNames: t.headers.names(),
          testable: true,
        });
      }
      for (const command of found.stdio) {
        servers.push({
          id: command.id,
          name: command.name,
          kind: "stdio",
          address: [command.command, ...command.args].join(" "),
          configuredIn: command.configFile,
          headerNames: [],
          testable: false,
        });
      }
      return {
        servers,
        problems: found.sources.flatMap((s) => (s.problem ? [{ file: s.file, problem: s.problem }] : [])),
      };
    },
    "servers:test": async (id): Promise<ServerTestResult> => {
      const endpoint = (await find()).endpoints.find(
        (e) => e.transport.type === "http" && serverId(e, e.transport.url) === id,
      );
      if (!endpoint || endpoint.transport.type !== "http")
        throw new EngineError(
          "app.refused",
          "That server is no longer in your clients' configs. Reload the list and try again.",
        );
      const report = await probe(endpoint.transport.url, {
        headers: endpoint.transport.headers.reveal(),
        timeoutMs: TEST_TIMEOUT_MS,
        latencyCalls: TEST_LATENCY_CALLS,
      });
      const checks = report.checks.map((c) => ({ title: c.title, pass: c.pass, detail: c.detail }));
      if (!report.reachable)
        return { id, ok: false, summary: report.problem ?? "The server could not be reached.", checks };
      const failed = checks.filter((c) => !c.pass).length;
      const ok = checks.length > 0 && failed === 0;
      return {
        id,
        ok,
        summary: ok
          ? `Answers as a skill-meta server${report.tool ? ` (${report.tool})` : ""}: every check passed.`
          : `${failed} of ${checks.length} checks failed.`,
        checks,
      };
    },
  };
}
