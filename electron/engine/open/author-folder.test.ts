import { mkdir, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { broadFolderProblem, checkAuthorFolder } from "./author-folder";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function tree(files: Record<string, string>) {
  const tmp = await makeTempDir();
  cleanups.push(tmp.cleanup);
  await writeTree(tmp.dir, files);
  return tmp.dir;
}

const linux = { platform: "linux" as const, homes: [os.homedir()] };

describe("checkAuthorFolder", () => {
  it("accepts a skill (any case of SKILL.md), a plugin of either format, a marketplace and a folder of skills", async () => {
    const root = await tree({
      "skill/skill.md": "x",
      "plugin/plugin.json": "{}",
      "cc-plugin/.claude-plugin/plugin.json": "{}",
      "market/.claude-plugin/marketplace.json": "{}",
      "many/one/SKILL.md": "x",
      "many/README.md": "x",
    });
    expect(await checkAuthorFolder(path.join(root, "skill"), linux)).toMatchObject({ ok: true, kind: "skill" });
    expect(await checkAuthorFolder(path.join(root, "plugin"), linux)).toMatchObject({ ok: true, kind: "plugin" });
    expect(await checkAuthorFolder(path.join(root, "cc-plugin"), linux)).toMatchObject({ ok: true, kind: "plugin" });
    expect(await checkAuthorFolder(path.join(root, "market"), linux)).toMatchObject({ ok: true, kind: "marketplace" });
    expect(await checkAuthorFolder(path.join(root, "many"), linux)).toMatchObject({ ok: true, kind: "skills-folder" });
  });

  it("refuses /, the home folder (also through a link), /usr, /etc and /usr/bin with a sentence saying why", async () => {
    expect(await checkAuthorFolder("/", linux)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/top of a disk/),
    });
    const home = await tree({ ".claude/skills/a/SKILL.md": "x", "a/SKILL.md": "x" });
    const options = { platform: "linux" as const, homes: [home] };
    expect(await checkAuthorFolder(home, options)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/your home folder/),
    });
    const link = path.join(await tree({}), "home-link");
    await symlink(home, link);
    expect(await checkAuthorFolder(link, options)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/your home folder/),
    });
    expect(await checkAuthorFolder(path.dirname(home), options)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/holds home folders/),
    });
    for (const dir of ["/usr", "/etc", "/usr/bin"])
      expect(await checkAuthorFolder(dir, linux), dir).toMatchObject({ ok: false });
  });

  it("refuses a file, a missing folder and a folder that holds nothing to author", async () => {
    const root = await tree({ "file.md": "x", "empty/notes.txt": "x" });
    await mkdir(path.join(root, "deep/a/b"), { recursive: true });
    expect(await checkAuthorFolder(path.join(root, "file.md"), linux)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/is a file/),
    });
    expect(await checkAuthorFolder(path.join(root, "missing"), linux)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/no folder/),
    });
    expect(await checkAuthorFolder(path.join(root, "empty"), linux)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/holds no skill/),
    });
    expect(await checkAuthorFolder(path.join(root, "deep"), linux)).toMatchObject({ ok: false });
  });
});

describe("broadFolderProblem", () => {
  it("knows each platform's system folders and drive roots", () => {
    expect(broadFolderProblem("C:\\", { platform: "win32", homes: ["C:\\Users\\ann"] })).toMatch(/top of a disk/);
    expect(broadFolderProblem("c:\\windows", { platform: "win32", homes: ["C:\\Users\\ann"] })).toMatch(
      /system folder/,
    );
    expect(broadFolderProblem("C:\\Users", { platform: "win32", homes: ["C:\\Users\\ann"] })).toMatch(
      /holds home folders/,
    );
    expect(broadFolderProblem("/System", { platform: "darwin", homes: ["/Users/ann"] })).toMatch(/system folder/);
    expect(broadFolderProblem("/Applications", { platform: "darwin", homes: ["/Users/ann"] })).toMatch(/system folder/);
    expect(broadFolderProblem("/Users/ann/skills/pdf", { platform: "darwin", homes: ["/Users/ann"] })).toBeNull();
  });
});
