import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { findMcpEndpoints } from "./mcp-config";
import { loadStdioApprovals, saveStdioApprovals, stdioCommandId, withApproved } from "./stdio-consent";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
const tempDir = async () => {
  const tmp = await makeTempDir();
  cleanups.push(tmp.cleanup);
  return tmp.dir;
};

describe("stdioCommandId", () => {
  it("changes when the config file, command, any argument, the working folder or the environment changes", () => {
    const base = { configFile: "/h/.claude.json", command: "npx", args: ["-y", "meta@1"], cwd: null, env: { A: "1" } };
    const id = stdioCommandId(base);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(stdioCommandId({ ...base, env: { A: "1" } })).toBe(id);
    for (const changed of [
      { configFile: "/h/other.json" },
      { command: "node" },
      { args: ["-y", "meta@2"] },
      { args: ["-y meta@1"] },
      { cwd: "/tmp" },
      { env: { A: "2" } },
    ]) {
      expect(stdioCommandId({ ...base, ...changed }), JSON.stringify(changed)).not.toBe(id);
    }
  });
});

describe("approvals file", () => {
  it("saves 0600 and reads back; a broken file approves nothing and says so", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "config", "stdio-approvals.json");
    expect(await loadStdioApprovals(file)).toEqual({ approvals: [], problems: [] });
    const command = {
      id: "a".repeat(32),
      name: "meta",
      configFile: "/h/.claude.json",
      command: "npx",
      args: ["meta"],
      cwd: null,
      envNames: ["TOKEN"],
    };
    const approvals = withApproved([], [command], new Date("2026-01-02T03:04:05Z"));
    await saveStdioApprovals(file, approvals);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await loadStdioApprovals(file)).approvals).toEqual([
      {
        id: command.id,
        name: "meta",
        configFile: "/h/.claude.json",
        command: "npx",
        args: ["meta"],
        cwd: null,
        approvedAt: "2026-01-02T03:04:05.000Z",
      },
    ]);
    expect(await readFile(file, "utf8")).not.toContain("TOKEN");
    await writeFile(file, "{ nope");
    expect(await loadStdioApprovals(file)).toMatchObject({
      approvals: [],
      problems: [expect.stringMatching(/not valid JSON/)],
    });
    await writeFile(
      file,
      JSON.stringify({
        version: 1,
        approvals: [{ id: "not-a-hash", command: "x", args: [], configFile: "/c" }, approvals[0]],
      }),
    );
    expect(await loadStdioApprovals(file)).toMatchObject({
      approvals: [{ id: command.id }],
      problems: [expect.stringMatching(/1 saved approval/)],
    });
  });
});

describe("findMcpEndpoints and approvals", () => {
  it("lists every local command but returns as endpoints only the approved ones (or all with includeStdio)", async () => {
    const home = await tempDir();
    await writeTree(home, {
      ".claude.json": JSON.stringify({
        mcpServers: {
          one: { command: "one-server", args: ["--x"] },
          two: { command: "two-server", env: { K: "v" } },
          web: { url: "https://m.example/mcp" },
        },
      }),
    });
    const none = await findMcpEndpoints({ home, platform: "linux", env: {} });
    expect(none.endpoints.map((e) => e.name)).toEqual(["web"]);
    expect(none.stdio.map((s) => [s.name, s.command, s.args, s.envNames, s.approved])).toEqual([
      ["one", "one-server", ["--x"], [], false],
      ["two", "two-server", [], ["K"], false],
    ]);
    const oneId = none.stdio[0]!.id;
    const some = await findMcpEndpoints({ home, platform: "linux", env: {}, approvedStdio: (id) => id === oneId });
    expect(some.endpoints.map((e) => e.name).sort()).toEqual(["one", "web"]);
    const all = await findMcpEndpoints({ home, platform: "linux", env: {}, includeStdio: true });
    expect(all.endpoints.map((e) => e.name).sort()).toEqual(["one", "two", "web"]);
  });
});
