// A file the plan keeps is never dropped silently: when the new release has a file where the user's folder is, the
// review names the user's file as one that cannot be kept, and applying refuses before anything moves.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { fingerprintTree } from "../../../test-support/tree-fingerprint";
import { diffFolders } from "../apply/diff";
import { applyFolderUpdate } from "./swap";
import { applyReviewed } from "../lifecycle/steps";

let tmp: { dir: string; cleanup: () => Promise<void> };
let dataDir: string;
let target: string;
let next: string;
const skillMd = (v: string) => `---\nname: demo\ndescription: The demo skill.\nmetadata:\n  version: "${v}"\n---\n`;

beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-kept-");
  dataDir = path.join(tmp.dir, "data");
  target = path.join(tmp.dir, "skills", "demo");
  next = path.join(tmp.dir, "release", "demo");
  await writeTree(target, { "SKILL.md": skillMd("1.0.0"), "notes/mine.txt": "my notes\n", "own.md": "mine\n" });
  await writeTree(next, { "SKILL.md": skillMd("2.0.0"), notes: "the release's notes file\n", "own.md/x.md": "x\n" });
});
afterEach(async () => tmp.cleanup());

const snapshot = async (dir: string) => Object.fromEntries(await fingerprintTree(dir));

describe("a user's file the new release leaves no place for", () => {
  it("is named by the review as one that cannot be kept, with the clash", async () => {
    const diff = await diffFolders(target, next);
    expect(diff.unkeepable).toEqual(["notes/mine.txt", "own.md"]);
    expect(diff.kept).toEqual([]);
    expect(diff.files.find((f) => f.path === "notes/mine.txt")).toMatchObject({
      change: "removed",
      note: expect.stringContaining('the new release has a file "notes" where its folder is'),
    });
    expect(diff.files.find((f) => f.path === "own.md")?.note).toContain('the new release has a folder "own.md" there');
  });

  it("stops the update before anything moves, naming the files; letting exactly them go applies it", async () => {
    const before = await snapshot(target);
    const diff = await diffFolders(target, next);
    await expect(applyReviewed(target, next, diff, dataDir)).rejects.toMatchObject({
      code: "install.kept.conflict",
      message: expect.stringMatching(/2 of your files are \("notes\/mine\.txt", "own\.md"\).*nothing was changed/),
    });
    expect(await snapshot(target)).toEqual(before);
    await applyReviewed(target, next, diff, dataDir, { letGo: ["notes/mine.txt", "own.md"] });
    expect(await readFile(path.join(target, "notes"), "utf8")).toBe("the release's notes file\n");
  });

  it("is never dropped silently by a swap told to keep it: the swap refuses and leaves the folder as it was", async () => {
    const before = await snapshot(target);
    await expect(applyFolderUpdate(target, next, { dataDir, keep: ["notes/mine.txt"] })).rejects.toMatchObject({
      code: "install.kept.conflict",
    });
    expect(await snapshot(target)).toEqual(before);
    expect((await readdir(path.dirname(target))).sort()).toEqual(["demo"]);
  });
});
