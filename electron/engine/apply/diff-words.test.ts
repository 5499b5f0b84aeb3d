// The notes beside a file in the review read as sentences: a size is never shown beside a dash for a side that does
// not exist, and a file too large for a text diff says so with the one or two sizes there are.
import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { diffFolders } from "./diff";

let tmp: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => (tmp = await makeTempDir()));
afterEach(async () => tmp.cleanup());

const skillMd = "---\nname: notes\ndescription: Takes notes.\n---\n# Notes\n";

describe("the review's file notes", () => {
  it("names the sizes there are, and never a dash for a side that is missing", async () => {
    const old = path.join(tmp.dir, "old");
    const next = path.join(tmp.dir, "new");
    await writeTree(old, { "SKILL.md": skillMd, "grown.md": "x".repeat(1024) });
    await writeTree(next, { "SKILL.md": skillMd });
    await writeFile(path.join(next, "grown.md"), "x\n".repeat(768 * 1024));
    await writeFile(path.join(old, "gone.bin"), Buffer.from([0]));
    // The release installed here listed gone.bin, so the new release removes it.
    const manifest = {
      target: old,
      version: "1.0.0",
      installedAt: "2026-12-01T00:00:00.000Z",
      files: {
        "gone.bin": createHash("sha256")
          .update(Buffer.from([0]))
          .digest("hex"),
      },
    };
    const notes = new Map((await diffFolders(old, next, { manifest })).files.map((f) => [f.path, f.note]));
    expect(notes.get("grown.md")).toBe("1.0 KB → 1.5 MB; too large to show the changes (over 512.0 KB)");
    expect(notes.get("gone.bin")).toBe("not text, 1 byte, removed");
  });

  it("says an added file is too large to show, with its size only", async () => {
    const old = path.join(tmp.dir, "old");
    const next = path.join(tmp.dir, "new");
    await writeTree(old, { "SKILL.md": skillMd });
    await writeTree(next, { "SKILL.md": skillMd });
    await writeFile(path.join(next, "big.md"), "x\n".repeat(768 * 1024));
    const diff = await diffFolders(old, next);
    const note = diff.files.find((f) => f.path === "big.md")?.note;
    expect(note).toBe("1.5 MB, new; too large to show the changes (over 512.0 KB)");
    expect(note).not.toContain("—");
  });
});
