// `skillshelf add` against the loopback GitHub server: the GitHub token saved in the app's settings opens a private
// repository (never printed), download progress goes to stderr a line per stage, and SIGINT during a slow download
// cancels it leaving nothing behind (no copy, no staging, no journal).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BIN, runBin } from "../../../test-support/cli";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { makeTempDir, writeTree } from "../../../test-support/tmp";

const SKILL = (name: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill, for download tests.\n---\n\nBody.\n`;
const TOKEN = "ghp_settingsTokenForTests0123456789";

let server: RunningReleaseServer;
let repo: { dir: string; cleanup: () => Promise<void> };
let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;
const env = (extra: Record<string, string> = {}) => ({
  SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
  SKILLSHELF_CONFIG_DIR: path.join(tmp.dir, "config"),
  GITHUB_TOKEN: "",
  XDG_STATE_HOME: "",
  CLAUDE_CONFIG_DIR: "",
  ...extra,
});
const gone = async (p: string) => (await lstat(p).catch(() => null)) === null;

beforeAll(async () => {
  server = await startReleaseServer({ releases: {}, throttleAssets: { chunkBytes: 8192, pauseMs: 40 } });
  repo = await makeTempDir("skillshelf-add-private-");
  await writeTree(repo.dir, { "SKILL.md": SKILL("secretive") });
  await server.trees.setRepo("acme/private", { dir: repo.dir, token: TOKEN });
  const big = randomBytes(1024 * 1024);
  server.setRelease("acme/big", {
    tag: "v1",
    assets: { "big.zip": zipSync({ "big/SKILL.md": strToU8(SKILL("big")), "big/data.bin": big }, { level: 0 }) },
  });
  server.setRelease("acme/small", {
    tag: "v1",
    assets: { "small.zip": zipSync({ "small/SKILL.md": strToU8(SKILL("small")) }) },
  });
});
afterAll(async () => {
  await server?.close();
  await repo?.cleanup();
});
beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-add-dl-");
  home = path.join(tmp.dir, "home");
  await writeTree(home, { ".keep": "" });
});
afterEach(() => tmp.cleanup());

describe("skillshelf add: token, progress, cancel", () => {
  it("opens a private repository with the token saved in the app's settings, and never prints it", async () => {
    const args = ["add", "acme/private", "--github-api", server.url, "--yes", "--home", home, "--platform", "linux"];
    const without = await runBin(args, { env: env(), cwd: tmp.dir });
    expect(without.code).toBe(1);
    expect(without.stderr).toContain("set a GitHub token");

    await writeTree(path.join(tmp.dir, "config"), {
      "settings.json": JSON.stringify({ version: 1, servers: [], githubToken: TOKEN, pollHours: 24 }),
    });
    const added = await runBin([...args, "--json"], { env: env(), cwd: tmp.dir });
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ applied: true, skills: [{ name: "secretive" }] });
    expect(await gone(path.join(home, ".claude/skills/secretive/SKILL.md"))).toBe(false);
    expect(added.stdout + added.stderr).not.toContain(TOKEN);
  });

  it("prints a plain line per stage of the download on stderr", async () => {
    const run = await runBin(
      ["add", `${server.url}/download/acme/small/v1/small.zip`, "--yes", "--home", home, "--platform", "linux"],
      { env: env(), cwd: tmp.dir },
    );
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stderr.split("\n");
    expect(lines.some((l) => l.startsWith("Downloading the source"))).toBe(true);
    expect(lines).toContain("Checking the skills it holds");
    expect(run.stderr).not.toContain("\r");
  });

  it("cancels a download on SIGINT and leaves nothing behind", { timeout: 120_000 }, async () => {
    const child = spawn(
      process.execPath,
      [BIN, "add", `${server.url}/download/acme/big/v1/big.zip`, "--yes", "--home", home, "--platform", "linux"],
      { cwd: tmp.dir, env: { ...process.env, ...env() }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    const downloading = new Promise<void>((resolve) =>
      child.stderr.on("data", (d: Buffer) => {
        stderr += d.toString();
        if (/Downloading the source: \d+%/.test(stderr)) resolve();
      }),
    );
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    await downloading;
    child.kill("SIGINT");
    expect(await exited).toBe(1);
    expect(stderr).toContain("cancelled");
    for (const p of [".agents", ".claude"]) expect(await gone(path.join(home, p))).toBe(true);
    expect(await readdir(path.join(tmp.dir, "data", "staging")).catch(() => [])).toEqual([]);
    expect(await readdir(path.join(tmp.dir, "data", "add-journal")).catch(() => [])).toEqual([]);
  });
});
