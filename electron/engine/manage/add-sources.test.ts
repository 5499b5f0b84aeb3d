// The other SOURCE forms of addSkill: a git address (a real local bare repository), an https archive address (the
// loopback release server's download), a project scope, Claude Desktop's hand-off, and how SOURCE text is read.
import { spawnSync } from "node:child_process";
import { lstat, readFile, readlink, readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { addSkill, type AddOptions } from "./add";
import { parseAddSource } from "./source";

const SKILL = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill, for source tests.\n---\n\nBody.\n`;

let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;
let server: RunningReleaseServer;
let options: AddOptions;

beforeAll(async () => {
  server = await startReleaseServer({ releases: {} });
  server.setRelease("acme/tools", { tag: "v1.0.0" });
});
afterAll(() => server?.close());
beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-add-src-");
  home = path.join(tmp.dir, "home");
  await writeTree(home, { ".keep": "" });
  options = { home, env: {}, cwd: tmp.dir, dataDir: path.join(tmp.dir, "data"), clients: ["claude-code"] };
});
afterEach(() => tmp.cleanup());

describe("SOURCE forms", () => {
  it("reads owner/repo, paths, GitHub, git and archive addresses, and refuses what is none of them", () => {
    expect(parseAddSource("acme/skills", "/w")).toEqual({
      kind: "github",
      owner: "acme",
      repo: "skills",
      ref: null,
      subpath: "",
    });
    expect(parseAddSource("acme/skills/skills/x", "/w")).toMatchObject({ kind: "github", subpath: "skills/x" });
    expect(parseAddSource("https://github.com/acme/skills/tree/v2/skills/x", "/w")).toMatchObject({
      kind: "github",
      ref: "v2",
      subpath: "skills/x",
    });
    expect(parseAddSource("https://github.com/acme/skills/releases/tag/v1", "/w")).toMatchObject({
      kind: "github",
      ref: "v1",
    });
    expect(parseAddSource("https://github.com/acme/skills/releases/download/v1/x.zip", "/w")).toMatchObject({
      kind: "url",
    });
    expect(parseAddSource("https://example.com/x.tar.gz", "/w")).toMatchObject({ kind: "url" });
    expect(parseAddSource("https://gitlab.com/acme/skills.git", "/w")).toMatchObject({ kind: "git" });
    expect(parseAddSource("git@github.com:acme/skills.git", "/w")).toMatchObject({ kind: "git" });
    expect(parseAddSource("./x.skill", "/w")).toEqual({ kind: "local", path: "/w/x.skill" });
    for (const bad of [
      "",
      "acme",
      "ftp://x/y.zip",
      "acme/../etc",
      "https://github.com/acme/skills/issues/1",
      "a\u001bb/c",
    ])
      expect(() => parseAddSource(bad, "/w"), bad).toThrow(/not a source/);
  });
});

describe("addSkill from other sources", () => {
  it("clones a git address and records a git lock entry with the installer's SHA-256 hash", async () => {
    const repo = path.join(tmp.dir, "upstream");
    await writeTree(repo, { "skills/gamma/SKILL.md": SKILL("gamma") });
    const git = (cwd: string, ...args: string[]) =>
      expect(spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@e", ...args], { cwd }).status).toBe(0);
    git(repo, "init", "-q", "-b", "main");
    git(repo, "add", "-A");
    git(repo, "commit", "-qm", "one");
    const bare = path.join(tmp.dir, "gamma.git");
    git(tmp.dir, "clone", "-q", "--bare", repo, bare);
    const url = pathToFileURL(bare).href;
    await addSkill(url, options);
    expect(await readFile(path.join(home, ".agents/skills/gamma/SKILL.md"), "utf8")).toBe(SKILL("gamma"));
    const lock = JSON.parse(await readFile(path.join(home, ".agents/.skill-lock.json"), "utf8"));
    expect(lock.skills.gamma).toMatchObject({
      sourceType: "git",
      sourceUrl: url,
      skillPath: "skills/gamma/SKILL.md",
      skillFolderHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it("downloads an archive address (loopback release asset) through the one archive reader", async () => {
    const result = await addSkill(`${server.url}/download/acme/tools/v1.0.0/tools.zip`, options);
    expect(result.skills.map((s) => [s.name, s.version])).toEqual([["tools", "1.0.0"]]);
    expect((await lstat(path.join(home, ".claude/skills/tools"))).isSymbolicLink()).toBe(true);
  });

  it("adds into a project's folders, without touching the home or the global lock", async () => {
    await writeTree(path.join(tmp.dir, "tidy"), { "SKILL.md": SKILL("tidy") });
    const project = path.join(tmp.dir, "proj");
    await addSkill(path.join(tmp.dir, "tidy"), { ...options, project, clients: ["claude-code", "cursor"] });
    expect(await readlink(path.join(project, ".claude/skills/tidy"))).toBe("../../.agents/skills/tidy");
    expect(await readdir(path.join(project, ".agents/skills"))).toEqual(["tidy"]);
    expect(await readdir(home)).toEqual([".keep"]);
  });

  it("hands Claude Desktop a .skill with the steps, never writing into its tree", async () => {
    await writeTree(path.join(tmp.dir, "tidy"), { "SKILL.md": SKILL("tidy") });
    const outDir = path.join(tmp.dir, "Downloads");
    const result = await addSkill(path.join(tmp.dir, "tidy"), {
      ...options,
      clients: ["claude-desktop"],
      env: { XDG_DOWNLOAD_DIR: outDir },
      platform: "linux",
    });
    const handoff = result.skills[0]!.handoff!;
    expect(handoff.archive).toMatch(/tidy.*\.skill$/);
    expect(handoff.steps.join(" ")).toMatch(/Claude/);
    expect(result.skills[0]!.places).toEqual([]);
    expect(await lstat(path.join(home, ".agents")).catch(() => null)).toBeNull();
  });
});
