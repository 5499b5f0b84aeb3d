// addSkill on real folders, real archives and the loopback GitHub API (repository, tarball): the installer's layout,
// its lock entry, choosing among several skills, validation, conflicts and hostile archives.
import { lstat, mkdir, readFile, readlink, readdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { zipOf } from "../../../test-support/archives";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { EngineError } from "../errors";
import { listBackups } from "../transaction/swap";
import { installerFolderHashes } from "../skill-lock/folder-hash";
import { gitTreeOf } from "../updates/git-tree";
import { addSkill, type AddOptions } from "./add";

const SKILL = (name: string, body = "Body.") =>
  `---\nname: ${name}\ndescription: The ${name} skill, for add tests.\n---\n\n${body}\n`;

let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;
let server: RunningReleaseServer;
let options: AddOptions;

beforeAll(async () => {
  server = await startReleaseServer({ releases: {} });
  const repo = await makeTempDir("skillshelf-add-repo-");
  await writeTree(repo.dir, {
    "skills/alpha/SKILL.md": SKILL("alpha"),
    "skills/alpha/scripts/run.sh": "echo a\n",
    "skills/beta/SKILL.md": SKILL("beta"),
    "README.md": "two skills\n",
  });
  await server.trees.setRepo("acme/skills", { dir: repo.dir });
});
afterAll(() => server?.close());
beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-add-");
  home = path.join(tmp.dir, "home");
  await writeTree(home, { ".keep": "" });
  options = {
    home,
    env: {},
    cwd: tmp.dir,
    dataDir: path.join(tmp.dir, "data"),
    clients: ["claude-code"],
    apiBase: server.url,
  };
});
afterEach(() => tmp.cleanup());

const lockOf = async () =>
  JSON.parse(await readFile(path.join(home, ".agents", ".skill-lock.json"), "utf8")) as {
    version: number;
    skills: Record<string, Record<string, string>>;
  };

