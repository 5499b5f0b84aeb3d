// Local (stdio) skill-meta servers in the CLI: `outdated` and `update` start exactly the commands approved in the app
// (the approvals file beside settings.json), and every one of them for one run with --stdio. The real stdio server
// answers a skill's latest version only when it was started.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { UpdateInfo } from "../../../shared/model";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { defaultSettingsFile } from "../../engine/settings";
import { findMcpEndpoints } from "../../engine/updates/mcp-config";
import { saveStdioApprovals, stdioApprovalsFile, withApproved } from "../../engine/updates/stdio-consent";
import { STDIO_SERVER_SCRIPT } from "../../handlers/testing/stdio-home";
import { runCli } from "../run";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const skillMd = (name: string) =>
  `---\nname: ${name}\ndescription: Does ${name} things.\nmetadata:\n  version: "1.0.0"\n---\n# ${name}\n`;

/** A home with skills alpha and beta, each answered by its own local server (alpha → 2.0.0, beta → 3.0.0). */
async function setup(approve: string[]) {
  const tmp = await makeTempDir();
  closers.push(tmp.cleanup);
  const home = path.join(tmp.dir, "home");
  await writeTree(home, {
    ".claude/skills/alpha/SKILL.md": skillMd("alpha"),
    ".claude/skills/beta/SKILL.md": skillMd("beta"),
  });
  const server = (skill: string, latest: string) => ({
    command: process.execPath,
    args: [STDIO_SERVER_SCRIPT, skill, latest],
    env: { SKILL_META_TOKEN: "expected" },
  });
  await writeFile(
    path.join(home, ".claude.json"),
    JSON.stringify({ mcpServers: { "alpha-meta": server("alpha", "2.0.0"), "beta-meta": server("beta", "3.0.0") } }),
  );
  const env = {
    SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"),
    SKILLSHELF_CONFIG_DIR: path.join(tmp.dir, "config"),
    SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
    SKILLSHELF_GITHUB_API: "http://127.0.0.1:9/",
  };
  const { stdio } = await findMcpEndpoints({ home, platform: "linux", env });
  expect(stdio.map((s) => s.name).sort()).toEqual(["alpha-meta", "beta-meta"]);
  const approved = stdio.filter((s) => approve.includes(s.name));
  if (approved.length)
    await saveStdioApprovals(
      stdioApprovalsFile(defaultSettingsFile(env, "linux", home)),
      withApproved([], approved, new Date()),
    );
  const run = async (args: string[]) => {
    let stdout = "";
    let stderr = "";
    const code = await runCli([...args, "--home", home, "--platform", "linux"], {
      stdout: (t) => (stdout += t),
      stderr: (t) => (stderr += t),
      cwd: tmp.dir,
      env,
    });
    return { code, stdout, stderr };
  };
  return { run };
}

const latestOf = (stdout: string, name: string) =>
  (JSON.parse(stdout) as { updates: UpdateInfo[] }).updates.find((u) => u.name === name)?.latest ?? null;

describe("local skill-meta servers in the CLI", () => {
  it("outdated starts only the approved command, and every one with --stdio", async () => {
    const { run } = await setup(["alpha-meta"]);
    const approvedOnly = await run(["outdated", "--json"]);
    expect(approvedOnly.code).toBe(0);
    expect(latestOf(approvedOnly.stdout, "alpha")).toBe("2.0.0");
    expect(latestOf(approvedOnly.stdout, "beta")).toBeNull();

    const all = await run(["outdated", "--json", "--stdio"]);
    expect(latestOf(all.stdout, "alpha")).toBe("2.0.0");
    expect(latestOf(all.stdout, "beta")).toBe("3.0.0");
  });

  it("outdated starts none without approvals or --stdio", async () => {
    const { run } = await setup([]);
    const none = await run(["outdated", "--json"]);
    expect(latestOf(none.stdout, "alpha")).toBeNull();
    expect(latestOf(none.stdout, "beta")).toBeNull();
  });

  it("update asks the approved command for its skill, and an unapproved one only with --stdio", async () => {
    const { run } = await setup(["alpha-meta"]);
    const errorOf = (stdout: string) => (JSON.parse(stdout) as { error?: { code: string; message: string } }).error;
    // alpha's server was started: 2.0.0 is due (the server offers no download, so nothing is applied).
    expect(errorOf((await run(["update", "alpha", "--json"])).stdout)).toMatchObject({ code: "install.no-download" });
    // beta's server was not started: nothing is known, nothing is due.
    expect(errorOf((await run(["update", "beta", "--json"])).stdout)).toMatchObject({
      code: "install.not-due",
      message: expect.stringMatching(/unknown update state/),
    });
    expect(errorOf((await run(["update", "beta", "--json", "--stdio"])).stdout)).toMatchObject({
      code: "install.no-download",
    });
  });
});
