import { describe, expect, it } from "vitest";
import { mkdir, readFile, readdir, readlink, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { tempDirsPerTest } from "../../../test-support/temp-dirs";
import { ReleaseCache } from "./release-cache";

const tempDir = tempDirsPerTest();

describe("ReleaseCache.write", () => {
  it("writes exactly the entry's fields with mode 0600 and no temp file beside it", async () => {
    const cache = new ReleaseCache(await tempDir());
    await cache.write("github:o/r", { tag: "v1.2.0", fetched_at: 1000, etag: 'W/"x"', extra: "dropped" } as never);
    const file = cache.fileOf("github:o/r");
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ tag: "v1.2.0", fetched_at: 1000, etag: 'W/"x"' });
    if (process.platform !== "win32") expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(cache.dir)).toEqual([path.basename(file)]);
    expect(await cache.read("github:o/r")).toEqual({ tag: "v1.2.0", fetched_at: 1000, etag: 'W/"x"' });
  });

  it("leaves no temp file behind when the entry cannot be replaced", async () => {
    const cache = new ReleaseCache(await tempDir());
    const file = cache.fileOf("github:o/r");
    await mkdir(file, { recursive: true });
    await cache.write("github:o/r", { tag: "v1", fetched_at: 1 });
    expect(await readdir(cache.dir)).toEqual([path.basename(file)]);
  });

  it.skipIf(process.platform === "win32")("never replaces or writes through a symlinked entry", async () => {
    const root = await tempDir();
    const outside = path.join(root, "outside.txt");
    await writeFile(outside, "not a cache entry");
    const cache = new ReleaseCache(path.join(root, "cache"));
    const file = cache.fileOf("github:o/r");
    await mkdir(cache.dir, { recursive: true });
    await symlink(outside, file);
    await cache.write("github:o/r", { tag: "v1", fetched_at: 1 });
    expect(await readlink(file)).toBe(outside);
    expect(await readFile(outside, "utf8")).toBe("not a cache entry");
    expect(await readdir(cache.dir)).toEqual([path.basename(file)]);
  });
});
