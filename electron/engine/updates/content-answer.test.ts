// Content checks through the real check path: a scanned home with the `skills` installer's lock (v3), the update
// checker the CLI and the app use, and the GitHub-like loopback server's repository and Trees endpoints.
import { cp, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UpdateInfo } from "../../../shared/model";
import { allSkills } from "../../../shared/scan-result";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { installFromUpstream } from "../../../test-support/skills-installer";
import { scan } from "../discovery/scan";
import { planUpdate } from "../apply/plan";
import { hashingSlot } from "./content-answer";
import { gitTreeOf } from "./git-tree";
import { createUpdateChecker, type UpdateSourceSetup } from "./sources";

const SKILL = (name: string, text = "Do it.", version?: string) =>
  `---\nname: ${name}\ndescription: Skill ${name}. Use it in tests.\n${version ? `metadata:\n  version: "${version}"\n` : ""}---\n\n${text}\n`;
const noSettings = { servers: [], includeStdio: false };

let tmp: { dir: string; cleanup: () => Promise<void> };
let server: RunningReleaseServer;
let upstream: string;
let home: string;
let cacheDir: string;

beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-check-content-");
  server = await startReleaseServer();
  upstream = path.join(tmp.dir, "upstream");
  home = path.join(tmp.dir, "home");
  cacheDir = path.join(tmp.dir, "cache");
  await writeTree(upstream, {
    "README.md": "# skills\n",
    "skills/a/SKILL.md": SKILL("a"),
    "skills/b/SKILL.md": SKILL("b"),
    "skills/b/scripts/x.sh": "echo b\n",
    "skills/c/SKILL.md": SKILL("c"),
    "skills/v/SKILL.md": SKILL("v", "Versioned.", "1.0.0"),
  });
  await server.trees.setRepo("acme/skills", { dir: upstream });
});
afterEach(async () => {
  await server.close();
  await tmp.cleanup();
});

/** Installs skills from upstream into ~/.agents/skills and writes the installer's v3 lock with their hashes. */
async function install(names: string[]): Promise<void> {
  await installFromUpstream(home, upstream, names);
}

function setup(extra: Partial<UpdateSourceSetup> = {}): UpdateSourceSetup {
  return {
    home,
    platform: "linux",
    env: { SKILLSHELF_CACHE_DIR: cacheDir, SKILLSHELF_GITHUB_API: server.url },
    releaseTimeoutMs: 2000,
    ...extra,
  };
}

/** One check; `force` as a check the user asked for (Check now, `outdated`), false as the automatic one. */
async function check(extra: Partial<UpdateSourceSetup> = {}, force = true): Promise<Map<string, UpdateInfo>> {
  const result = await scan({ home, platform: "linux", env: {} });
  const skills = allSkills(result);
  const infos = await createUpdateChecker(setup(extra)).check({
    skills,
    plugins: result.plugins,
    settings: noSettings,
    force,
  });
  return new Map(
    infos.map((i) => [
      i.name,
      {
        ...i,
        plan: planUpdate(
          skills.find((s) => s.id === i.skillId)!,
          i,
        ),
      },
    ]),
  );
}

/** Moves every tree cache entry's fetch time 25 h into the past, as if a day had gone by. */
async function ageTreeCache(): Promise<void> {
  const dir = path.join(cacheDir, "github-trees");
  for (const file of await readdir(dir)) {
    const entry = JSON.parse(await readFile(path.join(dir, file), "utf8")) as { fetched_at: number };
    entry.fetched_at -= 25 * 60 * 60 * 1000;
    await writeFile(path.join(dir, file), JSON.stringify(entry));
  }
}

