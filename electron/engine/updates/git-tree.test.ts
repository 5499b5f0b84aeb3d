// The git tree hash against Debian git's own hashing, on folders with executables, links, nesting, empty files and
// non-ASCII names.
import { execFileSync, spawnSync } from "node:child_process";
import { chmod, cp, mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { GitTreeLimitError, gitTreeOf } from "./git-tree";

const gitMissing =
  spawnSync("git", ["--version"]).status !== 0 ? "git is not installed (apt-get install -y git)" : null;

/** What git itself says the tree of `dir` is: a temporary repository, `git add -A`, `git write-tree`. */
function gitWriteTree(dir: string, scratch: string): string {
  const repo = path.join(scratch, `repo-${Math.random().toString(36).slice(2)}`);
  execFileSync("git", ["init", "-q", repo]);
  execFileSync("cp", ["-a", `${dir}/.`, repo]);
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", HOME: scratch };
  execFileSync("git", ["-C", repo, "-c", "core.fileMode=true", "-c", "core.symlinks=true", "add", "-A"], { env });
  return execFileSync("git", ["-C", repo, "write-tree"], { env }).toString().trim();
}

let root: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir: root, cleanup } = await makeTempDir("skillshelf-gittree-"));
});
afterAll(async () => cleanup());

describe("gitTreeOf", () => {
  it("equals git write-tree on a folder with executables, links, nesting, empty files and non-ASCII names", async (ctx) => {
    if (gitMissing) skipBecause(ctx, gitMissing);
    const skill = path.join(root, "skill");
    await writeTree(skill, {
      "SKILL.md": "---\nname: skill\ndescription: d\n---\nBody\n",
      "scripts/run.sh": "#!/bin/sh\necho hi\n",
      "references/empty.md": "",
      "references/deep/a/b/c.txt": "deep\n",
      "données/éé.md": "unicode\n",
      "a-b.md": "x",
      "a.md": "y",
      "a/z.md": "z",
      "bin.dat": new Uint8Array([0, 1, 2, 255, 254]),
    });
    await chmod(path.join(skill, "scripts/run.sh"), 0o755);
    await symlink("references/deep/a/b/c.txt", path.join(skill, "link.txt"));
    await symlink("../outside/nowhere", path.join(skill, "dangling"));
    await mkdir(path.join(skill, "empty-folder/nested-empty"), { recursive: true });
    const ours = await gitTreeOf(skill);
    expect(ours.sha).toBe(gitWriteTree(skill, root));
    expect(ours.files.get("scripts/run.sh")?.mode).toBe("100755");
    expect(ours.files.get("link.txt")?.mode).toBe("120000");
    expect(ours.files.has("empty-folder/nested-empty")).toBe(false);
  });

  it("gives each file the blob id git hash-object gives it", async (ctx) => {
    if (gitMissing) skipBecause(ctx, gitMissing);
    const folder = path.join(root, "blob");
    await writeTree(folder, { "blob.txt": "hello\nworld\n" });
    const expected = execFileSync("git", ["hash-object", path.join(folder, "blob.txt")])
      .toString()
      .trim();
    expect((await gitTreeOf(folder)).files.get("blob.txt")?.sha).toBe(expected);
  });

  it("changes when one byte changes and when an exec bit changes", async (ctx) => {
    if (gitMissing) skipBecause(ctx, gitMissing);
    const a = path.join(root, "a");
    await writeTree(a, { "SKILL.md": "one\n", "x.sh": "echo\n" });
    const first = await gitTreeOf(a);
    await chmod(path.join(a, "x.sh"), 0o755);
    const second = await gitTreeOf(a);
    expect(second.sha).not.toBe(first.sha);
    expect(second.sha).toBe(gitWriteTree(a, root));
    const b = path.join(root, "b");
    await cp(a, b, { recursive: true });
    await writeFile(path.join(b, "SKILL.md"), "two\n");
    expect((await gitTreeOf(b)).sha).not.toBe(second.sha);
  });

  it("refuses a folder past its limits instead of hashing part of it", async () => {
    const big = path.join(root, "big");
    await writeTree(big, { "1.md": "a", "2.md": "b", "3.md": "c" });
    await expect(gitTreeOf(big, { maxFiles: 2 })).rejects.toBeInstanceOf(GitTreeLimitError);
    await expect(gitTreeOf(big, { maxBytes: 2 })).rejects.toBeInstanceOf(GitTreeLimitError);
  });
});
