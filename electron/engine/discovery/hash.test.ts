import path from "node:path";
import { rename, symlink, writeFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { readSkillWithFiles } from "../skill/read-skill";
import { hashSkillFolder, hashSkillFolderWithInfo } from "./hash";

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

describe("hashSkillFolder", () => {
  it("depends on relative paths and bytes only, not on where the folder is", async () => {
    const t = await makeTempDir();
    cleanup = t.cleanup;
    const files = { "SKILL.md": "---\nname: a\n---\n", "scripts/run.sh": "echo hi\n" };
    await writeTree(path.join(t.dir, "one"), files);
    await writeTree(path.join(t.dir, "two", "nested"), files);
    const a = await hashSkillFolder(path.join(t.dir, "one"));
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashSkillFolder(path.join(t.dir, "two", "nested"))).toBe(a);
    await writeFile(path.join(t.dir, "one", "scripts", "run.sh"), "echo bye\n");
    const edited = await hashSkillFolder(path.join(t.dir, "one"));
    expect(edited).not.toBe(a);
    await rename(path.join(t.dir, "one", "scripts", "run.sh"), path.join(t.dir, "one", "scripts", "go.sh"));
    expect(await hashSkillFolder(path.join(t.dir, "one"))).not.toBe(edited);
  });

  it("gives the same hash from the validator's listing as from its own walk, and walks itself when links appear", async () => {
    const t = await makeTempDir();
    cleanup = t.cleanup;
    const dir = path.join(t.dir, "pdf");
    await writeTree(dir, {
      "SKILL.md": "---\nname: pdf\ndescription: PDFs.\n---\nSee [forms](references/forms.md).\n",
      "references/forms.md": "# Forms\n",
      "scripts/a/b.py": "print(1)\n",
      "Z.txt": "z",
      "a.txt": "a",
    });
    const { files } = await readSkillWithFiles(dir);
    expect(files).toEqual(["SKILL.md", "Z.txt", "a.txt", "references/forms.md", "scripts/a/b.py"]);
    const fromListing = await hashSkillFolderWithInfo(dir, {}, files);
    expect(fromListing).toEqual(await hashSkillFolderWithInfo(dir));
    await symlink(path.join(dir, "a.txt"), path.join(dir, "alias.txt"));
    expect((await readSkillWithFiles(dir)).files).toBeNull();
  });
});

describe("one read of SKILL.md per skill in a scan", () => {
  it("readSkillWithFiles hands over SKILL.md's bytes as read (BOM included), and the hash uses them instead of reading again", async () => {
    const t = await makeTempDir();
    cleanup = t.cleanup;
    const dir = path.join(t.dir, "bom-skill");
    const text = "\uFEFF---\nname: bom-skill\ndescription: Has a byte-order mark.\n---\nBody.\n";
    await writeTree(dir, { "SKILL.md": text, "references/a.md": "# A\n" });
    const { files, read } = await readSkillWithFiles(dir);
    expect([...read.keys()]).toEqual(["SKILL.md"]);
    expect(Buffer.from(read.get("SKILL.md")!).equals(Buffer.from(text))).toBe(true);
    const fromDisk = await hashSkillFolderWithInfo(dir);
    expect(await hashSkillFolderWithInfo(dir, {}, files, read)).toEqual(fromDisk);
    // The bytes given are the bytes hashed: the file is not read a second time.
    const other = await hashSkillFolderWithInfo(dir, {}, files, new Map([["SKILL.md", Buffer.from("different")]]));
    expect(other.hash).not.toBe(fromDisk.hash);
    expect(other.bytes).toBe(fromDisk.bytes - Buffer.byteLength(text) + "different".length);
  });

  it("a referenced Markdown file the rules read whole is handed over too, and hashed from those bytes", async () => {
    const t = await makeTempDir();
    cleanup = t.cleanup;
    const dir = path.join(t.dir, "with-ref");
    const ref = "# Guide\n\nSee [more](more.md).\n";
    await writeTree(dir, {
      "SKILL.md": "---\nname: with-ref\ndescription: Points at a guide.\n---\nRead [the guide](references/guide.md).\n",
      "references/guide.md": ref,
      "references/more.md": "# More\n",
      "scripts/run.py": "print(1)\n",
    });
    const { files, read } = await readSkillWithFiles(dir);
    expect([...read.keys()].sort()).toEqual(["SKILL.md", "references/guide.md"]);
    expect(Buffer.from(read.get("references/guide.md")!).equals(Buffer.from(ref))).toBe(true);
    const fromDisk = await hashSkillFolderWithInfo(dir);
    expect(await hashSkillFolderWithInfo(dir, {}, files, read)).toEqual(fromDisk);
    const swapped = new Map(read).set("references/guide.md", Buffer.from("other"));
    expect((await hashSkillFolderWithInfo(dir, {}, files, swapped)).hash).not.toBe(fromDisk.hash);
  });

  it("bytes already read still respect the byte cap and report it", async () => {
    const t = await makeTempDir();
    cleanup = t.cleanup;
    const dir = path.join(t.dir, "capped");
    await writeTree(dir, { "SKILL.md": "x".repeat(100) });
    const { files, read } = await readSkillWithFiles(dir);
    const capped = await hashSkillFolderWithInfo(dir, { maxBytes: 40 }, files, read);
    expect(capped).toEqual(await hashSkillFolderWithInfo(dir, { maxBytes: 40 }));
    expect(capped).toMatchObject({ truncated: true, bytes: 40, limit: { kind: "bytes", max: 40 } });
  });

  it("a SKILL.md reached through a link is hashed from disk, not from the validator's read", async () => {
    const t = await makeTempDir();
    cleanup = t.cleanup;
    const dir = path.join(t.dir, "linked");
    await writeTree(dir, { "real.md": "---\nname: linked\ndescription: d\n---\n" });
    await symlink("real.md", path.join(dir, "SKILL.md"));
    const { files, read } = await readSkillWithFiles(dir);
    expect(files).toBeNull();
    expect(read.size).toBe(0);
  });
});
