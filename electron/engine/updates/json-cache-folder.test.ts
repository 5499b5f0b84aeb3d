// The cache folder reads entries as hostile: capped, bounded in depth, a refused entry deleted so it is fetched again.
import { readdir, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test-support/tmp";
import { JsonCacheFolder } from "./json-cache-folder";

let tmp: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-json-cache-");
});
afterEach(async () => {
  await tmp.cleanup();
});

describe("JsonCacheFolder.read", () => {
  it("returns what accept makes of an entry it wrote", async () => {
    const cache = new JsonCacheFolder(tmp.dir, 1024 * 1024);
    await cache.write("acme/skills", JSON.stringify({ etag: "x" }));
    expect(await cache.read("acme/skills", (v) => v)).toEqual({ etag: "x" });
  });

  it("never hands accept an entry nested past the depth limit, and deletes it so the caller refetches", async () => {
    const cache = new JsonCacheFolder(tmp.dir, 1024 * 1024);
    await writeFile(cache.fileOf("deep"), `{"etag":${"[".repeat(100_000)}${"]".repeat(100_000)}}`);
    const seen: unknown[] = [];
    expect(await cache.read("deep", (v) => (seen.push(v), v))).toBeNull();
    expect(seen).toEqual([]);
    expect(await readdir(tmp.dir)).toEqual([]);
  });
});