describe("content checks in the update check", () => {
  it("three skills from one repository cost one tree request; an automatic check within 24 h none; after it, or when asked for, a conditional request answered 304", async () => {
    await install(["a", "b", "c"]);
    const first = await check({}, false);
    expect([...first.values()].map((i) => [i.name, i.state, i.source])).toEqual(
      expect.arrayContaining([
        ["a", "up-to-date", "github-tree"],
        ["b", "up-to-date", "github-tree"],
        ["c", "up-to-date", "github-tree"],
      ]),
    );
    expect(server.trees.stats.treeRequests).toBe(1);
    expect(server.trees.stats.repoRequests).toBe(1);

    await check({}, false);
    expect(server.trees.stats.treeRequests).toBe(1);
    expect(server.trees.stats.repoRequests).toBe(1);

    await ageTreeCache();
    const third = await check({}, false);
    expect(server.trees.stats.treeRequests).toBe(2);
    expect(server.trees.stats.conditionalRequests).toBe(2);
    expect(server.trees.stats.notModified).toBe(2);
    expect(third.get("a")?.state).toBe("up-to-date");

    const asked = await check({}, true);
    expect(server.trees.stats.treeRequests).toBe(3);
    expect(server.trees.stats.repoRequests).toBe(3);
    expect(server.trees.stats.notModified).toBe(4);
    expect(asked.get("a")?.state).toBe("up-to-date");
  });

  it("tells outdated (upstream moved) from changed-locally (the user edited the folder), with the files and the next step", async () => {
    await install(["a", "b", "c"]);
    await writeFile(path.join(upstream, "skills/b/scripts/x.sh"), "echo b2\n");
    await server.trees.setRepo("acme/skills", { dir: upstream });
    await writeFile(path.join(home, ".agents/skills/c/SKILL.md"), SKILL("c", "My own edit."));
    const infos = await check();
    const b = infos.get("b")!;
    expect(b).toMatchObject({
      state: "outdated",
      source: "github-tree",
      repository: "acme/skills",
      folder: "skills/b",
      branch: "main",
      changedFiles: ["scripts/x.sh"],
    });
    expect(b.upstreamHash).toBe((await gitTreeOf(path.join(upstream, "skills/b"))).sha);
    expect(b.plan?.nextStep).toContain("fetches this folder from acme/skills");
    expect(b.plan?.nextStep).not.toMatch(/skillshelf |--/);
    const c = infos.get("c")!;
    expect(c).toMatchObject({ state: "changed-locally", source: "github-tree", changedFiles: ["SKILL.md"] });
    expect(c.reason).toContain("overwrite");
    expect(c.plan?.nextStep).toContain("Look at your changes first");
    expect(c.plan?.nextStep).not.toMatch(/skillshelf |--/);
    expect(infos.get("a")?.state).toBe("up-to-date");
  });

  it("a skill with a version keeps its version answer, and becomes changed-locally when its folder no longer has the lock's hash", async () => {
    server.setRelease("acme/skills", { tag: "v1.1.0" });
    await install(["v", "a"]);
    const clean = await check();
    expect(clean.get("v")).toMatchObject({ state: "outdated", source: "github-release", latest: "1.1.0" });
    await writeFile(path.join(home, ".agents/skills/v/notes.md"), "mine\n");
    const edited = (await check()).get("v")!;
    expect(edited).toMatchObject({
      state: "changed-locally",
      source: "github-release",
      latest: "1.1.0",
      changedFiles: ["notes.md"],
    });
    expect(edited.reason).toContain("overwrite");
    expect(edited.reason).toContain("1.1.0");
  });

  it("without a lock entry a repository named by the skill is compared directly, saying local edits cannot be told apart", async () => {
    await writeTree(home, {
      ".agents/skills/b/SKILL.md": `---\nname: b\ndescription: Skill b. Use it in tests.\nmetadata:\n  repository: https://github.com/acme/skills\n---\n\nOlder text.\n`,
    });
    const b = (await check()).get("b")!;
    expect(b).toMatchObject({ state: "outdated", source: "github-tree", folder: "skills/b" });
    expect(b.reason).toContain("cannot be told apart");
  });

  it("a plugin without a version is checked through the repository its manifest names, its skill's folder found by name", async () => {
    const plugin = path.join(tmp.dir, "plugins", "toolbox");
    await writeTree(plugin, {
      "plugin.json": JSON.stringify({
        $schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json",
        name: "toolbox",
        repository: "https://github.com/acme/skills",
      }),
    });
    await cp(path.join(upstream, "skills", "b"), path.join(plugin, "skills", "b"), { recursive: true });
    await writeFile(path.join(plugin, "skills/b/scripts/x.sh"), "echo older\n");
    await writeTree(home, { ".keep": "" });
    const result = await scan({ home, platform: "linux", env: {}, include: [plugin] });
    const infos = await createUpdateChecker(setup()).check({
      skills: allSkills(result),
      plugins: result.plugins,
      settings: noSettings,
      force: true,
    });
    expect(infos.find((i) => i.name === "b")).toMatchObject({
      state: "outdated",
      source: "github-tree",
      repository: "acme/skills",
      folder: "skills/b",
      changedFiles: ["scripts/x.sh"],
    });
  });

  it("a truncated tree answer falls back to the folder's listing; offline uses only the cache", async () => {
    await install(["a"]);
    await server.trees.setRepo("acme/skills", { dir: upstream, truncated: true });
    expect((await check()).get("a")).toMatchObject({ state: "up-to-date", source: "github-tree" });
    expect(server.trees.stats.contentsRequests).toBe(1);
    const before = { ...server.trees.stats };
    await ageTreeCache();
    expect((await check({ offline: true })).get("a")?.state).toBe("up-to-date");
    expect(server.trees.stats).toEqual(before);
  });

  it("offline with nothing cached is unknown, with the reason", async () => {
    await install(["a"]);
    const a = (await check({ offline: true })).get("a")!;
    expect(a).toMatchObject({ state: "unknown", source: "github-tree" });
    expect(a.reason).toContain("Offline");
    expect(server.trees.stats.treeRequests).toBe(0);
  });
});

describe("hashingSlot", () => {
  it("runs at most 8 folder hashings at once and every one of them in the end, a failing one included", async () => {
    let now = 0;
    let most = 0;
    const gates: Array<() => void> = [];
    const runs = Array.from({ length: 20 }, (_, i) =>
      hashingSlot(async () => {
        now++;
        most = Math.max(most, now);
        await new Promise<void>((resolve) => gates.push(resolve));
        now--;
        if (i === 3) throw new Error("unreadable");
        return i;
      }).catch(() => -1),
    );
    while (gates.length || now) {
      await new Promise((resolve) => setImmediate(resolve));
      gates.shift()?.();
    }
    expect(await Promise.all(runs)).toEqual(Array.from({ length: 20 }, (_, i) => (i === 3 ? -1 : i)));
    expect(most).toBe(8);
  });
});
