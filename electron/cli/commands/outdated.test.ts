import { afterEach, beforeEach, describe, expect, it } from "vitest";
import path from "node:path";
import { readdir, readFile } from "node:fs/promises";
import type { UpdateInfo } from "../../../shared/model";
import { runCli } from "../run";
import { runBin } from "../../../test-support/cli";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { startSkillMetaServer, type RunningSkillMetaServer } from "../../../test-support/servers/skill-meta-server";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";

const skillMd = (name: string, version: string, repository?: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill, for tests of update checks.\nmetadata:\n  version: "${version}"\n${repository ? `  repository: ${repository}\n` : ""}---\n\n# ${name}\n\nDo the thing.\n`;

let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;
let meta: RunningSkillMetaServer;
let releases: RunningReleaseServer;

/** `outdated` of the test home against the loopback skill-meta server and release API. */
const checkArgs = () => [
  "outdated",
  "--home",
  home,
  "--platform",
  "linux",
  "--server",
  meta.url,
  "--github-api",
  releases.url,
];

async function run(args: string[], env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    cwd: tmp.dir,
    env: { SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"), ...env },
  });
  return { code, stdout, stderr };
}

beforeEach(async () => {
  tmp = await makeTempDir();
  home = path.join(tmp.dir, "home");
  const tree = ".config/Claude/local-agent-mode-sessions/skills-plugin/acct-a/org-b";
  await writeTree(home, {
    [`${tree}/manifest.json`]: JSON.stringify({
      lastUpdated: "2026-11-20T09:30:00.000Z",
      skills: [
        {
          skillId: "skill_1",
          name: "agentkey",
          description: "x",
          creatorType: "user",
          syncManaged: true,
          enabled: true,
        },
      ],
    }),
    [`${tree}/skills/agentkey/SKILL.md`]: skillMd("agentkey", "1.2.0"),
    ".claude/skills/agentkey/SKILL.md": skillMd("agentkey", "1.2.0"),
    ".claude/skills/report/SKILL.md": skillMd("report", "2.0.0", "https://github.com/acme/report"),
    ".claude/skills/current/SKILL.md": skillMd("current", "3.1.0", "https://github.com/acme/current"),
  });
  meta = await startSkillMetaServer({ latest: "1.3.0" });
  releases = await startReleaseServer({
    releases: { "acme/report": { tag: "v2.1.0" }, "acme/current": { tag: "v3.1.0" } },
  });
});
afterEach(async () => {
  await meta.close();
  await releases.close();
  await tmp.cleanup();
});

