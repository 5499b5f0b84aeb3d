// A removal record decides what Undo renames, links and writes, so it is read like a journal: only one this user wrote
// (owner, mode), only with paths of the shapes remove gives them (a client folder of this home, a backup under
// backups/, the installer's lock of this home), and each checked again right before it is used.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chmod, chown, lstat, mkdir, readdir, readFile, rename, rm, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { fingerprintTree } from "../../../test-support/tree-fingerprint";
import { addSkill } from "./add";
import { checkClientFolder } from "./clients";
import { planRemove, removeSkill, restoreRemoved, type RemovePlan } from "./remove";

const NOBODY = 65534;
const SKILL = "---\nname: editor\ndescription: The editor skill, for trust tests.\n---\n\nBody.\n";
let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;
let dataDir: string;
let victim: string;
let scope: { home: string; env: NodeJS.ProcessEnv; dataDir: string };

beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-remove-trust-");
  home = path.join(tmp.dir, "home");
  dataDir = path.join(tmp.dir, "data");
  victim = path.join(tmp.dir, "victim");
  scope = { home, env: {}, dataDir };
  await writeTree(victim, { "precious.txt": "the victim's file\n" });
  await writeTree(path.join(tmp.dir, "src", "editor"), { "SKILL.md": SKILL });
  await addSkill(path.join(tmp.dir, "src", "editor"), { ...scope, cwd: tmp.dir, clients: ["claude-code"] });
});
afterEach(() => tmp.cleanup());

const snapshot = async () => Object.fromEntries(await fingerprintTree(tmp.dir));

/** Removes the skill, then hands the record to `edit` (as an attacker or a damaged disk would change it). */
async function removedThenEdited(edit: (plan: RemovePlan) => void, mode = 0o600): Promise<string> {
  const plan = await removeSkill(await planRemove("editor", scope), scope);
  const dir = path.join(dataDir, "removals");
  const [name] = await readdir(dir);
  const file = path.join(dir, name!);
  const record = JSON.parse(await readFile(file, "utf8")) as RemovePlan;
  expect(record.id).toBe(plan.id);
  edit(record);
  await writeFile(file, JSON.stringify(record), { mode });
  await chmod(file, mode);
  return file;
}

describe("restoreRemoved reads a removal record only as remove wrote it", () => {
  it("writes the record privately: the data folder and removals/ 0700, the record 0600", async () => {
    await removeSkill(await planRemove("editor", scope), scope);
    const [name] = await readdir(path.join(dataDir, "removals"));
    expect(((await stat(dataDir)).mode & 0o777).toString(8)).toBe("700");
    expect(((await stat(path.join(dataDir, "removals"))).mode & 0o777).toString(8)).toBe("700");
    expect(((await stat(path.join(dataDir, "removals", name!))).mode & 0o777).toString(8)).toBe("600");
  });

  const shapes: Array<[string, (plan: RemovePlan, at: { victim: string; home: string }) => void, RegExp]> = [
    [
      "a copy's path outside every client folder",
      (p, at) => void (p.items[0]!.path = path.join(at.victim, "editor")),
      /not in a client folder of this home/,
    ],
    [
      "a copy's backup outside the backups",
      (p, at) =>
        void Object.assign(
          p.items.find((i) => i.kind === "copy")!,
          { backup: at.victim },
        ),
      /backup is not where Skillshelf keeps backups/,
    ],
    [
      "a lock file that is not this home's installer lock",
      (p, at) => void (p.lock = { file: path.join(at.victim, ".skill-lock.json"), entry: {} }),
      /lock file is not the installer's lock of this home/,
    ],
    ["a name that is not a folder name", (p) => void (p.name = "../editor"), /skill name is not a folder name/],
    ["an unknown kind", (p) => void Object.assign(p.items[0]!, { kind: "hardlink" }), /kind is unknown/],
  ];
  for (const [what, edit, why] of shapes)
    it(`refuses a record with ${what}, touching nothing`, async () => {
      await removedThenEdited((p) => edit(p, { victim, home }));
      const before = await snapshot();
      await expect(restoreRemoved("editor", scope)).rejects.toMatchObject({
        code: "install.data.untrusted",
        message: expect.stringMatching(why),
      });
      expect(await snapshot()).toEqual(before);
    });

  it.skipIf(process.platform === "win32")(
    "refuses a record others may write (mode 0666), touching nothing",
    async () => {
      await removedThenEdited(() => undefined, 0o666);
      const before = await snapshot();
      await expect(restoreRemoved("editor", scope)).rejects.toMatchObject({
        code: "install.data.untrusted",
        message: expect.stringMatching(/may be written by other users \(mode 666\)/),
      });
      expect(await snapshot()).toEqual(before);
    },
  );

  it("refuses a record another user planted (newest by name), touching nothing", async (ctx) => {
    if (process.getuid?.() !== 0) skipBecause(ctx, "handing a file to another user (chown) needs root");
    const file = await removedThenEdited(() => undefined);
    const planted = file.replace(/\.\d+-/, ".9999999999999-");
    await rename(file, planted);
    await chown(planted, NOBODY, NOBODY);
    const before = await snapshot();
    await expect(restoreRemoved("editor", scope)).rejects.toMatchObject({
      code: "install.data.untrusted",
      message: expect.stringMatching(/belongs to another user \(uid 65534, not 0\)/),
    });
    expect(await snapshot()).toEqual(before);
  });

  it("checks the kept copy again right before it is put back: a backup swapped for a link is not followed", async () => {
    await removedThenEdited(() => undefined);
    const [record] = await readdir(path.join(dataDir, "removals"));
    const plan = JSON.parse(await readFile(path.join(dataDir, "removals", record!), "utf8")) as RemovePlan;
    const copy = plan.items.find((i) => i.kind === "copy")!;
    if (copy.kind !== "copy") throw new Error("no copy");
    await rm(copy.backup!, { recursive: true });
    await symlink(victim, copy.backup!);
    await expect(restoreRemoved("editor", scope)).rejects.toMatchObject({ code: "install.rollback.none" });
    expect(await lstat(copy.path).catch(() => null)).toBeNull();
    expect(await readFile(path.join(victim, "precious.txt"), "utf8")).toBe("the victim's file\n");
  });
});

describe("checkClientFolder", () => {
  it("allows the user's own folders, made or not yet made, and links to the user's own folders", async () => {
    await expect(checkClientFolder(path.join(home, ".gemini", "skills"), scope)).resolves.toBeUndefined();
    await mkdir(path.join(home, ".cursor"));
    await symlink(victim, path.join(home, ".cursor", "skills"));
    await expect(checkClientFolder(path.join(home, ".cursor", "skills"), scope)).resolves.toBeUndefined();
  });

  it("refuses a link of the user's home that leads to another user's folder, and another user's home", async (ctx) => {
    if (process.getuid?.() !== 0) skipBecause(ctx, "handing a folder to another user (chown) needs root");
    await chown(victim, NOBODY, NOBODY);
    await mkdir(path.join(home, ".cursor"));
    await symlink(victim, path.join(home, ".cursor", "skills"));
    await expect(checkClientFolder(path.join(home, ".cursor", "skills"), scope)).rejects.toMatchObject({
      code: "install.target.unsafe",
      message: expect.stringMatching(/leads to .*victim, which belongs to another user \(uid 65534\)/),
    });
    await chown(home, NOBODY, NOBODY);
    await expect(checkClientFolder(path.join(home, ".gemini", "skills"), scope)).rejects.toMatchObject({
      message: expect.stringMatching(/home belongs to another user \(uid 65534\)/),
    });
  });
});
