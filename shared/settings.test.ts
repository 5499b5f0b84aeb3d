import { describe, expect, it } from "vitest";
import { commandArgs } from "./ipc";
import {
  githubTokenProblem,
  parseHeaderLines,
  pollHoursProblem,
  serverUrlProblem,
  settingsPatchProblem,
} from "./settings";

describe("settings input checks", () => {
  it("accept http(s) addresses only, without credentials or fragments", () => {
    expect(serverUrlProblem("https://meta.example/mcp")).toBeNull();
    expect(serverUrlProblem("http://127.0.0.1:4000/mcp?team=a")).toBeNull();
    expect(serverUrlProblem("")).toMatch(/Enter the server's address/);
    expect(serverUrlProblem("meta.example/mcp")).toMatch(/not a web address/);
    expect(serverUrlProblem("file:///etc/passwd")).toMatch(/Only http/);
    expect(serverUrlProblem("javascript:alert(1)")).toMatch(/Only http/);
    expect(serverUrlProblem("https://me:pw@meta.example/")).toMatch(/user name or password/);
    expect(serverUrlProblem("https://meta.example/#x")).toMatch(/after #/);
    expect(serverUrlProblem(" https://meta.example/")).toMatch(/spaces/);
    expect(serverUrlProblem(`https://meta.example/${"a".repeat(3000)}`)).toMatch(/too long/);
    expect(serverUrlProblem(42)).not.toBeNull();
  });

  it("read header lines, saying which line is wrong without quoting its value", () => {
    expect(parseHeaderLines("Authorization: Bearer abc\n\n  X-Team:  blue  \n")).toEqual({
      headers: { Authorization: "Bearer abc", "X-Team": "blue" },
    });
    expect(parseHeaderLines("")).toEqual({ headers: {} });
    expect(parseHeaderLines("Authorization Bearer secret-1")).toEqual({
      error: expect.stringMatching(/^Header line 1 has no colon/),
    });
    expect(parseHeaderLines("X-A: 1\nBad Name: secret-2")).toEqual({
      error: expect.stringMatching(/^Header line 2: .*letters, digits/),
    });
    expect(parseHeaderLines("X-A: 1\nx-a: 2")).toEqual({ error: expect.stringMatching(/given twice/) });
    expect(parseHeaderLines("X-A:")).toEqual({ error: expect.stringMatching(/needs a value/) });
    expect(parseHeaderLines("X-A: caf\u00e9 \u2603")).toEqual({ error: expect.stringMatching(/plain characters/) });
    expect(parseHeaderLines("Content-Type: text/plain")).toEqual({
      error: expect.stringMatching(/sets the Content-Type header itself/),
    });
    for (const result of [parseHeaderLines("Authorization Bearer secret-1"), parseHeaderLines("Bad Name: secret-2")])
      expect(JSON.stringify(result)).not.toMatch(/secret-/);
  });

  it("bound the token, the interval and the header set", () => {
    expect(githubTokenProblem("ghp_abc123")).toBeNull();
    expect(githubTokenProblem("ghp abc")).toMatch(/no spaces/);
    expect(githubTokenProblem("x".repeat(1025))).toMatch(/too long/);
    expect([1, 24, 168].map(pollHoursProblem)).toEqual([null, null, null]);
    expect([0, 169, 1.5, NaN, "24"].map(pollHoursProblem).every((p) => p !== null)).toBe(true);
    const headers = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`X-${i}`, "v"]));
    expect(settingsPatchProblem({ addServer: { url: "https://a.example/mcp", headers } })).toMatch(/At most 20/);
  });

  it("let settings:update through only with exactly one valid change", () => {
    const ok = [
      { addServer: { url: "https://a.example/mcp" } },
      { addServer: { url: "https://a.example/mcp", headers: { Authorization: "Bearer x" } } },
      { removeServer: "https://a.example/mcp" },
      { githubToken: "ghp_x" },
      { githubToken: null },
      { pollHours: 6 },
    ];
    for (const patch of ok) expect(commandArgs["settings:update"]([patch]), JSON.stringify(patch)).toBe(true);
    const bad = [
      {},
      null,
      [],
      "x",
      { pollHours: 6, askStdioServers: true },
      { addServer: { url: "https://a.example/", extra: 1 } },
      { addServer: { url: "https://a.example/", headers: ["x"] } },
      { githubToken: "" },
      { askStdioServers: true },
      { removeServer: "" },
      { colour: "blue" },
    ];
    for (const patch of bad) expect(commandArgs["settings:update"]([patch]), JSON.stringify(patch)).toBe(false);
    expect(commandArgs["settings:update"]([])).toBe(false);
    expect(commandArgs["settings:get"]([])).toBe(true);
    expect(commandArgs["settings:get"]([1])).toBe(false);
    expect(settingsPatchProblem({ colour: "blue" })).toMatch(/does not exist/);
  });
});
