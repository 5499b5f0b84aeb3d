// The built `skillshelf` bin on skills without a version that the `skills` installer installed (its v3 lock in
// ~/.agents/.skill-lock.json): `outdated` shows the content states, `update` fetches the folder from GitHub's tarball,
// swaps it with a backup, refuses to overwrite local edits unless told, and writes the lock's new hash.
import { spawnSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UpdateInfo } from "../../../shared/model";
import { runBin, runBinOnTerminal } from "../../../test-support/cli";
import { skipBecause } from "../../../test-support/skip";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { installFromUpstream } from "../../../test-support/skills-installer";
import { closedLoopbackPort } from "../../../test-support/skills-oracle";
import { gitTreeOf } from "../../engine/updates/git-tree";

const SKILL = (name: string, text = "Do it.") =>
  `---\nname: ${name}\ndescription: Skill ${name}. Use it in tests.\n---\n\n${text}\n`;

let tmp: { dir: string; cleanup: () => Promise<void> };
let server: RunningReleaseServer;
let upstream: string;
let home: string;
let env: Record<string, string>;
let lockFile: string;

beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-update-content-");
  server = await startReleaseServer();
  upstream = path.join(tmp.dir, "upstream");
  home = path.join(tmp.dir, "home");
  lockFile = path.join(home, ".agents", ".skill-lock.json");
  await writeTree(upstream, {
    "README.md": "# skills\n",
    "skills/a/SKILL.md": SKILL("a"),
    "skills/b/SKILL.md": SKILL("b"),
    "skills/b/scripts/x.sh": "echo b\n",
    "skills/c/SKILL.md": SKILL("c"),
  });
  await installFromUpstream(home, upstream, ["a", "b", "c"], { dismissed: { findSkillsPrompt: true } });
  // Upstream moves on for b (a new script line, a new file); the user edits c by hand, with a name that needs escaping.
  await writeTree(upstream, { "skills/b/scripts/x.sh": "echo b2\n", "skills/b/NEW.md": "new\n" });
  await writeTree(home, {
    ".agents/skills/c/SKILL.md": SKILL("c", "My own edit."),
    ".agents/skills/c/evil\u001b[2Jname.md": "x\n",
  });
  await server.trees.setRepo("acme/skills", { dir: upstream });
  env = {
    SKILLSHELF_GITHUB_API: server.url,
    SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
    SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"),
    SKILLSHELF_CONFIG_DIR: path.join(tmp.dir, "config"),
  };
});
afterEach(async () => {
  await server.close();
  await tmp.cleanup();
});

const common = () => ["--home", home, "--platform", "linux"];
const bin = (args: string[]) => runBin([...args, ...common()], { env, cwd: tmp.dir });

