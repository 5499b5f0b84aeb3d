// A parent folder swapped for a link while the new copy is staged: the renames must not land in the link's target.
// The swap is interrupted at a named step by its test hook, which swaps the folder as another process would.
import { afterEach, beforeEach, describe, expect, it, type TestContext } from "vitest";
import { chmod, chown, readdir, readFile, rename, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { fingerprintTree } from "../../../test-support/tree-fingerprint";
import { journalRoot } from "../app-data/data-dir";
import { applyFolderUpdate, recoverInterrupted, type SwapStep } from "./swap";

let tmp: { dir: string; cleanup: () => Promise<void> };
let dataDir: string;
let skills: string;
let target: string;
let victimParent: string;

const skillMd = (version: string) =>
  `---\nname: demo\ndescription: The demo skill.\nmetadata:\n  version: "${version}"\n---\n\n# Demo ${version}\n`;

beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-swap-race-");
  dataDir = path.join(tmp.dir, "data");
  skills = path.join(tmp.dir, "home", "skills");
  target = path.join(skills, "demo");
  victimParent = path.join(tmp.dir, "victim");
  await writeTree(target, { "SKILL.md": skillMd("1.0.0") });
  await writeTree(path.join(victimParent, "demo"), { "SKILL.md": skillMd("9.9.9"), "secret.txt": "the victim's\n" });
  await writeTree(path.join(tmp.dir, "release", "demo"), { "SKILL.md": skillMd("2.0.0") });
});
afterEach(async () => tmp.cleanup());

const snapshot = async (dir: string) => Object.fromEntries(await fingerprintTree(dir));
const release = () => path.join(tmp.dir, "release", "demo");

/** At `at`, moves the skills folder away and puts a link to the victim's folder in its place. */
function swapParentAt(at: SwapStep): (step: SwapStep) => Promise<void> {
  return async (step) => {
    if (step !== at) return;
    await rename(skills, `${skills}-moved`);
    await symlink(victimParent, skills);
  };
}

describe("a parent folder swapped for a link during an update", () => {
  it("stops before the first rename when it happens while staging: nothing moves, the victim's folder is untouched", async () => {
    const victim = await snapshot(path.join(victimParent, "demo"));
    await expect(
      applyFolderUpdate(target, release(), { dataDir, onStep: swapParentAt("stage-copied") }),
    ).rejects.toMatchObject({
      code: "install.target.moved",
      message: expect.stringMatching(/The folder .*skills changed while the new version was being prepared/),
    });
    expect(await snapshot(path.join(victimParent, "demo"))).toEqual(victim);
    expect(await readdir(victimParent)).toEqual(["demo"]);
    expect(await readFile(path.join(`${skills}-moved`, "demo", "SKILL.md"), "utf8")).toBe(skillMd("1.0.0"));
    expect(await readdir(journalRoot(dataDir))).toEqual([]);
  });

  it("stops before the second rename when it happens after the old copy moved, and recovery finishes it once the folder is restored", async () => {
    const victim = await snapshot(path.join(victimParent, "demo"));
    await expect(
      applyFolderUpdate(target, release(), { dataDir, onStep: swapParentAt("old-moved") }),
    ).rejects.toMatchObject({ code: "install.target.moved" });
    expect(await snapshot(path.join(victimParent, "demo"))).toEqual(victim);
    expect(await readdir(victimParent)).toEqual(["demo"]);
    // While the link is there, recovery touches nothing; once the folder is back, it finishes the staged update.
    expect((await recoverInterrupted(dataDir))[0]).toMatchObject({
      outcome: "needs-attention",
      detail: expect.stringMatching(/reached through a link; nothing was changed/),
    });
    expect(await snapshot(path.join(victimParent, "demo"))).toEqual(victim);
    await rm(skills);
    await rename(`${skills}-moved`, skills);
    expect((await recoverInterrupted(dataDir))[0]).toMatchObject({ outcome: "finished" });
    expect(await readFile(path.join(target, "SKILL.md"), "utf8")).toBe(skillMd("2.0.0"));
    expect(await readdir(skills)).toEqual(["demo"]);
  });
});

describe("a skill in a folder every user may write to", () => {
  function posixOnly(ctx: TestContext): void {
    if (process.platform === "win32") skipBecause(ctx, "folder modes are POSIX");
  }

  it("is refused without the sticky bit, and updated with it when the skill is ours", async (ctx) => {
    posixOnly(ctx);
    await chmod(skills, 0o777);
    await expect(applyFolderUpdate(target, release(), { dataDir })).rejects.toMatchObject({
      code: "install.target.unsafe",
      message: expect.stringMatching(/every user may write to .*another user could swap it/),
    });
    await chmod(skills, 0o1777);
    await expect(applyFolderUpdate(target, release(), { dataDir })).resolves.toMatchObject({ version: "2.0.0" });
  });

  it("is refused in a sticky folder when the skill belongs to another user", async (ctx) => {
    posixOnly(ctx);
    if (process.getuid?.() !== 0) skipBecause(ctx, "handing a folder to another user (chown) needs root");
    await chmod(skills, 0o1777);
    await chown(target, 65534, 65534);
    await expect(applyFolderUpdate(target, release(), { dataDir })).rejects.toMatchObject({
      code: "install.target.unsafe",
      message: expect.stringMatching(/does not belong to you/),
    });
  });
});
