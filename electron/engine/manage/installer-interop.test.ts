// Skillshelf's add and remove beside the real `skills` installer (npm skills 1.7.4, offline: git redirected to a
// local bare repository, GitHub's API unreachable for it): after `skillshelf add` the installer lists the skill and
// updates clean; after `skills add`, `skillshelf remove` takes every copy, link and the lock entry, and the installer agrees.
import { spawnSync } from "node:child_process";
import { lstat, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packCatalog, unpackCatalog } from "../../../shared/catalog-wire";
import { runBin } from "../../../test-support/cli";
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

const SKILL = (name: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill, for interop tests.\n---\n\nBody.\n`;

let oracle: SkillsOracle;
let tmp: { dir: string; cleanup: () => Promise<void> };
let server: RunningReleaseServer;
let where: InstallerHome;

function git(cwd: string, ...args: string[]): void {
  const run = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
}

const skillshelf = (...args: string[]) =>
  runBin([...args, "--home", where.home, "--platform", "linux", "--github-api", server.url], {
    env: {
      SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
      XDG_STATE_HOME: "",
      CLAUDE_CONFIG_DIR: "",
      XDG_CONFIG_HOME: "",
    },
    cwd: tmp.dir,
  });
const listed = async () => {
  const list = await runInstaller(oracle as Extract<SkillsOracle, { ok: true }>, where, ["list", "-g", "--json"]);
  expect(list.code, list.stderr).toBe(0);
  return (JSON.parse(list.stdout) as Array<{ name: string; source?: string }>).map((s) => s.name).sort();
};
const gone = async (p: string) => (await lstat(p).catch(() => null)) === null;

beforeAll(async () => {
  oracle = await ensureSkillsInstaller();
  tmp = await makeTempDir("skillshelf-manage-interop-");
  server = await startReleaseServer({ releases: {} });
  const upstream = path.join(tmp.dir, "upstream");
  const bare = path.join(tmp.dir, "skills.git");
  await writeTree(upstream, {
    "skills/alpha/SKILL.md": SKILL("alpha"),
    "skills/alpha/scripts/run.sh": "echo a\n",
    "skills/beta/SKILL.md": SKILL("beta"),
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
}, 300_000);
afterAll(async () => {
  await server?.close();
  await tmp?.cleanup();
});

describe("skillshelf add and remove beside the real skills installer", () => {
  it("the installer lists and updates what skillshelf added, and skillshelf removes what the installer added", async (ctx) => {
    if (!oracle.ok) skipBecause(ctx, oracle.reason);
    const add = await skillshelf("add", "acme/skills", "--skill", "alpha", "--client", "claude-code", "--yes");
    expect(add.code, add.stdout + add.stderr).toBe(0);
    expect(await listed()).toEqual(["alpha"]);
    const update = await runInstaller(oracle, where, ["update", "-g", "-y"]);
    expect(update.code, update.stdout + update.stderr).toBe(0);
    expect(update.stdout + update.stderr).not.toMatch(/fail|error/i);
    expect(await readFile(path.join(where.home, ".claude/skills/alpha/scripts/run.sh"), "utf8")).toBe("echo a\n");

    const installed = await runInstaller(oracle, where, [
      "add",
      "acme/skills",
      "-g",
      "--agent",
      "claude-code",
      "cursor",
      "-y",
      "--skill",
      "beta",
    ]);
    expect(installed.code, installed.stdout + installed.stderr).toBe(0);
    expect(await listed()).toEqual(["alpha", "beta"]);
    // What the installer wrote (one real folder, linked from two clients' folders, with its lock entry) reaches the
    // page packed (shared/catalog-wire.ts) and comes back unchanged.
    const catalog = await scan({ home: where.home, platform: "linux", env: {} });
    expect(catalog.skills.find((s) => s.name === "beta")?.placements?.length).toBeGreaterThan(1);
    expect(catalog.skills.find((s) => s.name === "beta")?.lock).toBeDefined();
    expect(unpackCatalog(JSON.parse(JSON.stringify(packCatalog(catalog))))).toEqual(
      JSON.parse(JSON.stringify(catalog)),
    );
    const remove = await skillshelf("remove", "beta", "--yes");
    expect(remove.code, remove.stdout + remove.stderr).toBe(0);
    for (const dir of [".agents/skills/beta", ".claude/skills/beta", ".cursor/skills/beta"])
      expect(await gone(path.join(where.home, dir)), dir).toBe(true);
    const lock = JSON.parse(await readFile(path.join(where.home, ".agents/.skill-lock.json"), "utf8")) as {
      skills: Record<string, unknown>;
    };
    expect(Object.keys(lock.skills)).toEqual(["alpha"]);
    expect(await listed()).toEqual(["alpha"]);
  }, 300_000);
});
