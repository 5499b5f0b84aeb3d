import { describe, expect, it } from "vitest";
import path from "node:path";
import { defaultCacheDir } from "./cache-dir";

describe("defaultCacheDir", () => {
  it("honours SKILLSHELF_CACHE_DIR, then each platform's cache folder", () => {
    expect(defaultCacheDir({ SKILLSHELF_CACHE_DIR: "/x/cache" }, "linux", "/h")).toBe("/x/cache");
    expect(defaultCacheDir({}, "linux", "/h")).toBe(path.join("/h", ".cache", "skillshelf"));
    expect(defaultCacheDir({ XDG_CACHE_HOME: "/xdg" }, "linux", "/h")).toBe(path.join("/xdg", "skillshelf"));
    expect(defaultCacheDir({}, "darwin", "/h")).toBe(path.join("/h", "Library", "Caches", "skillshelf"));
    expect(defaultCacheDir({ LOCALAPPDATA: "C:/L" }, "win32", "/h")).toBe(path.join("C:/L", "skillshelf", "Cache"));
  });
});