async function refusal(p: Promise<unknown>): Promise<EngineError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe("addSkill from a local folder", () => {
  it("puts one copy in ~/.agents/skills, links Claude Code to it and writes the installer's lock entry", async () => {
    await writeTree(path.join(tmp.dir, "src", "tidy"), { "SKILL.md": SKILL("tidy"), "ref/a.md": "A\n" });
    const result = await addSkill("./src/tidy", options);
    expect(result.applied).toBe(true);
    const canonical = path.join(home, ".agents", "skills", "tidy");
    expect(await readFile(path.join(canonical, "ref", "a.md"), "utf8")).toBe("A\n");
    const link = path.join(home, ".claude", "skills", "tidy");
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(path.resolve(path.dirname(link), await readlink(link))).toBe(canonical);
    const lock = await lockOf();
    expect(lock.version).toBe(3);
    expect(lock.skills.tidy).toMatchObject({
      source: path.join(tmp.dir, "src", "tidy"),
      sourceType: "local",
      skillPath: "SKILL.md",
      skillFolderHash: (await installerFolderHashes(canonical))![0],
    });
    expect(lock.skills.tidy!.installedAt).toBe(lock.skills.tidy!.updatedAt);
    // Nothing left in staging or beside the skill.
    expect(await readdir(path.join(options.dataDir, "staging"))).toEqual([]);
    expect(await readdir(path.join(home, ".agents", "skills"))).toEqual(["tidy"]);
  });

  it("copies into each client with copy, and dry-run writes nothing", async () => {
    await writeTree(path.join(tmp.dir, "tidy"), { "SKILL.md": SKILL("tidy") });
    const dry = await addSkill(path.join(tmp.dir, "tidy"), {
      ...options,
      clients: ["cursor", "gemini-cli"],
      dryRun: true,
    });
    expect(dry.applied).toBe(false);
    expect(dry.skills[0]!.places.map((p) => [path.relative(home, p.path), p.mode, p.action])).toEqual([
      [".agents/skills/tidy", "copy", "write"],
      [".cursor/skills/tidy", "link", "write"],
      [".gemini/skills/tidy", "link", "write"],
    ]);
    expect(await readdir(home)).toEqual([".keep"]);
    await addSkill(path.join(tmp.dir, "tidy"), { ...options, clients: ["cursor", "claude-code"], copy: true });
    for (const dir of [".cursor/skills/tidy", ".claude/skills/tidy"])
      expect((await lstat(path.join(home, dir))).isDirectory()).toBe(true);
    expect(await lstat(path.join(home, ".agents/skills/tidy")).catch(() => null)).toBeNull();
  });

  it("refuses a skill clients cannot read unless forced, naming its findings", async () => {
    await writeTree(path.join(tmp.dir, "bad"), { "SKILL.md": "no frontmatter at all\n" });
    const error = await refusal(addSkill(path.join(tmp.dir, "bad"), options));
    expect(error.code).toBe("install.skill.invalid");
    expect(error.message).toContain("--force");
    expect(await readdir(home)).toEqual([".keep"]);
  });

  it("refuses a hostile archive and writes nothing outside staging", async () => {
    const zip = path.join(tmp.dir, "evil.zip");
    await writeFile(zip, zipOf({ "evil/SKILL.md": SKILL("evil"), "../../escaped.txt": "x" }));
    const error = await refusal(addSkill(zip, options));
    expect(error.code).toMatch(/^install\.archive\./);
    expect(await lstat(path.join(tmp.dir, "escaped.txt")).catch(() => null)).toBeNull();
    expect(await readdir(home)).toEqual([".keep"]);
  });

  it("adds from a .skill archive, without a lock entry (as the installer keeps none for archives)", async () => {
    const file = path.join(tmp.dir, "tidy.skill");
    await writeFile(file, zipOf({ "tidy/SKILL.md": SKILL("tidy") }));
    const result = await addSkill(file, options);
    expect(result.skills[0]!.lock).toMatchObject({ file: null });
    expect(await readFile(path.join(home, ".agents/skills/tidy/SKILL.md"), "utf8")).toBe(SKILL("tidy"));
    expect(await lstat(path.join(home, ".agents", ".skill-lock.json")).catch(() => null)).toBeNull();
  });

  it("names a forced skill whose SKILL.md is not UTF-8 after its own folder, never after staging's", async () => {
    const latin1 = Buffer.from("---\nname: caf\xe9\ndescription: Caf\xe9 notes.\n---\n\nBody.\n", "latin1");
    await writeTree(path.join(tmp.dir, "cafe-notes"), { "SKILL.md": latin1 });
    const result = await addSkill(path.join(tmp.dir, "cafe-notes"), { ...options, force: true });
    expect(result.skills.map((s) => [s.name, s.forced])).toEqual([["cafe-notes", true]]);
    expect(await readFile(path.join(home, ".agents/skills/cafe-notes/SKILL.md"))).toEqual(latin1);
    expect(await readdir(path.join(home, ".agents/skills"))).toEqual(["cafe-notes"]);
    expect(await readdir(path.join(home, ".claude/skills"))).toEqual(["cafe-notes"]);

    const zip = path.join(tmp.dir, "loose.zip");
    await writeFile(zip, zipOf({ "SKILL.md": new Uint8Array(latin1) }));
    const error = await refusal(addSkill(zip, { ...options, force: true }));
    expect(error.code).toBe("install.skill.invalid");
    expect(error.message).toMatch(/gives no name Skillshelf can read.*nothing was added/);
    expect(await readdir(path.join(home, ".agents/skills"))).toEqual(["cafe-notes"]);
  });
});

