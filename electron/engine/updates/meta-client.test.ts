import { afterEach, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startSkillMetaServer, type RunningSkillMetaServer } from "../../../test-support/servers/skill-meta-server";
import { queryServer } from "./meta-client";
import { urlEndpoint } from "./endpoints";
import { VERSION } from "../version";

const servers: Array<{ close: () => Promise<void> }> = [];
async function start(opts: Parameters<typeof startSkillMetaServer>[0] = {}): Promise<RunningSkillMetaServer> {
  const s = await startSkillMetaServer(opts);
  servers.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe("queryServer", () => {
  it("introduces itself honestly and calls the skill-meta tool once with {}", async () => {
    const server = await start({ latest: "1.3.0" });
    const result = await queryServer(urlEndpoint(server.url), { timeoutMs: 15_000 });
    expect(result.reachable).toBe(true);
    expect(result.answers).toHaveLength(1);
    const [first] = result.answers;
    expect(first!.skill).toBe("agentkey");
    expect(first!.answer.kind).toBe("ok");
    if (first!.answer.kind === "ok") {
      expect(first!.answer.response.skill_version_latest).toBe("1.3.0");
      expect(first!.answer.response.client_detected).toBe("unknown");
    }
    expect(server.stats.clientNames).toEqual(["skillshelf"]);
    expect(server.stats.toolCalls).toBe(1);
    expect(VERSION).not.toBe("");
  });

  it("skips a server whose tool is absent", async () => {
    const server = await start({ behaviour: "absent" });
    const result = await queryServer(urlEndpoint(server.url), { timeoutMs: 15_000 });
    expect(result.reachable).toBe(true);
    expect(result.answers).toEqual([]);
    expect(server.stats.toolCalls).toBe(0);
  });

  it("reports an erroring tool, non-JSON text and a schema-breaking answer as unusable", async () => {
    for (const [behaviour, kind] of [
      ["error", "failed"],
      ["non-json", "failed"],
      ["schema-invalid", "malformed"],
    ] as const) {
      const server = await start({ behaviour });
      const result = await queryServer(urlEndpoint(server.url), { timeoutMs: 15_000 });
      expect(
        result.answers.map((a) => a.answer.kind),
        behaviour,
      ).toEqual([kind]);
    }
  });

  it("routes protocol_version 2 to its documentation link only", async () => {
    const server = await start({ behaviour: "v2" });
    const result = await queryServer(urlEndpoint(server.url), { timeoutMs: 15_000 });
    expect(result.answers[0]!.answer).toEqual({
      kind: "doc-only",
      protocolVersion: 2,
      updateDocUrl: "https://github.com/example/agentkey/releases/latest",
    });
  });

  it("reads an unknown update_command_kind as manual_ui", async () => {
    const server = await start({ behaviour: "unknown-kind" });
    const result = await queryServer(urlEndpoint(server.url), { timeoutMs: 15_000 });
    const answer = result.answers[0]!.answer;
    expect(answer.kind).toBe("ok");
    if (answer.kind === "ok") {
      expect(answer.response.update_command_kind).toBe("manual_ui");
      expect(answer.unknownCommandKind).toBe("wizard");
    }
  });

  it("gives up on a slow server at the deadline", async () => {
    const server = await start({ behaviour: "slow", slowMs: 60_000 });
    const result = await queryServer(urlEndpoint(server.url), { timeoutMs: 300 });
    expect(result.answers).toEqual([]);
    expect(result.reachable).toBe(false);
  });

  it("skips an unreachable server without throwing", async () => {
    const server = await start();
    const url = server.url;
    await server.close();
    servers.length = 0;
    const result = await queryServer(urlEndpoint(url), { timeoutMs: 1000 });
    expect(result.reachable).toBe(false);
  });

  it("sends configured headers to the server and nowhere else, even when redirected", async () => {
    const secret = "Bearer s3cr3t-value-123";
    const seen: Array<Record<string, unknown>> = [];
    const other: Server = createServer((req, res) => {
      seen.push({ ...req.headers });
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => other.listen(0, "127.0.0.1", r));
    servers.push({ close: () => new Promise<void>((r) => (other.closeAllConnections(), other.close(() => r()))) });
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/mcp`;

    const guarded = await start({ requireHeaders: { authorization: secret } });
    const ok = await queryServer(urlEndpoint(guarded.url, { Authorization: secret }), { timeoutMs: 15_000 });
    expect(ok.answers).toHaveLength(1);
    expect(guarded.stats.headers.every((h) => h.authorization === secret)).toBe(true);

    const redirecting = await start({ redirectTo: otherUrl });
    const result = await queryServer(urlEndpoint(redirecting.url, { Authorization: secret }), { timeoutMs: 15_000 });
    expect(result.reachable).toBe(false);
    expect(redirecting.stats.httpRequests).toBeGreaterThan(0);
    expect(seen).toEqual([]);
  });

  it("keeps header values out of JSON and string forms of the endpoint", () => {
    const endpoint = urlEndpoint("http://127.0.0.1:1/mcp?token=abc", { Authorization: "Bearer hidden" });
    expect(JSON.stringify(endpoint)).not.toContain("hidden");
    expect(String(endpoint.transport.type === "http" && endpoint.transport.headers)).not.toContain("hidden");
    expect(endpoint.name).not.toContain("abc");
  });
});