describe("skillshelf outdated", () => {
  it("gives every copy its state as JSON, one per place", async () => {
    const { code, stdout } = await run([...checkArgs(), "--json"]);
    expect(code).toBe(0);
    const { updates } = JSON.parse(stdout) as { updates: UpdateInfo[] };
    const byName = (n: string) => updates.filter((u) => u.name === n);
    expect(byName("agentkey").map((u) => u.state)).toEqual(["outdated", "outdated"]);
    expect(new Set(byName("agentkey").map((u) => u.dir)).size).toBe(2);
    expect(byName("report")[0]).toMatchObject({
      state: "outdated",
      source: "github-release",
      installed: "2.0.0",
      latest: "2.1.0",
    });
    expect(byName("current")[0]).toMatchObject({ state: "up-to-date" });
    expect(meta.stats.toolCalls).toBe(1);
  });

  it("lists outdated skills first, with where they live and what to do next", async () => {
    const { code, stdout } = await run(checkArgs());
    expect(code).toBe(0);
    expect(stdout.indexOf("Outdated (3)")).toBeGreaterThanOrEqual(0);
    expect(stdout.indexOf("Outdated")).toBeLessThan(stdout.indexOf("Up to date"));
    expect(stdout).toMatch(/agentkey {2}1\.2\.0 → 1\.3\.0/);
    expect(stdout).toMatch(/where: .*skills-plugin.*agentkey/);
    expect(stdout).toMatch(/next: {2}Claude Desktop's sync .*upload it in Claude Desktop/);
    // The plan's words are the app's; the terminal's own command comes on its own line, for a download only.
    expect(stdout).not.toMatch(/next: [^\n]*skillshelf/);
    for (const line of stdout.split("\n").filter((l) => l.includes("run:")))
      expect(line).toMatch(/^ {4}run: {3}skillshelf update \S+$/);
    expect(stdout).toMatch(
      /report {2}2\.0\.0 → 2\.1\.0[^\n]*\n {4}where: [^\n]*\.claude\/skills\/report[^\n]*\n {4}next: {2}Download version 2\.1\.0 /,
    );
    // The server names 1.3.0 but no file: no promise that Skillshelf builds the .skill, only where to look and how.
    expect(stdout).toMatch(/next: {2}Claude Desktop's sync[^\n]*offers no file to download/);
    expect(stdout).not.toContain("Skillshelf can build it");
    expect(stdout).not.toMatch(/protocol_version|skill_version_latest|\{/);
  });

  it("gives every entry of --json the engine's plan for its place", async () => {
    const { stdout } = await run([...checkArgs(), "--json"]);
    const { updates } = JSON.parse(stdout) as { updates: UpdateInfo[] };
    const agentkey = updates
      .filter((u) => u.name === "agentkey")
      .map((u) => u.plan?.kind)
      .sort();
    expect(agentkey).toEqual(["desktop-upload", "replace-folder"]);
    expect(updates.find((u) => u.name === "report")!.plan).toMatchObject({
      kind: "replace-folder",
      nextStep: expect.stringMatching(/^Download version 2\.1\.0/),
      realDir: expect.stringContaining("report"),
    });
    expect(updates.find((u) => u.name === "current")!.plan?.nextStep).toBe(
      "Nothing to do: this copy is the latest version.",
    );
  });

  it("keeps the release cache inside --home when SKILLSHELF_CACHE_DIR is not set", async () => {
    const realCache = path.join(tmp.dir, "real-user-cache");
    const { code } = await run(
      ["outdated", "--home", home, "--platform", "linux", "--github-api", releases.url, "--json"],
      { SKILLSHELF_CACHE_DIR: "", XDG_CACHE_HOME: realCache },
    );
    expect(code).toBe(0);
    expect((await readdir(path.join(home, ".cache", "skillshelf", "github-releases"))).length).toBe(2);
    await expect(readdir(realCache)).rejects.toThrow();
  });

  it("uses only the cache with --offline", async () => {
    await run(["outdated", "--home", home, "--platform", "linux", "--github-api", releases.url, "--json"]);
    const before = releases.stats.apiRequests;
    expect(before).toBe(2);
    const { stdout } = await run([...checkArgs(), "--offline", "--json"]);
    const { updates } = JSON.parse(stdout) as { updates: UpdateInfo[] };
    expect(updates.find((u) => u.name === "report")).toMatchObject({ state: "outdated", latest: "2.1.0" });
    expect(releases.stats.apiRequests).toBe(before);
    expect(meta.stats.httpRequests).toBe(0);
  });

  it("asks GitHub again each run, within the 24 h cache: a new tag is seen at once, an unchanged one costs a 304", async () => {
    const outdated = async () => {
      const { stdout } = await run([
        "outdated",
        "--home",
        home,
        "--platform",
        "linux",
        "--github-api",
        releases.url,
        "--json",
      ]);
      return (JSON.parse(stdout) as { updates: UpdateInfo[] }).updates.find((u) => u.name === "current");
    };
    expect(await outdated()).toMatchObject({ state: "up-to-date", latest: "3.1.0" });
    releases.setRelease("acme/current", { tag: "v3.2.0" });
    expect(await outdated()).toMatchObject({ state: "outdated", latest: "3.2.0" });
    expect(releases.stats.apiRequests).toBe(4);
    expect(releases.stats.notModified).toBe(1);
    await outdated();
    expect(releases.stats.notModified).toBe(3);
  });

  it("reads SKILLSHELF_GITHUB_API and keeps GITHUB_TOKEN out of its output and cache", async () => {
    const token = "ghp_cli-secret-token";
    const { stdout } = await run(["outdated", "--home", home, "--platform", "linux", "--json"], {
      SKILLSHELF_GITHUB_API: releases.url,
      GITHUB_TOKEN: token,
    });
    expect(releases.stats.headers.every((h) => h.authorization === `Bearer ${token}`)).toBe(true);
    expect(stdout).not.toContain(token);
    const dir = path.join(tmp.dir, "cache", "github-releases");
    for (const f of await readdir(dir)) expect(await readFile(path.join(dir, f), "utf8")).not.toContain(token);
  });

  it("works the same through the built bin", async () => {
    const r = await runBin(["outdated", "--home", home, "--platform", "linux", "--server", meta.url, "--json"], {
      env: { SKILLSHELF_GITHUB_API: releases.url, SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache") },
    });
    expect(r.code).toBe(0);
    const { updates } = JSON.parse(r.stdout) as { updates: UpdateInfo[] };
    expect(
      updates
        .filter((u) => u.state === "outdated")
        .map((u) => u.name)
        .sort(),
    ).toEqual(["agentkey", "agentkey", "report"]);
    expect(meta.stats.clientNames).toEqual(["skillshelf"]);
  });

  it("asks the servers saved in the app's settings, with their headers", async () => {
    const config = path.join(tmp.dir, "config");
    await writeTree(config, {
      "settings.json": JSON.stringify({
        version: 1,
        servers: [{ url: meta.url, headers: { "X-Test": "from-settings" } }],
        pollHours: 24,
        askStdioServers: false,
      }),
    });
    const { code, stdout } = await run(
      ["outdated", "--home", home, "--platform", "linux", "--github-api", releases.url, "--json"],
      { SKILLSHELF_CONFIG_DIR: config },
    );
    expect(code).toBe(0);
    const { updates } = JSON.parse(stdout) as { updates: UpdateInfo[] };
    expect(updates.filter((u) => u.name === "agentkey").map((u) => u.state)).toEqual(["outdated", "outdated"]);
    expect(meta.stats.toolCalls).toBe(1);
    expect(stdout).not.toContain("from-settings");
  });

  it("refuses bad usage with exit code 2", async () => {
    expect((await run(["outdated", "--platform", "beos"])).code).toBe(2);
    expect((await run(["outdated", "--home", home, "--server", "not a url"])).code).toBe(2);
    expect((await run(["outdated", "--home", path.join(tmp.dir, "nope")])).code).toBe(2);
  });

  it("lists ignored updates apart (not counted as outdated) unless --include-ignored", async () => {
    const config = path.join(tmp.dir, "config");
    await writeTree(config, {
      "settings.json": JSON.stringify({
        version: 1,
        servers: [],
        pollHours: 24,
        ignoredSkills: ["agentkey"],
        ignoredVersions: { report: "2.1.0" },
      }),
    });
    const args = checkArgs();
    const env = { SKILLSHELF_CONFIG_DIR: config };
    const plain = await run(args, env);
    expect(plain.code).toBe(0);
    expect(plain.stdout).not.toContain("Outdated (");
    expect(plain.stdout).toContain("Ignored (3) — shown again with --include-ignored, or in the app's Settings\n");
    expect(plain.stdout).toMatch(/ {2}agentkey {2}not checked for updates\n/);
    expect(plain.stdout).toMatch(/ {2}report {2}version 2\.1\.0 ignored\n/);
    expect(plain.stdout).toContain("4 skill copies checked, 0 outdated, 3 ignored.\n");
    const all = await run([...args, "--include-ignored"], env);
    expect(all.stdout).toContain("Outdated (3)");
    expect(all.stdout).toMatch(/report {2}2\.0\.0 → 2\.1\.0 {2}\[github-release\] {2}\(ignored\)/);
    expect(all.stdout).toContain("4 skill copies checked, 3 outdated.\n");
    const json = await run([...args, "--json"], env);
    const { updates } = JSON.parse(json.stdout) as { updates: UpdateInfo[] };
    expect(
      updates
        .filter((u) => u.ignored)
        .map((u) => [u.name, u.ignored])
        .sort(),
    ).toEqual([
      ["agentkey", "skill"],
      ["agentkey", "skill"],
      ["report", "version"],
    ]);
  });
});
