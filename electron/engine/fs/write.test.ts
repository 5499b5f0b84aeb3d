import { afterEach, describe, expect, it, vi } from "vitest";
import { chmod, lstat, mkdir, readFile, readdir, readlink, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { tempDirsPerTest } from "../../../test-support/temp-dirs";
import { backupFile, writeFileAtomic, writeJsonAtomic, WriteRefusedError } from "./write";

// Disk failures cannot be produced on demand (the tests run as root, so a read-only folder does not stop a write):
// node's rename is made to fail on request, and writev to write short (half of its first piece, as a signal or a
// nearly full disk may), everything else is the real file system.
const failure = vi.hoisted(() => ({ rename: false, shortWritev: false, syncs: 0 }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...real,
    rename: async (from: string, to: string) => {
      if (failure.rename) throw Object.assign(new Error("EIO: i/o error, rename"), { code: "EIO" });
      return real.rename(from, to);
    },
    open: async (...args: Parameters<typeof real.open>) => {
      const handle = await real.open(...args);
      return new Proxy(handle, {
        get(target, property) {
          if (property === "sync")
            return () => {
              failure.syncs++;
              return target.sync();
            };
          if (property === "writev" && failure.shortWritev)
            return (pieces: Uint8Array[]) => target.writev([pieces[0]!.subarray(0, Math.ceil(pieces[0]!.length / 2))]);
          const value = Reflect.get(target, property) as unknown;
          return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
    },
  };
});

const tempDir = tempDirsPerTest();
afterEach(() => {
  failure.rename = false;
  failure.shortWritev = false;
  failure.syncs = 0;
});
const posix = process.platform !== "win32";

describe("writeFileAtomic", () => {
  it("writes the bytes, replaces an existing file and leaves no temp file", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "state.json");
    await writeFileAtomic(file, "first");
    await writeFileAtomic(file, new Uint8Array([104, 105]));
    expect(await readFile(file, "utf8")).toBe("hi");
    expect(await readdir(dir)).toEqual(["state.json"]);
  });

  it("syncs the file and its folder to disk, unless told the file can be rebuilt", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "cache.json");
    await writeFileAtomic(file, "durable");
    expect(failure.syncs).toBe(posix ? 2 : 1);
    failure.syncs = 0;
    await writeFileAtomic(file, ["re", "buildable"], { durable: false });
    expect(failure.syncs).toBe(0);
    expect(await readFile(file, "utf8")).toBe("rebuildable");
    expect(await readdir(dir)).toEqual(["cache.json"]);
  });

  it("writes data given in pieces in order, replacing the whole file", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "catalog.json");
    await writeFileAtomic(file, "x".repeat(100));
    await writeFileAtomic(file, ['{"a":', Buffer.from("[1,2"), "", ",3]}"]);
    expect(await readFile(file, "utf8")).toBe('{"a":[1,2,3]}');
    expect(await readdir(dir)).toEqual(["catalog.json"]);
  });

  it("writes thousands of pieces (more than one writev takes) in order, multibyte text included", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "results.json");
    const pieces = Array.from({ length: 2_500 }, (_, i) =>
      i % 3 === 0
        ? `café-${i},`
        : i % 3 === 1
          ? Buffer.from(`${i}\n`)
          : i % 7 === 2
            ? ""
            : new Uint8Array([65 + (i % 26)]),
    );
    await writeFileAtomic(file, pieces);
    expect(await readFile(file)).toEqual(
      Buffer.concat(pieces.map((p) => (typeof p === "string" ? Buffer.from(p) : p))),
    );
  });

  it("goes on after short writes until every piece is on disk", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "results.json");
    failure.shortWritev = true;
    const pieces = ["head:", Buffer.from("a".repeat(1000)), "", "ü".repeat(33), Buffer.from("tail")];
    await writeFileAtomic(file, pieces);
    expect(await readFile(file, "utf8")).toBe(`head:${"a".repeat(1000)}${"ü".repeat(33)}tail`);
    expect(await readdir(dir)).toEqual(["results.json"]);
  });

  it.skipIf(!posix)(
    "creates the file with exactly the mode asked for, whatever the umask, and replaces looser modes",
    async () => {
      const dir = await tempDir();
      const file = path.join(dir, "secret.json");
      await writeFile(file, "old", { mode: 0o644 });
      await chmod(file, 0o644);
      await writeFileAtomic(file, "token", { mode: 0o600 });
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const shared = path.join(dir, "shared.txt");
      await writeFileAtomic(shared, "x", { mode: 0o664 });
      expect((await stat(shared)).mode & 0o777).toBe(0o664);
    },
  );

  it.skipIf(!posix)("refuses a symlink at the target: the link and the file it points at are untouched", async () => {
    const dir = await tempDir();
    const outside = path.join(dir, "outside.txt");
    await writeFile(outside, "precious");
    await mkdir(path.join(dir, "config"));
    const file = path.join(dir, "config", "settings.json");
    await symlink(outside, file);
    const error = await writeFileAtomic(file, "token=secret", { mode: 0o600 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriteRefusedError);
    expect((error as WriteRefusedError).refused).toBe("symlink");
    expect((error as Error).message).toMatch(/symbolic link/);
    expect(await readFile(outside, "utf8")).toBe("precious");
    expect(await readlink(file)).toBe(outside);
    expect(await readdir(path.join(dir, "config"))).toEqual(["settings.json"]);
  });

  it.skipIf(!posix)("refuses a dangling symlink at the target without creating its target", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "settings.json");
    await symlink(path.join(dir, "created-by-write"), file);
    await expect(writeFileAtomic(file, "x")).rejects.toBeInstanceOf(WriteRefusedError);
    expect((await readdir(dir)).sort()).toEqual(["settings.json"]);
  });

  it("refuses a folder at the target", async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, "state.json"));
    await expect(writeFileAtomic(path.join(dir, "state.json"), "x")).rejects.toMatchObject({
      code: "write.not-regular",
    });
    expect(await readdir(dir)).toEqual(["state.json"]);
  });

  it("keeps the old file and removes the temp file when the write fails", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "settings.json");
    await writeFile(file, "old contents");
    failure.rename = true;
    await expect(writeFileAtomic(file, "new contents", { mode: 0o600 })).rejects.toThrow(/EIO/);
    expect(await readFile(file, "utf8")).toBe("old contents");
    expect(await readdir(dir)).toEqual(["settings.json"]);
  });

  it("fails without a temp file when the folder does not exist", async () => {
    const dir = await tempDir();
    await expect(writeFileAtomic(path.join(dir, "missing", "x.json"), "x")).rejects.toMatchObject({ code: "ENOENT" });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe("writeJsonAtomic", () => {
  it("writes two-space JSON with a trailing newline", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "v.json");
    await writeJsonAtomic(file, { a: [1] });
    expect(await readFile(file, "utf8")).toBe('{\n  "a": [\n    1\n  ]\n}\n');
  });
});

