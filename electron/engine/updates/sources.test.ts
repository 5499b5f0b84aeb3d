import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createServer } from "node:net";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { scan } from "../discovery/scan";
import { allSkills } from "../../../shared/scan-result";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { startSkillMetaServer, type RunningSkillMetaServer } from "../../../test-support/servers/skill-meta-server";
import { GITHUB_API } from "./github-http";
import { createUpdateChecker, githubApiOf, updateCacheDir, type UpdateSourceSetup } from "./sources";

const skillMd = (name: string, version?: string, repository?: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill, for update source tests.\n${version || repository ? "metadata:\n" : ""}${version ? `  version: "${version}"\n` : ""}${repository ? `  repository: ${repository}\n` : ""}---\n\n# ${name}\n`;
const noSettings = { servers: [], includeStdio: false };

let tmp: { dir: string; cleanup: () => Promise<void> };
let releases: RunningReleaseServer;
let meta: RunningSkillMetaServer | null = null;
beforeEach(async () => {
  tmp = await makeTempDir();
  releases = await startReleaseServer({
    releases: { "acme/report": { tag: "v2.1.0" }, "acme/toolbox": { tag: "v1.5.0" }, "acme/helper": { tag: "v0.9.0" } },
  });
});
afterEach(async () => {
  await meta?.close();
  meta = null;
  await releases.close();
  await tmp.cleanup();
});

function setup(home: string, extra: Partial<UpdateSourceSetup> = {}): UpdateSourceSetup {
  return {
    home,
    platform: "linux",
    env: { SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache") },
    githubApi: releases.url,
    releaseTimeoutMs: 2000,
    ...extra,
  };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("updateCacheDir", () => {
  it("keeps a --home run's cache inside that home, not in the real user's XDG_CACHE_HOME or LOCALAPPDATA", () => {
    const env = { XDG_CACHE_HOME: "/real/.cache", LOCALAPPDATA: "C:\\Users\\real\\AppData\\Local" };
    expect(updateCacheDir(env, "linux", "/tmp/fixture-home", "/home/real")).toBe(
      path.join("/tmp/fixture-home", ".cache", "skillshelf"),
    );
    expect(updateCacheDir(env, "darwin", "/tmp/fixture-home", "/home/real")).toBe(
      path.join("/tmp/fixture-home", "Library", "Caches", "skillshelf"),
    );
    expect(updateCacheDir(env, "win32", "/tmp/fixture-home", "/home/real")).toBe(
      path.join("/tmp/fixture-home", "AppData", "Local", "skillshelf", "Cache"),
    );
    expect(updateCacheDir(env, "linux", "/home/real", "/home/real")).toBe(path.join("/real/.cache", "skillshelf"));
    expect(
      updateCacheDir({ ...env, SKILLSHELF_CACHE_DIR: "/chosen" }, "linux", "/tmp/fixture-home", "/home/real"),
    ).toBe("/chosen");
  });
});

describe("createUpdateChecker", () => {
  it("asks the servers a project folder's .mcp.json names (the app's catalog projects count as the CLI's --include)", async () => {
    meta = await startSkillMetaServer({ skill: "agentkey", latest: "1.3.0" });
    const project = path.join(tmp.dir, "project");
    await writeTree(project, {
      ".mcp.json": JSON.stringify({ mcpServers: { agentkey: { type: "http", url: meta.url } } }),
      ".claude/skills/agentkey/SKILL.md": skillMd("agentkey", "1.2.0"),
    });
    const home = path.join(tmp.dir, "home");
    await writeTree(home, { ".keep": "" });
    const result = await scan({ home, platform: "linux", env: {}, include: [project] });
    const skills = allSkills(result);
    const [info] = await createUpdateChecker(setup(home, { projectDirs: [project] })).check({
      skills,
      settings: noSettings,
      force: true,
    });
    expect(info).toMatchObject({ name: "agentkey", state: "outdated", source: "skill-meta", latest: "1.3.0" });
    const [without] = await createUpdateChecker(setup(home)).check({ skills, settings: noSettings, force: true });
    expect(without).toMatchObject({ state: "unknown", source: "none" });
  });

  it("checks an installed plugin's skills against the repository its manifest names (Agent Plugins and Claude Code)", async () => {
    const home = path.join(tmp.dir, "home");
    const plugins = path.join(tmp.dir, "plugins");
    await writeTree(plugins, {
      "toolbox/plugin.json": JSON.stringify({
        $schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json",
        name: "toolbox",
        version: "1.4.0",
        repository: "https://github.com/acme/toolbox",
      }),
      "toolbox/skills/hammer/SKILL.md": skillMd("hammer"),
      "helper/.claude-plugin/plugin.json": JSON.stringify({
        name: "helper",
        version: "0.9.0",
        homepage: "https://github.com/acme/helper",
      }),
      "helper/skills/assist/SKILL.md": skillMd("assist"),
    });
    await writeTree(home, { ".keep": "" });
    const result = await scan({
      home,
      platform: "linux",
      env: {},
      include: [path.join(plugins, "toolbox"), path.join(plugins, "helper")],
    });
    expect(result.plugins.map((p) => p.name).sort()).toEqual(["helper", "toolbox"]);
    const updates = await createUpdateChecker(setup(home)).check({
      skills: allSkills(result),
      plugins: result.plugins,
      settings: noSettings,
      force: true,
    });
    const byName = new Map(updates.map((u) => [u.name, u]));
    expect(byName.get("hammer")).toMatchObject({
      state: "outdated",
      source: "github-release",
      installed: "1.4.0",
      installedSource: "plugin.version",
      latest: "1.5.0",
    });
    expect(byName.get("assist")).toMatchObject({
      state: "up-to-date",
      source: "github-release",
      installed: "0.9.0",
      latest: "0.9.0",
    });
    expect(releases.stats.apiRequests).toBe(2);
  });

  it("gives one precise sentence for each reason a state is unknown", async () => {
    const home = path.join(tmp.dir, "home");
    await writeTree(home, {
      ".claude/skills/report/SKILL.md": skillMd("report", "2.0.0", "https://github.com/acme/report"),
      ".claude/skills/noversion/SKILL.md": skillMd("noversion", undefined, "https://github.com/acme/report"),
      ".claude/skills/nosource/SKILL.md": skillMd("nosource", "1.0.0"),
    });
    const skills = allSkills(await scan({ home, platform: "linux", env: {} }));
    const reasons = async (extra: Partial<UpdateSourceSetup>) =>
      new Map(
        (await createUpdateChecker(setup(home, extra)).check({ skills, settings: noSettings, force: true })).map(
          (u) => [u.name, u.reason],
        ),
      );

    const normal = await reasons({});
    expect(normal.get("noversion")).toMatch(
      /^This copy does not say which version it is, so it cannot be compared\. Its content could not be compared either: GitHub has no such repository/,
    );
    expect(normal.get("nosource")).toMatch(/^No update source is known: the skill names no GitHub repository/);

    releases.setBehaviour("rate-limited");
    const limited = await reasons({ env: { SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache-2") } });
    expect(limited.get("report")).toMatch(
      /rate limit .* used up; a GitHub token raises the limit: set one in Settings → GitHub token, or in the GITHUB_TOKEN environment variable\.$/,
    );

    const offline = await reasons({
      githubApi: `http://127.0.0.1:${await closedPort()}`,
      env: { SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache-3") },
    });
    expect(offline.get("report")).toMatch(/^Offline: GitHub could not be reached \(the network is unreachable\)/);
  });

  it("offers the release's downloads with their size and published SHA-256, else the tag's source archives", async () => {
    const home = path.join(tmp.dir, "home");
    await writeTree(home, {
      ".claude/skills/report/SKILL.md": skillMd("report", "2.0.0", "https://github.com/acme/report"),
      ".claude/skills/helper/SKILL.md": skillMd("helper", "0.8.0", "https://github.com/acme/helper"),
    });
    const bundle = new TextEncoder().encode("not really a skill archive");
    releases.setRelease("acme/report", {
      tag: "v2.1.0",
      assets: { "report.skill": bundle, "notes.txt": new TextEncoder().encode("x") },
      checksums: true,
    });
    releases.setRelease("acme/helper", { tag: "v0.9.0", noAssets: true });
    const skills = allSkills(await scan({ home, platform: "linux", env: {} }));
    const updates = await createUpdateChecker(setup(home)).check({ skills, settings: noSettings, force: true });
    const report = updates.find((u) => u.name === "report")!;
    expect(report.downloads!.map((d) => d.name)).toEqual(["report.skill", "report.zip"]);
    expect(report.downloads![0]).toMatchObject({
      size: bundle.byteLength,
      url: expect.stringContaining(`${releases.url}/download/acme/report/`),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(report.downloads![1]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(updates.find((u) => u.name === "helper")!.downloads).toEqual([
      { name: "v0.9.0.zip", size: null, url: `${releases.url}/repos/acme/helper/zipball/v0.9.0` },
      { name: "v0.9.0.tar.gz", size: null, url: `${releases.url}/repos/acme/helper/tarball/v0.9.0` },
    ]);
    expect(report.checkedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const requests = releases.stats.apiRequests;
    const again = await createUpdateChecker(setup(home)).check({ skills, settings: noSettings, force: false });
    expect(releases.stats.apiRequests).toBe(requests);
    expect(again.find((u) => u.name === "report")!.downloads).toEqual(report.downloads);
    expect(await readdir(path.join(tmp.dir, "cache", "release-downloads"))).toHaveLength(2);
  });

  it("asks GitHub again on a check asked for (force): a new tag is seen at once, an unchanged release costs a 304", async () => {
    const home = path.join(tmp.dir, "home");
    await writeTree(home, {
      ".claude/skills/report/SKILL.md": skillMd("report", "2.1.0", "https://github.com/acme/report"),
      ".claude/skills/helper/SKILL.md": skillMd("helper", "0.9.0", "https://github.com/acme/helper"),
    });
    const skills = allSkills(await scan({ home, platform: "linux", env: {} }));
    const checker = createUpdateChecker(setup(home));
    const states = async (force: boolean) =>
      Object.fromEntries(
        (await checker.check({ skills, settings: noSettings, force })).map((u) => [u.name, [u.state, u.latest]]),
      );
    expect(await states(false)).toEqual({ report: ["up-to-date", "2.1.0"], helper: ["up-to-date", "0.9.0"] });
    expect(releases.stats.apiRequests).toBe(2);
    releases.setRelease("acme/report", { tag: "v2.2.0" });
    expect(await states(false)).toEqual({ report: ["up-to-date", "2.1.0"], helper: ["up-to-date", "0.9.0"] });
    expect(releases.stats.apiRequests).toBe(2);
    expect(await states(true)).toEqual({ report: ["outdated", "2.2.0"], helper: ["up-to-date", "0.9.0"] });
    expect(releases.stats.apiRequests).toBe(4);
    expect(releases.stats.notModified).toBe(1);
    expect(await states(true)).toEqual({ report: ["outdated", "2.2.0"], helper: ["up-to-date", "0.9.0"] });
    expect(releases.stats.apiRequests).toBe(6);
    expect(releases.stats.notModified).toBe(3);
    const offline = createUpdateChecker(setup(home, { offline: true }));
    await offline.check({ skills, settings: noSettings, force: true });
    expect(releases.stats.apiRequests).toBe(6);
  });
});

describe("githubApiOf", () => {
  it("takes the GitHub API from the flag, else the setting, else the environment, else the public API", () => {
    const env = { SKILLSHELF_GITHUB_API: "https://env.example" };
    expect(githubApiOf({ githubApi: "https://flag.example", setting: "https://set.example", env })).toBe(
      "https://flag.example",
    );
    expect(githubApiOf({ setting: "https://set.example", env })).toBe("https://set.example");
    expect(githubApiOf({ env })).toBe("https://env.example");
    expect(githubApiOf({ githubApi: "", setting: "", env: {} })).toBe(GITHUB_API);
  });
});
