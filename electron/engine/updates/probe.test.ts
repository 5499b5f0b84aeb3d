import { afterEach, describe, expect, it } from "vitest";
import { startSkillMetaServer, type SkillMetaServerOptions } from "../../../test-support/servers/skill-meta-server";
import { PROBE_CLIENT_NAMES, probeSkillMetaServer } from "./probe";

const running: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function probe(opts: SkillMetaServerOptions, latencyLimitMs = 60_000) {
  const server = await startSkillMetaServer(opts);
  running.push(server);
  const report = await probeSkillMetaServer(server.url, {
    timeoutMs: 15_000,
    latencyCalls: 3,
    latencyLimitMs,
    headers: opts.requireHeaders,
  });
  return { server, report, failed: report.checks.filter((c) => !c.pass).map((c) => c.id) };
}

describe("probeSkillMetaServer", () => {
  it("passes a server that follows the protocol, asking under every client name", async () => {
    const { server, report, failed } = await probe({});
    expect(report.reachable).toBe(true);
    expect(report.tool).toBe("agentkey_skill_meta");
    expect(failed).toEqual([]);
    expect(report.checks.map((c) => c.id).sort()).toEqual([
      "client-mapping",
      "empty-input",
      "idempotent",
      "latency",
      "meta.schema",
      "recipes",
      "tool-description",
      "tool-listed",
    ]);
    for (const name of PROBE_CLIENT_NAMES) expect(server.stats.clientNames).toContain(name);
  });

  it("passes an offline server (no version, no command) too", async () => {
    expect((await probe({ behaviour: "offline" })).failed).toEqual([]);
  });

  it("fails each broken MUST on its own line", async () => {
    expect((await probe({ behaviour: "absent" })).failed).toEqual(["tool-listed"]);
    expect((await probe({ noDescription: true })).failed).toEqual(["tool-description"]);
    expect((await probe({ unstable: true })).failed).toContain("idempotent");
    expect((await probe({ behaviour: "schema-invalid" })).failed).toEqual(
      expect.arrayContaining(["meta.schema", "client-mapping"]),
    );
    expect((await probe({ behaviour: "v2" })).failed).toContain("meta.schema");
    expect((await probe({ clientDetected: "claude" })).failed).toEqual(expect.arrayContaining(["client-mapping"]));
    expect((await probe({ recipe: { command: "npx -y skills update -g agentkey", kind: "shell" } })).failed).toEqual([
      "recipes",
    ]);
    expect((await probe({ behaviour: "error" })).failed).toEqual(
      expect.arrayContaining(["empty-input", "idempotent", "meta.schema"]),
    );
  });

  it("fails the latency check against its limit (a limit no real call can meet)", async () => {
    const { failed, report } = await probe({}, 0);
    expect(failed).toEqual(["latency"]);
    expect(report.checks.find((c) => c.id === "latency")!.detail).toMatch(/median .* ms over 3 calls/);
  });

  it("sends probe headers to the server", async () => {
    const { failed } = await probe({ requireHeaders: { "x-api-key": "k-123" } });
    expect(failed).toEqual([]);
  });

  it("reports an unreachable URL as not reachable", async () => {
    const server = await startSkillMetaServer();
    const url = server.url;
    await server.close();
    const report = await probeSkillMetaServer(url, { timeoutMs: 1000 });
    expect(report.reachable).toBe(false);
    expect(report.problem).toMatch(/Could not connect/);
  });
});