describe("backupFile", () => {
  it.skipIf(!posix)("copies into a 0600 file", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "settings.json");
    await writeFile(file, "token", { mode: 0o644 });
    await backupFile(file, `${file}.bak`);
    expect(await readFile(`${file}.bak`, "utf8")).toBe("token");
    expect((await stat(`${file}.bak`)).mode & 0o777).toBe(0o600);
  });

  it.skipIf(!posix)(
    "replaces a symlink at the backup path with a regular file and never writes to the link's target",
    async () => {
      const dir = await tempDir();
      const outside = path.join(dir, "outside.txt");
      await writeFile(outside, "precious");
      const file = path.join(dir, "settings.json");
      await writeFile(file, "token");
      await symlink(outside, `${file}.bak`);
      await backupFile(file, `${file}.bak`);
      expect(await readFile(outside, "utf8")).toBe("precious");
      expect((await lstat(`${file}.bak`)).isFile()).toBe(true);
      expect(await readFile(`${file}.bak`, "utf8")).toBe("token");
    },
  );

  it.skipIf(!posix)("refuses to copy a source that is a symlink", async () => {
    const dir = await tempDir();
    const outside = path.join(dir, "outside.txt");
    await writeFile(outside, "elsewhere");
    const file = path.join(dir, "settings.json");
    await symlink(outside, file);
    await expect(backupFile(file, `${file}.bak`)).rejects.toMatchObject({ code: "write.symlink" });
    expect((await readdir(dir)).sort()).toEqual(["outside.txt", "settings.json"]);
  });
});
