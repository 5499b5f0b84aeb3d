import { chmod, mkdir, symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { decideOpen, realPathInside, realRoots } from "./open-policy";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function skillTree() {
  const tmp = await makeTempDir();
  cleanups.push(tmp.cleanup);
  const skill = path.join(tmp.dir, "skills", "alpha");
  await writeTree(tmp.dir, {
    "skills/alpha/SKILL.md": "---\nname: alpha\n---\n",
    "skills/alpha/notes.txt": "n",
    "skills/alpha/run.sh": "#!/bin/sh\n",
    "skills/alpha/x.md": "# x",
    "skills/alpha/page.html": "<p>",
    "outside/secret.md": "s",
  });
  return { root: tmp.dir, skill };
}

describe("realPathInside", () => {
  it("accepts a file inside a skill folder by its real path, also through a link to the skill folder", async () => {
    const { root, skill } = await skillTree();
    await symlink(skill, path.join(root, "linked-alpha"));
    const roots = await realRoots([path.join(root, "linked-alpha")]);
    expect(await realPathInside(path.join(root, "linked-alpha", "x.md"), roots)).toBe(
      path.join(await realRoots([skill]).then((r) => r[0]!), "x.md"),
    );
  });

  it("refuses a link inside a skill that leads to a folder outside or to /usr/bin/id", async () => {
    const { root, skill } = await skillTree();
    await symlink(path.join(root, "outside"), path.join(skill, "out"));
    await symlink("/usr/bin/id", path.join(skill, "id"));
    const roots = await realRoots([skill]);
    expect(await realPathInside(path.join(skill, "out", "secret.md"), roots)).toBeNull();
    expect(await realPathInside(path.join(skill, "out"), roots)).toBeNull();
    expect(await realPathInside(path.join(skill, "id"), roots)).toBeNull();
    expect(await realPathInside("/usr/bin/id", roots)).toBeNull();
  });

  it("does not treat a sibling folder sharing a name prefix as inside", async () => {
    const { root, skill } = await skillTree();
    await writeTree(root, { "skills/alpha-evil/a.md": "a" });
    expect(await realPathInside(path.join(root, "skills/alpha-evil/a.md"), await realRoots([skill]))).toBeNull();
    expect(await realPathInside(path.join(skill, "..", "alpha-evil", "a.md"), await realRoots([skill]))).toBeNull();
  });
});

describe("decideOpen", () => {
  it("opens a plain .md or .txt as text", async () => {
    const { skill } = await skillTree();
    expect(await decideOpen(path.join(skill, "x.md"), "linux")).toEqual({
      action: "open-as-text",
      path: path.join(skill, "x.md"),
    });
    expect((await decideOpen(path.join(skill, "notes.txt"), "darwin")).action).toBe("open-as-text");
  });

  it("reveals a file with an execute bit, even a .md, and a script", async () => {
    const { skill } = await skillTree();
    await chmod(path.join(skill, "x.md"), 0o755);
    expect(await decideOpen(path.join(skill, "x.md"), "linux")).toMatchObject({
      action: "reveal",
      reason: expect.stringMatching(/execute permission/),
    });
    expect(await decideOpen(path.join(skill, "run.sh"), "linux")).toMatchObject({
      action: "reveal",
      reason: expect.stringMatching(/only plain text files/),
    });
  });

  it("reveals types a browser or the system may run, folders and other kinds of files", async () => {
    const { skill } = await skillTree();
    await mkdir(path.join(skill, "assets"));
    expect((await decideOpen(path.join(skill, "page.html"), "linux")).action).toBe("reveal");
    expect((await decideOpen(path.join(skill, "assets"), "linux")).action).toBe("reveal");
    await writeTree(skill, { "tool.exe": "MZ", "do.command": "x", "app.desktop": "[Desktop Entry]", "s.js": "x" });
    for (const name of ["tool.exe", "do.command", "app.desktop", "s.js"])
      expect((await decideOpen(path.join(skill, name), "win32")).action, name).toBe("reveal");
  });
});
