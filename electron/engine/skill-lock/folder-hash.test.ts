// The installer's SHA-256 folder hash, pinned to the value the real `skills` installer (npm skills 1.7.4) wrote for this
// exact folder, and its use by the content check: an untouched copy is not "changed locally".
import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { gitTreeOf } from "../updates/git-tree";
import { installerFolderHashes, recordedAsTree } from "./folder-hash";

/** Whether the folder still has the installer's recorded hash: recordedAsTree then answers with the folder's tree. */
const matchesInstallerHash = async (dir: string, recorded: string) =>
  (await recordedAsTree(dir, recorded, "the folder's tree")) === "the folder's tree";

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

/** The folder `skills add` copied, and the skillFolderHash the real installer recorded for it. */
const ALPHA = {
  "SKILL.md": "---\nname: alpha\ndescription: Alpha skill for tests.\n---\n# Alpha\n",
  "scripts/run.sh": "echo a\n",
  "node_modules/x/i.js": "x",
  "B.md": "B\n",
  "a.md": "a\n",
};
const ALPHA_HASH = "415e0d67cc65481ba9b2bf854ea76fd05ae5472df5e6c2e6ac23cda91cb27b69";

describe("the installer's folder hash", () => {
  it("is the hash the real installer recorded, whatever .git, node_modules and links hold", async () => {
    const t = await makeTempDir();
    cleanup = t.cleanup;
    const dir = path.join(t.dir, "alpha");
    await writeTree(dir, ALPHA);
    expect((await installerFolderHashes(dir))?.[0]).toBe(ALPHA_HASH);
    await writeTree(dir, { ".git/HEAD": "ref: refs/heads/main\n", "node_modules/y/z.js": "y" });
    await symlink("a.md", path.join(dir, "link.md"));
    await mkdir(path.join(dir, "empty"));
    expect(await matchesInstallerHash(dir, ALPHA_HASH.toUpperCase())).toBe(true);
    await writeFile(path.join(dir, "a.md"), "edited\n");
    expect(await matchesInstallerHash(dir, ALPHA_HASH)).toBe(false);
  });

  it("turns a matching SHA-256 record into the folder's tree SHA, keeps a stale one, passes a tree SHA through", async () => {
    const t = await makeTempDir();
    cleanup = t.cleanup;
    const dir = path.join(t.dir, "alpha");
    await writeTree(dir, ALPHA);
    const tree = (await gitTreeOf(dir)).sha;
    expect(await recordedAsTree(dir, ALPHA_HASH, tree)).toBe(tree);
    expect(await recordedAsTree(dir, "f".repeat(64), tree)).toBe("f".repeat(64));
    expect(await recordedAsTree(dir, "a".repeat(40), tree)).toBe("a".repeat(40));
    expect(await recordedAsTree(dir, null, tree)).toBe(null);
    expect(await recordedAsTree(path.join(t.dir, "missing"), ALPHA_HASH, tree)).toBe(null);
  });
});
