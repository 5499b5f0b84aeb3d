// Skillshelf beside the real `skills` installer (npm skills 1.7.4, offline: git redirected to a local bare repository,
// GitHub's API unreachable so the lock holds its SHA-256 folder hashes): Skillshelf attaches the lock to the copies in
// ~/.claude/skills, calls untouched copies unchanged, and after Skillshelf edits the lock the installer still lists and
// updates everything.
import { spawnSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UpdateInfo } from "../../../shared/model";
import { allSkills } from "../../../shared/scan-result";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { skipBecause } from "../../../test-support/skip";
import {
  closedLoopbackPort,
  ensureSkillsInstaller,
  runInstaller,
  writeGitRedirects,
  type InstallerHome,
  type SkillsOracle,
} from "../../../test-support/skills-oracle";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { scan } from "../discovery/scan";
import { recordLockHash } from "../transaction/lock-hash";
import { gitTreeOf } from "../updates/git-tree";
import { createUpdateChecker } from "../updates/sources";

const SKILL = (name: string, body: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill, for interop tests.\n---\n\n${body}\n`;

let oracle: SkillsOracle;
let tmp: { dir: string; cleanup: () => Promise<void> };
let server: RunningReleaseServer;
let where: InstallerHome;
let upstream: string;
let lockFile: string;

function git(cwd: string, ...args: string[]): void {
  const run = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
}

async function skillshelfCheck(): Promise<Map<string, UpdateInfo>> {
  const result = await scan({ home: where.home, platform: "linux", env: {} });
  const checker = createUpdateChecker({
    home: where.home,
    platform: "linux",
    env: { SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache") },
    githubApi: server.url,
    releaseTimeoutMs: 5000,
  });
  const infos = await checker.check({
    skills: allSkills(result),
    settings: { servers: [], includeStdio: false },
    force: true,
  });
  return new Map(infos.map((i) => [`${path.relative(where.home, i.dir)}`, i]));
}

beforeAll(async () => {
  oracle = await ensureSkillsInstaller();
  tmp = await makeTempDir("skillshelf-interop-");
  server = await startReleaseServer({ releases: {} });
  upstream = path.join(tmp.dir, "upstream");
  const bare = path.join(tmp.dir, "skills.git");
  await writeTree(upstream, {
    "skills/alpha/SKILL.md": SKILL("alpha", "Alpha."),
    "skills/alpha/scripts/run.sh": "echo a\n",
    "skills/alpha/B.md": "B\n",
    "skills/beta/SKILL.md": SKILL("beta", "Beta."),
  });
  git(upstream, "init", "-q", "-b", "main");
  git(upstream, "add", "-A");
  git(upstream, "commit", "-qm", "one");
  git(tmp.dir, "init", "-q", "--bare", "-b", "main", bare);
  git(upstream, "push", "-q", bare, "main");
  await server.trees.setRepo("acme/skills", { dir: upstream });
  const home = path.join(tmp.dir, "home");
  await writeTree(home, { ".keep": "" });
  where = { home, gitConfig: path.join(tmp.dir, "gitconfig"), proxyPort: await closedLoopbackPort() };
  await writeGitRedirects(where.gitConfig, { "acme/skills": bare });
  lockFile = path.join(home, ".agents", ".skill-lock.json");
}, 300_000);
afterAll(async () => {
  await server?.close();
  await tmp?.cleanup();
});

describe("the real skills installer and Skillshelf", () => {
  it("agree on copies in ~/.claude/skills, SHA-256 hashes and a lock Skillshelf edited", async (ctx) => {
    if (!oracle.ok) skipBecause(ctx, oracle.reason);
    const add = await runInstaller(oracle, where, [
      "add",
      "acme/skills",
      "-g",
      "--agent",
      "claude-code",
      "-y",
      "--skill",
      "*",
    ]);
    expect(add.code, add.stdout + add.stderr).toBe(0);
    const lock = JSON.parse(await readFile(lockFile, "utf8")) as {
      version: number;
      skills: Record<string, { skillFolderHash: string; sourceType: string }>;
    };
    expect(lock.version).toBe(3);
    expect(lock.skills.alpha).toMatchObject({
      sourceType: "github",
      skillFolderHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    // Skillshelf attaches the lock to the copies in ~/.claude/skills, and calls them unchanged (up to date).
    const first = await skillshelfCheck();
    expect(first.get(".claude/skills/alpha")).toMatchObject({
      state: "up-to-date",
      source: "github-tree",
      recordedHash: lock.skills.alpha!.skillFolderHash,
    });
    expect(first.get(".claude/skills/beta")).toMatchObject({ state: "up-to-date", source: "github-tree" });

    // Upstream moves beta: Skillshelf calls it outdated (not changed locally), as `skills update` does.
    await writeFile(path.join(upstream, "skills/beta/SKILL.md"), SKILL("beta", "Beta, improved."));
    git(upstream, "commit", "-qam", "two");
    git(upstream, "push", "-q", path.join(tmp.dir, "skills.git"), "main");
    await server.trees.setRepo("acme/skills", { dir: upstream });
    const second = await skillshelfCheck();
    expect(second.get(".claude/skills/beta")).toMatchObject({ state: "outdated" });
    expect(second.get(".claude/skills/alpha")).toMatchObject({ state: "up-to-date" });

    // Skillshelf records alpha's hash as after one of its updates (a git tree SHA, edited in place).
    const alphaTree = (await gitTreeOf(path.join(where.home, ".claude/skills/alpha"))).sha;
    const before = await readFile(lockFile, "utf8");
    expect(await recordLockHash(lockFile, ["alpha"], alphaTree)).toMatchObject({ ok: true });
    const after = await readFile(lockFile, "utf8");
    expect(after.replace(/"skillFolderHash": "[0-9a-f]+"/, "").replace(/"updatedAt": "[^"]+"/, "")).toBe(
      before.replace(/"skillFolderHash": "[0-9a-f]+"/, "").replace(/"updatedAt": "[^"]+"/, ""),
    );

    // The installer still lists both, and updates beta only.
    const list = await runInstaller(oracle, where, ["list", "-g", "--json"]);
    expect(list.code, list.stderr).toBe(0);
    const listed = JSON.parse(list.stdout) as Array<{ name: string; source: string; agents: string[] }>;
    expect(listed.map((s) => [s.name, s.source]).sort()).toEqual([
      ["alpha", "acme/skills"],
      ["beta", "acme/skills"],
    ]);
    const update = await runInstaller(oracle, where, ["update", "-g", "-y"]);
    expect(update.code, update.stdout + update.stderr).toBe(0);
    expect(update.stdout).toContain("Found 1 global update(s)");
    expect(update.stdout).toContain("Updating beta");
    const updated = JSON.parse(await readFile(lockFile, "utf8")) as typeof lock;
    expect(updated.skills.alpha!.skillFolderHash).toBe(alphaTree);
    expect(updated.skills.beta!.skillFolderHash).not.toBe(lock.skills.beta!.skillFolderHash);
    expect(await readFile(path.join(where.home, ".claude/skills/beta/SKILL.md"), "utf8")).toContain("Beta, improved.");

    // The installer's update may move beta to ~/.agents/skills with a link in ~/.claude/skills: either way it is current.
    const third = [...(await skillshelfCheck()).values()];
    expect(third.map((i) => [i.name, i.state]).sort()).toEqual([
      ["alpha", "up-to-date"],
      ["beta", "up-to-date"],
    ]);
  }, 300_000);
});
