// Settings' question to a GitHub address, asked of real servers on 127.0.0.1: the GitHub look-alike answers as GitHub's
// API (and is rate limited, or broken, on request), an MCP-like server and a 401 server do not; a closed port is
// unreachable. The token goes with the question, to that address only.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback } from "../../../test-support/servers/loopback";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { closedLoopbackPort } from "../../../test-support/skills-oracle";
import { probeGithubApi } from "./github-probe";

let github: RunningReleaseServer;
let other: Server;
let otherUrl: string;

beforeAll(async () => {
  github = await startReleaseServer();
  // Not GitHub: JSON of another shape at its root, 401 under /private, 404 elsewhere.
  other = createServer((req, res) => {
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.url === "/") return json(200, { jsonrpc: "2.0", result: {} });
    if (req.url?.startsWith("/private")) return json(401, { message: "Requires authentication" });
    json(404, { message: "Not Found" });
  });
  otherUrl = `http://127.0.0.1:${await listenOnLoopback(other)}`;
});
afterAll(async () => {
  await github.close();
  await new Promise((resolve) => other.close(resolve));
});

describe("asking a GitHub address for GitHub's API root", () => {
  it("finds GitHub's API at the look-alike, with the token sent along, and shows the address without credentials", async () => {
    const before = github.stats.headers.length;
    const status = await probeGithubApi(`${github.url}/`, "ghp_probeToken");
    expect(status).toEqual({ state: "answering", address: github.url });
    const asked = github.stats.headers.slice(before);
    expect(asked.map((h) => h.authorization)).toEqual(["Bearer ghp_probeToken"]);
  });

  it("still calls a rate-limited GitHub answering, with the reason as a note", async () => {
    github.setBehaviour("rate-limited");
    try {
      const status = await probeGithubApi(github.url, undefined);
      expect(status).toMatchObject({ state: "answering", address: github.url });
      expect(status.state === "answering" && status.note).toMatch(/rate limit/);
    } finally {
      github.setBehaviour("normal");
    }
  });

  it("tells a server that is not GitHub's API, broken JSON and a 404 apart from GitHub, with the Enterprise hint", async () => {
    for (const base of [otherUrl, `${otherUrl}/nothing`]) {
      const status = await probeGithubApi(base, undefined);
      expect(status.state, base).toBe("not-github");
      expect(status.state !== "answering" && status.reason).toMatch(/\/api\/v3/);
    }
    github.setBehaviour("garbage");
    try {
      expect((await probeGithubApi(github.url, undefined)).state).toBe("not-github");
    } finally {
      github.setBehaviour("normal");
    }
  });

  it("says a token is needed (or was refused) when the address answers 401", async () => {
    const without = await probeGithubApi(`${otherUrl}/private`, undefined);
    expect(without).toMatchObject({ state: "needs-token", reason: expect.stringMatching(/asks for a token/) });
    const refused = await probeGithubApi(`${otherUrl}/private`, "ghp_wrong");
    expect(refused).toMatchObject({ state: "needs-token", reason: expect.stringMatching(/refused the GitHub token/) });
    expect(JSON.stringify(refused)).not.toContain("ghp_wrong");
  });

  it("calls a closed port or a server error unreachable, with the reason in words", async () => {
    const closed = `http://127.0.0.1:${await closedLoopbackPort()}`;
    expect(await probeGithubApi(closed, undefined)).toMatchObject({ state: "unreachable", address: closed });
    // Worded for a typed address, not as "you are offline".
    expect(await probeGithubApi(closed, undefined)).toMatchObject({
      reason: expect.stringMatching(/^Nothing answered/),
    });
    github.setBehaviour("server-error");
    try {
      const status = await probeGithubApi(github.url, undefined);
      expect(status).toMatchObject({ state: "unreachable", reason: expect.stringMatching(/HTTP 500/) });
    } finally {
      github.setBehaviour("normal");
    }
  });
});
