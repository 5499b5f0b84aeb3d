import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../run";
import { runBin } from "../../../test-support/cli";
import { startSkillMetaServer, type RunningSkillMetaServer } from "../../../test-support/servers/skill-meta-server";

const running: RunningSkillMetaServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function run(args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    cwd: process.cwd(),
    env: {},
  });
  return { code, stdout, stderr };
}
async function server(opts: Parameters<typeof startSkillMetaServer>[0] = {}) {
  const s = await startSkillMetaServer(opts);
  running.push(s);
  return s;
}

describe("skillshelf probe-meta", () => {
  it("prints a pass table and exits 0 for a conforming server, never printing header values", async () => {
    const s = await server({ requireHeaders: { authorization: "Bearer probe-secret-1" } });
    const { code, stdout, stderr } = await run([
      "probe-meta",
      s.url,
      "--header",
      "Authorization: Bearer probe-secret-1",
      "--latency-limit-ms",
      "60000",
    ]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toMatch(/PASS {2}a `<skill>_skill_meta` tool is listed/);
    expect(stdout).toMatch(/PASS {2}steady-state latency under 60000 ms +median [\d.]+ ms over 10 calls/);
    expect(stdout).not.toContain("probe-secret-1");
  });

  it("exits 1 with FAIL lines when a MUST is broken, and gives JSON on request", async () => {
    const s = await server({ noDescription: true });
    const { code, stdout } = await run(["probe-meta", s.url, "--json"]);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as { checks: Array<{ id: string; pass: boolean }> };
    expect(report.checks.find((c) => c.id === "tool-description")?.pass).toBe(false);
  });

  it("works through the built bin", async () => {
    const s = await server({ clientDetected: "cursor" });
    const r = await runBin(["probe-meta", s.url, "--latency-limit-ms", "60000"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAIL {2}client_detected follows the mapping table/);
  });

  it("exits 2 for bad usage and for an unreachable URL", async () => {
    expect((await run(["probe-meta"])).code).toBe(2);
    expect((await run(["probe-meta", "ftp://example.com"])).code).toBe(2);
    expect((await run(["probe-meta", "http://127.0.0.1:9/mcp", "--header", "no colon"])).code).toBe(2);
    const s = await server();
    const url = s.url;
    await s.close();
    running.length = 0;
    const gone = await run(["probe-meta", url, "--timeout-ms", "1000"]);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toMatch(/Could not connect/);
  });
});
