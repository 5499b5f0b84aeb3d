import { afterEach, describe, expect, it, vi } from "vitest";
import { lstat, readFile, readdir, readlink, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { tempDirsPerTest } from "../../../test-support/temp-dirs";
import { copyFileNoFollow, createNewFile, createNewFileSync, createSymlink, writeFileAtomic } from "./write";

// A file system without hard links (FAT, some network shares) cannot be mounted here: node's link is made to fail
// with EPERM on request, everything else is the real file system.
const failure = vi.hoisted(() => ({ link: false }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...real,
    link: async (from: string, to: string) => {
      if (failure.link) throw Object.assign(new Error("EPERM: operation not permitted, link"), { code: "EPERM" });
      return real.link(from, to);
    },
  };
});

const tempDir = tempDirsPerTest();
afterEach(() => {
  failure.link = false;
});
const posix = process.platform !== "win32";

describe.each([
  { name: "with hard links", noLinks: false },
  { name: "without hard links", noLinks: true },
])("writeFileAtomic with overwrite: false, $name", ({ noLinks }) => {
  it("publishes a new file with its mode and leaves no temp file", async () => {
    failure.link = noLinks;
    const dir = await tempDir();
    const file = path.join(dir, "demo.lock");
    await writeFileAtomic(file, "1234", { mode: 0o600, overwrite: false });
    expect(await readFile(file, "utf8")).toBe("1234");
    if (posix) expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(["demo.lock"]);
  });

  it("never replaces a file already there: fails with EEXIST, the file untouched, no temp left", async () => {
    failure.link = noLinks;
    const dir = await tempDir();
    const file = path.join(dir, "demo.lock");
    await writeFile(file, "theirs");
    await expect(writeFileAtomic(file, "mine", { overwrite: false })).rejects.toMatchObject({ code: "EEXIST" });
    expect(await readFile(file, "utf8")).toBe("theirs");
    expect(await readdir(dir)).toEqual(["demo.lock"]);
  });

  it.skipIf(!posix)("never writes through a link at the name: EEXIST, link and its target untouched", async () => {
    failure.link = noLinks;
    const dir = await tempDir();
    const outside = path.join(dir, "outside.txt");
    await writeFile(outside, "precious");
    const file = path.join(dir, "out.skill");
    await symlink(outside, file);
    await expect(writeFileAtomic(file, "x", { overwrite: false })).rejects.toMatchObject({ code: "EEXIST" });
    expect(await readFile(outside, "utf8")).toBe("precious");
    expect(await readlink(file)).toBe(outside);
    expect((await readdir(dir)).sort()).toEqual(["out.skill", "outside.txt"]);
  });
});

describe("writeFileAtomic's check before the rename", () => {
  it("hands the complete temp (named with the suffix) to the check; a throw publishes nothing", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "demo.skill");
    let seen = "";
    const refused = writeFileAtomic(file, "bytes", {
      overwrite: false,
      tempSuffix: ".skill",
      beforeRename: async (temp) => {
        seen = `${path.basename(temp)}:${await readFile(temp, "utf8")}`;
        throw new Error("not a usable archive");
      },
    });
    await expect(refused).rejects.toThrow("not a usable archive");
    expect(seen).toMatch(/^\.demo\.skill\.\d+\.[0-9a-f]{16}\.tmp\.skill:bytes$/);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe("createNewFile and createNewFileSync", () => {
  it("write a new file chunk by chunk", async () => {
    const dir = await tempDir();
    const out = await createNewFile(path.join(dir, "download"), { mode: 0o600 });
    await out.write(new TextEncoder().encode("hello, "));
    await out.write(new TextEncoder().encode("world"));
    await out.finish();
    await out.close();
    expect(await readFile(path.join(dir, "download"), "utf8")).toBe("hello, world");
    const sync = createNewFileSync(path.join(dir, "entry"), 0o644);
    sync.write(new TextEncoder().encode("abc"));
    sync.close();
    sync.close();
    expect(await readFile(path.join(dir, "entry"), "utf8")).toBe("abc");
  });

  it.skipIf(!posix)("refuse a name already taken, by a file or a link, and write nothing through it", async () => {
    const dir = await tempDir();
    const outside = path.join(dir, "outside.txt");
    await writeFile(outside, "precious");
    await symlink(outside, path.join(dir, "link"));
    await expect(createNewFile(path.join(dir, "link"))).rejects.toMatchObject({ code: "EEXIST" });
    expect(() => createNewFileSync(path.join(dir, "outside.txt"), 0o644)).toThrow(/EEXIST/);
    expect(await readFile(outside, "utf8")).toBe("precious");
  });
});

describe("copyFileNoFollow", () => {
  it.skipIf(!posix)("copies the bytes with the mode asked for, flushed, into a new file", async () => {
    const dir = await tempDir();
    const big = Buffer.alloc(200 * 1024, 7);
    await writeFile(path.join(dir, "run.sh"), big);
    await copyFileNoFollow(path.join(dir, "run.sh"), path.join(dir, "copy.sh"), 0o755);
    expect((await readFile(path.join(dir, "copy.sh"))).equals(big)).toBe(true);
    expect((await stat(path.join(dir, "copy.sh"))).mode & 0o777).toBe(0o755);
  });

  it.skipIf(!posix)("refuses a source that is a link and a target already there", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "secret"), "elsewhere");
    await symlink(path.join(dir, "secret"), path.join(dir, "swapped"));
    await expect(copyFileNoFollow(path.join(dir, "swapped"), path.join(dir, "copy"), 0o644)).rejects.toMatchObject({
      code: "ELOOP",
    });
    await writeFile(path.join(dir, "taken"), "theirs");
    await expect(copyFileNoFollow(path.join(dir, "secret"), path.join(dir, "taken"), 0o644)).rejects.toMatchObject({
      code: "EEXIST",
    });
    expect(await readFile(path.join(dir, "taken"), "utf8")).toBe("theirs");
    expect((await readdir(dir)).sort()).toEqual(["secret", "swapped", "taken"]);
  });
});

describe("createSymlink", () => {
  it.skipIf(!posix)("makes a link holding the text verbatim and never replaces what is there", async () => {
    const dir = await tempDir();
    await createSymlink("../elsewhere/x", path.join(dir, "link"));
    expect(await readlink(path.join(dir, "link"))).toBe("../elsewhere/x");
    await expect(createSymlink("other", path.join(dir, "link"))).rejects.toMatchObject({ code: "EEXIST" });
    expect((await lstat(path.join(dir, "link"))).isSymbolicLink()).toBe(true);
  });
});
