// removeSkill and restoreRemoved on real folders: every copy and link and the lock entry go (after a plan that lists
// them), copies go into the backups, and the undo puts all of it back; shareSkill links an installed skill to more clients.
import { lstat, readFile, readlink, readdir, symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { EngineError } from "../errors";
import { addSkill } from "./add";
import { planRemove, removeSkill, restoreRemoved } from "./remove";
import { shareSkill } from "./share";

const SKILL = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill, for remove tests.\n---\n\nBody.\n`;

let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;
let dataDir: string;
const gone = async (p: string) => (await lstat(p).catch(() => null)) === null;

beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-remove-");
  home = path.join(tmp.dir, "home");
  dataDir = path.join(tmp.dir, "data");
  await writeTree(path.join(tmp.dir, "tidy"), { "SKILL.md": SKILL("tidy"), "a.md": "A\n" });
  await addSkill(path.join(tmp.dir, "tidy"), {
    home,
    env: {},
    cwd: tmp.dir,
    dataDir,
    clients: ["claude-code", "cursor"],
  });
});
afterEach(() => tmp.cleanup());

describe("removeSkill", () => {
  it("lists every copy and link and the lock entry, removes them, and restoreRemoved puts them back", async () => {
    const lockFile = path.join(home, ".agents", ".skill-lock.json");
    const lockBefore = await readFile(lockFile, "utf8");
    const plan = await planRemove("tidy", { home, env: {}, dataDir });
    expect(plan.items.map((i) => [i.kind, path.relative(home, i.path)])).toEqual([
      ["link", ".claude/skills/tidy"],
      ["link", ".cursor/skills/tidy"],
      ["copy", ".agents/skills/tidy"],
    ]);
    expect(plan.lock?.entry).toMatchObject({ sourceType: "local" });
    await removeSkill(plan, { home, env: {}, dataDir });
    for (const p of [".claude/skills/tidy", ".cursor/skills/tidy", ".agents/skills/tidy"])
      expect(await gone(path.join(home, p))).toBe(true);
    expect(JSON.parse(await readFile(lockFile, "utf8")).skills).toEqual({});
    const backup = plan.items.find((i) => i.kind === "copy")!;
    expect(backup.kind === "copy" && (await readFile(path.join(backup.backup!, "a.md"), "utf8"))).toBe("A\n");

    await restoreRemoved("tidy", { home, env: {}, dataDir });
    expect(await readFile(path.join(home, ".claude/skills/tidy/a.md"), "utf8")).toBe("A\n");
    expect(await readlink(path.join(home, ".cursor/skills/tidy"))).toBe(
      path.join("..", "..", ".agents", "skills", "tidy"),
    );
    expect(JSON.parse(await readFile(lockFile, "utf8")).skills.tidy).toEqual(JSON.parse(lockBefore).skills.tidy);
    await expect(restoreRemoved("tidy", { home, env: {}, dataDir })).rejects.toMatchObject({
      code: "install.rollback.none",
    });
  });

  it("with a client, removes only that client's link and keeps the copy and the lock entry", async () => {
    const plan = await planRemove("tidy", { home, env: {}, dataDir, clients: ["cursor"] });
    expect(plan.items.map((i) => path.relative(home, i.path))).toEqual([".cursor/skills/tidy"]);
    expect(plan.lock).toBeNull();
    await removeSkill(plan, { home, env: {}, dataDir });
    expect(await gone(path.join(home, ".cursor/skills/tidy"))).toBe(true);
    expect(await readFile(path.join(home, ".claude/skills/tidy/a.md"), "utf8")).toBe("A\n");
  });

  it("finds copies the installer put in its other agent folders, and refuses a name that is not installed", async () => {
    await writeTree(path.join(home, ".roo/skills/tidy"), { "SKILL.md": SKILL("tidy") });
    const plan = await planRemove("tidy", { home, env: {}, dataDir });
    expect(plan.items.map((i) => path.relative(home, i.path))).toContain(".roo/skills/tidy");
    const error = await planRemove("nope", { home, env: {}, dataDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe("manage.not-installed");
    await expect(planRemove("../etc", { home, env: {}, dataDir })).rejects.toMatchObject({
      code: "manage.not-installed",
    });
  });

  it("does not undo over something put there since", async () => {
    await removeSkill(await planRemove("tidy", { home, env: {}, dataDir }), { home, env: {}, dataDir });
    await writeTree(path.join(home, ".agents/skills/tidy"), { "SKILL.md": SKILL("tidy") });
    await expect(restoreRemoved("tidy", { home, env: {}, dataDir })).rejects.toMatchObject({ code: "manage.conflict" });
    expect(await readdir(path.join(home, ".agents/skills/tidy"))).toEqual(["SKILL.md"]);
  });
});

describe("shareSkill", () => {
  it("links the installed copy into another client, and asks before replacing a link that points elsewhere", async () => {
    const result = await shareSkill("tidy", { home, env: {}, dataDir, clients: ["gemini-cli"] });
    expect(result.from).toBe(path.join(home, ".agents/skills/tidy"));
    expect(await readFile(path.join(home, ".gemini/skills/tidy/a.md"), "utf8")).toBe("A\n");
    expect((await lstat(path.join(home, ".gemini/skills/tidy"))).isSymbolicLink()).toBe(true);

    await writeTree(path.join(tmp.dir, "other"), { "SKILL.md": SKILL("tidy") });
    await removeSkill(await planRemove("tidy", { home, env: {}, dataDir, clients: ["cursor"] }), {
      home,
      env: {},
      dataDir,
    });
    await symlink(path.join(tmp.dir, "other"), path.join(home, ".cursor/skills/tidy"));
    await expect(shareSkill("tidy", { home, env: {}, dataDir, clients: ["cursor"] })).rejects.toMatchObject({
      code: "manage.conflict",
    });
    expect(await readlink(path.join(home, ".cursor/skills/tidy"))).toBe(path.join(tmp.dir, "other"));
  });
});
