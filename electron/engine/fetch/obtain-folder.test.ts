// `update --from FOLDER`: the folder's links are judged by where they really resolve, not by their text, and a new
// version that holds a link out of its folder is never staged.
import { afterEach, beforeEach, describe, expect, it, type TestContext } from "vitest";
import { readdir, symlink } from "node:fs/promises";
import path from "node:path";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { obtainSkill } from "./obtain";

let tmp: { dir: string; cleanup: () => Promise<void> };
let dataDir: string;
let source: string;
beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-obtain-folder-");
  dataDir = path.join(tmp.dir, "data");
  source = path.join(tmp.dir, "new", "demo");
  await writeTree(source, { "SKILL.md": "---\nname: demo\ndescription: The demo skill.\n---\n\n# Demo\n" });
  await writeTree(path.join(tmp.dir, "new"), { secret: "outside the skill\n" });
});
afterEach(async () => tmp.cleanup());

function needLinks(ctx: TestContext): void {
  if (process.platform === "win32") skipBecause(ctx, "creating symbolic links needs a privilege on Windows");
}

const staged = async () => readdir(path.join(dataDir, "staging")).catch(() => [] as string[]);

describe("obtainSkill from a folder", () => {
  it("refuses a link whose text stays inside but which really leads out through another link (a -> b/../secret, b -> .)", async (ctx) => {
    needLinks(ctx);
    await symlink(".", path.join(source, "b"));
    await symlink("b/../secret", path.join(source, "a"));
    await expect(obtainSkill({ file: source }, { dataDir, expectName: "demo" })).rejects.toMatchObject({
      code: "install.source.link-outside",
      message: expect.stringMatching(
        /"a" is a link that really resolves to a place outside the folder|"b" is a link that points at the folder itself/,
      ),
    });
    expect(await staged()).toEqual([]);
  });

  it("refuses a link to the folder itself (b -> .), which makes a loop", async (ctx) => {
    needLinks(ctx);
    await symlink(".", path.join(source, "b"));
    await expect(obtainSkill({ file: source }, { dataDir, expectName: "demo" })).rejects.toMatchObject({
      code: "install.source.link-outside",
      message: expect.stringContaining('"b" is a link that points at the folder itself'),
    });
  });

  it("installs a link that really stays inside", async (ctx) => {
    needLinks(ctx);
    await writeTree(source, { "references/guide.md": "# Guide\n" });
    await symlink("references/guide.md", path.join(source, "guide.md"));
    const got = await obtainSkill({ file: source }, { dataDir, expectName: "demo" });
    try {
      expect(await readdir(got.skillDir)).toEqual(["SKILL.md", "guide.md", "references"]);
    } finally {
      await got.cleanup();
    }
  });
});