describe("conflicts are questions", () => {
  beforeEach(async () => {
    await writeTree(path.join(tmp.dir, "tidy"), { "SKILL.md": SKILL("tidy", "New.") });
  });

  it("another copy of the same name: refused, untouched; replaced with a backup only with replace", async () => {
    await writeTree(path.join(home, ".agents/skills/tidy"), { "SKILL.md": SKILL("tidy", "Old.") });
    const error = await refusal(addSkill(path.join(tmp.dir, "tidy"), options));
    expect(error.code).toBe("manage.conflict");
    expect(error.message).toContain("--replace");
    expect(await readFile(path.join(home, ".agents/skills/tidy/SKILL.md"), "utf8")).toContain("Old.");
    await addSkill(path.join(tmp.dir, "tidy"), { ...options, replace: true });
    expect(await readFile(path.join(home, ".agents/skills/tidy/SKILL.md"), "utf8")).toContain("New.");
    const [backup] = await listBackups(path.join(home, ".agents/skills/tidy"), options.dataDir);
    expect(await readFile(path.join(backup!.dir, "SKILL.md"), "utf8")).toContain("Old.");
  });

  it("with replace, the review names only what the new copy can do that the replaced one could not", async () => {
    await writeTree(path.join(tmp.dir, "tidy"), {
      "scripts/old.sh": "#!/bin/sh\necho old\n",
      "scripts/new.py": "#!/usr/bin/env python3\nprint('new')\n",
    });
    await writeTree(path.join(home, ".agents/skills/tidy"), {
      "SKILL.md": SKILL("tidy", "Old."),
      "scripts/old.sh": "#!/bin/sh\necho old\n",
    });
    const plan = await addSkill(path.join(tmp.dir, "tidy"), { ...options, replace: true, dryRun: true });
    const review = plan.skills[0]!.capabilities;
    expect(review.comparedWith).toBe(path.join(home, ".agents/skills/tidy"));
    expect(review.added.map((c) => [c.kind, c.item])).toEqual([["script", "scripts/new.py"]]);
    expect(review.capabilities.scripts.map((s) => s.path)).toEqual(["scripts/new.py", "scripts/old.sh"]);
    const fresh = await addSkill(path.join(tmp.dir, "tidy"), { ...options, clients: ["cursor"], dryRun: true });
    expect(fresh.skills[0]!.capabilities.comparedWith).toBeUndefined();
  });

  it("the plan shows both copies as a person judges them: last change, differing files, where the old one came from", async () => {
    await writeTree(path.join(home, ".agents/skills/tidy"), { "SKILL.md": SKILL("tidy", "Old."), "mine.txt": "x\n" });
    await writeTree(path.join(home, ".agents"), {
      ".skill-lock.json": JSON.stringify({
        version: 3,
        skills: { tidy: { source: "acme/tidy", sourceType: "github" } },
      }),
    });
    const plan = await addSkill(path.join(tmp.dir, "tidy"), { ...options, dryRun: true });
    const occupant = plan.skills[0]!.places.find((p) => p.action === "conflict")!.occupant;
    expect(occupant).toMatchObject({ kind: "other-skill", origin: "acme/tidy", differsMore: 0 });
    expect(occupant.kind === "other-skill" && occupant.differs).toEqual([
      { path: "mine.txt", change: "only-there" },
      { path: "SKILL.md", change: "changed" },
    ]);
    expect(occupant.kind === "other-skill" && Date.parse(occupant.modified!)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(plan.skills[0]!.modified!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("keep for one client leaves its copy and still does the other clients (a link to the copy kept)", async () => {
    await writeTree(path.join(home, ".agents/skills/tidy"), { "SKILL.md": SKILL("tidy", "Old.") });
    const asked = { ...options, clients: ["agents", "cursor"] as AddOptions["clients"] };
    const result = await addSkill(path.join(tmp.dir, "tidy"), { ...asked, replace: true, keep: ["agents"] });
    expect(result.applied).toBe(true);
    expect(result.skills[0]!.places.map((p) => [p.client, p.action, p.kept ?? false])).toEqual([
      [["agents"], "nothing", true],
      [["cursor"], "write", false],
    ]);
    expect(await readFile(path.join(home, ".agents/skills/tidy/SKILL.md"), "utf8")).toContain("Old.");
    expect(await readlink(path.join(home, ".cursor/skills/tidy"))).toBe(
      path.join("..", "..", ".agents", "skills", "tidy"),
    );
    expect(await listBackups(path.join(home, ".agents/skills/tidy"), options.dataDir)).toEqual([]);
    expect(result.skills[0]!.lock).toEqual({ file: null, why: "the copy already there was kept" });
  });

  it("the same skill already there is left as it is", async () => {
    await addSkill(path.join(tmp.dir, "tidy"), options);
    const again = await addSkill(path.join(tmp.dir, "tidy"), options);
    expect(again.skills[0]!.places.map((p) => p.applied?.done)).toEqual(["unchanged", "unchanged"]);
  });

  it("a folder that is not a skill is never replaced, even with replace", async () => {
    await writeTree(path.join(home, ".claude/skills/tidy"), { "notes.txt": "mine\n" });
    const error = await refusal(addSkill(path.join(tmp.dir, "tidy"), { ...options, replace: true }));
    expect(error.message).toContain("not a skill folder");
    expect(await readFile(path.join(home, ".claude/skills/tidy/notes.txt"), "utf8")).toBe("mine\n");
    expect(await lstat(path.join(home, ".agents/skills/tidy")).catch(() => null)).toBeNull();
  });

  it("a link pointing elsewhere is a question; replace repoints it", async () => {
    await writeTree(path.join(tmp.dir, "elsewhere"), { "SKILL.md": SKILL("tidy", "Other.") });
    await mkdir(path.join(home, ".claude/skills"), { recursive: true });
    await symlink(path.join(tmp.dir, "elsewhere"), path.join(home, ".claude/skills/tidy"));
    const error = await refusal(addSkill(path.join(tmp.dir, "tidy"), options));
    expect(error.message).toContain("is a link to");
    await addSkill(path.join(tmp.dir, "tidy"), { ...options, replace: true });
    expect(await readFile(path.join(home, ".claude/skills/tidy/SKILL.md"), "utf8")).toContain("New.");
    expect(await readFile(path.join(tmp.dir, "elsewhere/SKILL.md"), "utf8")).toContain("Other.");
  });
});

describe("addSkill from GitHub (loopback API: repository, tarball)", () => {
  it("lists the skills of a repository holding several and asks which", async () => {
    const error = await refusal(addSkill("acme/skills", options));
    expect(error.code).toBe("manage.skill.choose");
    expect(error.message).toContain("alpha, beta");
    const dry = await addSkill("acme/skills", { ...options, all: true, dryRun: true });
    expect(dry.candidates.map((c) => [c.name, c.skillPath, c.valid])).toEqual([
      ["alpha", "skills/alpha/SKILL.md", true],
      ["beta", "skills/beta/SKILL.md", true],
    ]);
  });

  it("adds the chosen skill with the installer's github lock entry (skillPath, the folder's tree SHA)", async () => {
    const result = await addSkill("acme/skills", { ...options, skills: ["alpha"] });
    expect(result.skills.map((s) => s.name)).toEqual(["alpha"]);
    const canonical = path.join(home, ".agents/skills/alpha");
    expect(await readFile(path.join(canonical, "scripts/run.sh"), "utf8")).toBe("echo a\n");
    expect((await lockOf()).skills.alpha).toMatchObject({
      source: "acme/skills",
      sourceType: "github",
      sourceUrl: "https://github.com/acme/skills.git",
      skillPath: "skills/alpha/SKILL.md",
      skillFolderHash: (await gitTreeOf(canonical)).sha,
    });
    expect(await lstat(path.join(home, ".agents/skills/beta")).catch(() => null)).toBeNull();
  });

  it("takes owner/repo/path and a tree address", async () => {
    await addSkill("acme/skills/skills/beta", options);
    expect(await lstat(path.join(home, ".agents/skills/beta/SKILL.md"))).toBeTruthy();
    const viaUrl = await addSkill("https://github.com/acme/skills/tree/main/skills/alpha", {
      ...options,
      dryRun: true,
    });
    expect(viaUrl.skills.map((s) => s.skillPath)).toEqual(["skills/alpha/SKILL.md"]);
  });
});