describe("skillshelf outdated with content checks", () => {
  it("--json carries the states, the files that differ and the hashes; one tree request for three skills", async () => {
    const run = await bin(["outdated", "--json"]);
    expect(run.code).toBe(0);
    const updates = new Map((JSON.parse(run.stdout) as { updates: UpdateInfo[] }).updates.map((u) => [u.name, u]));
    expect(updates.get("a")).toMatchObject({
      state: "up-to-date",
      source: "github-tree",
      repository: "acme/skills",
      folder: "skills/a",
    });
    expect(updates.get("b")).toMatchObject({
      state: "outdated",
      source: "github-tree",
      changedFiles: ["NEW.md", "scripts/x.sh"],
      upstreamHash: (await gitTreeOf(path.join(upstream, "skills/b"))).sha,
    });
    expect(updates.get("c")).toMatchObject({
      state: "changed-locally",
      source: "github-tree",
      changedFiles: ["SKILL.md", "evil\u001b[2Jname.md"],
    });
    expect(updates.get("c")?.plan?.nextStep).toContain("Look at your changes first");
    expect(server.trees.stats.treeRequests).toBe(1);
  });

  it("text lists the changed files escaped for the terminal, with the reason; --offline answers from the cache", async () => {
    const run = await bin(["outdated"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /Outdated \(1\)\n {2}b {2}no version, folder [0-9a-f]{7} → [0-9a-f]{7} on acme\/skills {2}\[github-tree\]/,
    );
    expect(run.stdout).toMatch(/ {4}files: 2 files differ from upstream\n {6}NEW\.md\n {6}scripts\/x\.sh\n/);
    expect(run.stdout).toMatch(/Changed locally \(1\)\n {2}c /);
    expect(run.stdout).toContain("evil\\x1b[2Jname.md");
    expect(run.stdout).not.toContain("\u001b");
    expect(run.stdout).toMatch(/why: {3}The installed folder was changed after it was installed .*overwrite/);
    const requests = server.trees.stats.treeRequests;
    const offline = await bin(["outdated", "--offline", "--json"]);
    expect((JSON.parse(offline.stdout) as { updates: UpdateInfo[] }).updates.find((u) => u.name === "b")?.state).toBe(
      "outdated",
    );
    expect(server.trees.stats.treeRequests).toBe(requests);
  });
});

describe("skillshelf update of a skill without a version", () => {
  it("takes the GitHub API from the app's setting over SKILLSHELF_GITHUB_API, and --github-api over both", async () => {
    const closed = `http://127.0.0.1:${await closedLoopbackPort()}`;
    const settings = (githubApi: string) =>
      writeTree(tmp.dir, { "config/settings.json": JSON.stringify({ version: 1, servers: [], githubApi }) });
    env.SKILLSHELF_GITHUB_API = closed;
    await settings(server.url);
    const outdated = await bin(["outdated", "--json"]);
    const b = (JSON.parse(outdated.stdout) as { updates: UpdateInfo[] }).updates.find((u) => u.name === "b");
    expect(b).toMatchObject({ state: "outdated", source: "github-tree" });
    expect((await bin(["update", "b", "--yes"])).code).toBe(0);
    expect(await readFile(path.join(home, ".agents/skills/b/NEW.md"), "utf8")).toBe("new\n");
    await settings(closed);
    const added = await bin([
      "add",
      "acme/skills",
      "--skill",
      "a",
      "--client",
      "cursor",
      "--yes",
      "--github-api",
      server.url,
    ]);
    expect(added.code, added.stderr).toBe(0);
  });

  it("fetches the folder from the repository's tarball, swaps it with a backup and writes the lock's new hash", async () => {
    const before = await readFile(lockFile, "utf8");
    const dry = await bin(["update", "b", "--dry-run", "--json"]);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      kind: "replace-folder",
      dryRun: true,
      applied: false,
      diff: { added: ["NEW.md"], changed: ["scripts/x.sh"] },
    });
    expect(await readFile(lockFile, "utf8")).toBe(before);

    const run = await bin(["update", "b", "--yes"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/from: {4}https:\/\/github\.com\/acme\/skills\/tree\/main\/skills\/b/);
    const dir = path.join(home, ".agents/skills/b");
    expect(await readFile(path.join(dir, "scripts/x.sh"), "utf8")).toBe("echo b2\n");
    expect(await readFile(path.join(dir, "NEW.md"), "utf8")).toBe("new\n");
    const upstreamHash = (await gitTreeOf(path.join(upstream, "skills/b"))).sha;
    expect((await gitTreeOf(dir)).sha).toBe(upstreamHash);
    expect(server.trees.stats.tarballRequests).toBe(2);

    const old = JSON.parse(before) as {
      version: number;
      skills: Record<string, Record<string, string>>;
      dismissed: unknown;
    };
    const now = JSON.parse(await readFile(lockFile, "utf8")) as typeof old;
    expect(now.skills.b!.skillFolderHash).toBe(upstreamHash);
    expect(now.skills.b!.updatedAt).not.toBe(old.skills.b!.updatedAt);
    expect(Object.keys(now)).toEqual(Object.keys(old));
    expect(Object.keys(now.skills)).toEqual(["a", "b", "c"]);
    expect(Object.keys(now.skills.b!)).toEqual(Object.keys(old.skills.b!));
    expect({ ...now, skills: { ...now.skills, b: { ...now.skills.b, skillFolderHash: "", updatedAt: "" } } }).toEqual({
      ...old,
      skills: { ...old.skills, b: { ...old.skills.b, skillFolderHash: "", updatedAt: "" } },
    });
    expect(await readFile(lockFile, "utf8")).toMatch(/^\{\n {2}"version": 3,\n {2}"skills": \{\n {4}"a": \{/);

    const after = await bin(["outdated", "--json"]);
    expect((JSON.parse(after.stdout) as { updates: UpdateInfo[] }).updates.find((u) => u.name === "b")?.state).toBe(
      "up-to-date",
    );
  });

  it("updates from a private repository with GITHUB_TOKEN, and says what to do without it", async () => {
    await server.trees.setRepo("acme/skills", { dir: upstream, token: "env-token" });
    const without = await bin(["update", "b", "--yes", "--json"]);
    expect(without.code).toBe(1);
    expect(without.stdout + without.stderr).toMatch(/GitHub token|GITHUB_TOKEN/);
    env = { ...env, GITHUB_TOKEN: "env-token" };
    const run = await bin(["update", "b", "--yes"]);
    expect(run.code).toBe(0);
    expect(await readFile(path.join(home, ".agents/skills/b/NEW.md"), "utf8")).toBe("new\n");
    expect(server.stats.authorizationOffApi).toBe(0);
    expect(run.stdout + run.stderr).not.toContain("env-token");
  });

  it("refuses to overwrite local edits without --overwrite-local, naming the files; --yes --overwrite-local replaces them", async () => {
    const dir = path.join(home, ".agents/skills/c");
    const refused = await bin(["update", "c", "--yes"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /changed here since it was installed \(SKILL\.md, evil\\x1b\[2Jname\.md\); an update would overwrite these changes, so nothing was changed/,
    );
    expect(refused.stderr).toContain("--overwrite-local");
    const noTerminal = await bin(["update", "c", "--json"]);
    expect(noTerminal.code).toBe(1);
    expect(JSON.parse(noTerminal.stdout)).toMatchObject({ name: "c", error: { code: "install.local-changes" } });
    expect(await readFile(path.join(dir, "SKILL.md"), "utf8")).toContain("My own edit.");
    expect(server.trees.stats.tarballRequests).toBe(0);

    await writeFile(path.join(upstream, "skills/c/SKILL.md"), SKILL("c", "Upstream's new text."));
    await server.trees.setRepo("acme/skills", { dir: upstream });
    const forced = await bin(["update", "c", "--yes", "--overwrite-local", "--json"]);
    expect(forced.code, forced.stdout + forced.stderr).toBe(0);
    const report = JSON.parse(forced.stdout) as { applied: boolean; backup: string };
    expect(report.applied).toBe(true);
    expect(await readFile(path.join(dir, "SKILL.md"), "utf8")).toContain("Upstream's new text.");
    expect(await readFile(path.join(report.backup, "SKILL.md"), "utf8")).toContain("My own edit.");
  });
});

/** Runs the bin on a pseudo-terminal (util-linux `script`), answering each [y/N] question with the next answer. */
const runOnTerminal = (args: string[], answers: string[]) => runBinOnTerminal(args, { env, answers });

describe("skillshelf update of an edited folder on a terminal", () => {
  it("asks first, naming the changed files: no keeps the edits, yes (then yes to the shown change) replaces them", async (ctx) => {
    if (spawnSync("script", ["--version"]).error)
      skipBecause(ctx, "util-linux `script` is not installed to give the bin a terminal");
    const dir = path.join(home, ".agents/skills/c");
    const declined = await runOnTerminal(["update", "c", ...common()], ["n"]);
    expect(declined.output).toMatch(
      /Updating overwrites your changes to SKILL\.md, evil\\x1b\[2Jname\.md \(a backup is kept\)\. Overwrite them\? \[y\/N\]/,
    );
    expect(declined.output).toMatch(/Not confirmed, so nothing was changed/);
    expect(declined.code).toBe(1);
    expect(await readFile(path.join(dir, "SKILL.md"), "utf8")).toContain("My own edit.");
    expect(server.trees.stats.tarballRequests).toBe(0);

    const accepted = await runOnTerminal(["update", "c", ...common()], ["y", "y"]);
    expect(accepted.output).toMatch(/~ SKILL\.md/);
    expect(accepted.output).toMatch(/Updated "c"/);
    expect(accepted.code).toBe(0);
    expect(await readFile(path.join(dir, "SKILL.md"), "utf8")).not.toContain("My own edit.");
  });
});
