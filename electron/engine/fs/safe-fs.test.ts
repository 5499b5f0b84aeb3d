import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { readFileBytesSync, readTextFile, resolveInside, walkTree } from "./safe-fs";

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
afterEach(() => cleanup());

describe("readTextFile", () => {
  it("reads UTF-8, strips and reports a BOM", async () => {
    await writeFile(path.join(dir, "a.md"), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("héllo")]));
    const r = await readTextFile(path.join(dir, "a.md"));
    expect(r).toMatchObject({ ok: true, text: "héllo", bom: true, binary: false });
  });

  it("reads each file alone: a short file after a long one, and kept bytes that later reads do not overwrite", async () => {
    const long = "long line of text\n".repeat(5_000);
    await writeTree(dir, { "long.md": long, "short.md": "short", "empty.md": "", "bad.md": Buffer.from([0x61, 0xff]) });
    const kept = await readTextFile(path.join(dir, "short.md"), { keepBytes: true });
    expect(await readTextFile(path.join(dir, "long.md"))).toMatchObject({ ok: true, text: long });
    expect(await readTextFile(path.join(dir, "short.md"))).toMatchObject({ ok: true, text: "short", bytes: 5 });
    expect(await readTextFile(path.join(dir, "bad.md"))).toMatchObject({ ok: false, reason: "encoding" });
    expect(await readTextFile(path.join(dir, "empty.md"))).toMatchObject({ ok: true, text: "", bytes: 0 });
    await readTextFile(path.join(dir, "long.md"));
    expect(kept.ok && Buffer.from(kept.raw!).toString()).toBe("short");
  });

  it("refuses invalid UTF-8", async () => {
    await writeFile(path.join(dir, "a.md"), Buffer.from([0x66, 0xff, 0xfe, 0x00]));
    expect(await readTextFile(path.join(dir, "a.md"))).toMatchObject({ ok: false, reason: "encoding" });
  });

  it("refuses a file over the cap without reading it", async () => {
    await writeFile(path.join(dir, "big.md"), Buffer.alloc(2048, 0x61));
    expect(await readTextFile(path.join(dir, "big.md"), { maxBytes: 1024 })).toMatchObject({
      ok: false,
      reason: "too-large",
      bytes: 2048,
    });
  });

  it("never blocks on a FIFO", async () => {
    execFileSync("mkfifo", [path.join(dir, "SKILL.md")]);
    expect(await readTextFile(path.join(dir, "SKILL.md"))).toMatchObject({ ok: false, reason: "not-regular" });
  });

  it("refuses a folder and a missing file", async () => {
    await mkdir(path.join(dir, "sub"));
    expect(await readTextFile(path.join(dir, "sub"))).toMatchObject({ ok: false, reason: "not-regular" });
    expect(await readTextFile(path.join(dir, "none"))).toMatchObject({ ok: false, reason: "not-found" });
  });

  it("refuses a link out of the root and reports a loop", async () => {
    const { dir: other, cleanup: c2 } = await makeTempDir();
    await writeFile(path.join(other, "secret.txt"), "secret");
    await mkdir(path.join(dir, "skill"));
    await symlink(path.join(other, "secret.txt"), path.join(dir, "skill", "leak.txt"));
    expect(await readTextFile(path.join(dir, "skill", "leak.txt"), { root: path.join(dir, "skill") })).toMatchObject({
      ok: false,
      reason: "outside",
    });
    await symlink("loop-b", path.join(dir, "loop-a"));
    await symlink("loop-a", path.join(dir, "loop-b"));
    expect(await readTextFile(path.join(dir, "loop-a"))).toMatchObject({ ok: false, reason: "unreadable" });
    await c2();
  });
});

describe("readFileBytesSync", () => {
  it("reads a file's bytes in full, a large one and an empty one, undecoded", async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 7, 0xff);
    big.write("start", 0);
    await writeTree(dir, { "big.bin": big, "empty.bin": "" });
    const read = readFileBytesSync(path.join(dir, "big.bin"), 4 * 1024 * 1024);
    expect(read?.ok && read.bytes.equals(big)).toBe(true);
    expect(readFileBytesSync(path.join(dir, "empty.bin"), 10)).toMatchObject({ ok: true, bytes: Buffer.alloc(0) });
  });

  it("refuses a file over the cap, a folder, a FIFO (without blocking) and a missing file, as readFileBytes does", async () => {
    await writeFile(path.join(dir, "big.md"), Buffer.alloc(2048, 0x61));
    await mkdir(path.join(dir, "sub"));
    execFileSync("mkfifo", [path.join(dir, "fifo")]);
    expect(readFileBytesSync(path.join(dir, "big.md"), 1024)).toMatchObject({ ok: false, reason: "too-large" });
    expect(readFileBytesSync(path.join(dir, "sub"), 1024)).toMatchObject({ ok: false, reason: "not-regular" });
    expect(readFileBytesSync(path.join(dir, "fifo"), 1024)).toMatchObject({ ok: false, reason: "not-regular" });
    expect(readFileBytesSync(path.join(dir, "none"), 1024)).toMatchObject({ ok: false, reason: "not-found" });
    expect(readFileBytesSync(path.join(dir, "none", "deeper"), 1024)).toMatchObject({ reason: "not-found" });
  });
});

describe("resolveInside", () => {
  it("refuses absolute paths, .., NUL and links that leave the root", async () => {
    await writeTree(dir, { "skill/references/a.md": "a" });
    await symlink("/etc", path.join(dir, "skill", "etc"));
    const root = path.join(dir, "skill");
    expect(await resolveInside(root, "references/a.md")).toMatchObject({ ok: true });
    expect(await resolveInside(root, "/etc/passwd")).toMatchObject({ ok: false });
    expect(await resolveInside(root, "../skill/references/a.md")).toMatchObject({ ok: false });
    expect(await resolveInside(root, "a\u0000b")).toMatchObject({ ok: false });
    expect(await resolveInside(root, "etc/hostname")).toMatchObject({ ok: false });
  });
});

describe("walkTree", () => {
  it("lists a tree, skips links that leave it and survives loops", async () => {
    await writeTree(dir, { "s/SKILL.md": "x", "s/references/a.md": "aa", "s/deep/er/b.txt": "b" });
    await symlink("/etc", path.join(dir, "s", "out"));
    await symlink("..", path.join(dir, "s", "deep", "up"));
    await symlink("nowhere", path.join(dir, "s", "broken"));
    const walk = await walkTree(path.join(dir, "s"));
    const files = walk.entries.filter((e) => e.kind === "file").map((e) => e.rel);
    expect(files).toEqual(["SKILL.md", "references/a.md", "deep/er/b.txt"]);
    expect(walk.outside).toEqual(["out"]);
    expect(walk.broken).toEqual(["broken"]);
  });

  it("stops at maxDepth and maxEntries and says so", async () => {
    await writeTree(dir, { "a/b/c/d/e/f.txt": "f" });
    expect((await walkTree(dir, { maxDepth: 2 })).truncated).toBe(true);
    expect((await walkTree(dir, { maxEntries: 1 })).truncated).toBe(true);
  });
});
