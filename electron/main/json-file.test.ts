import { describe, expect, it } from "vitest";
import { readFile, readdir, readlink, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { tempDirsPerTest } from "../../test-support/temp-dirs";
import { readJsonFile, writeJsonFile } from "./json-file";
import { windowStateFile } from "./window-state";

const tempDir = tempDirsPerTest();

describe("writeJsonFile (window state, notified updates)", () => {
  it("creates the folder and writes JSON that reads back, mode 0600, with no temp file left", async () => {
    const userData = path.join(await tempDir(), "userData");
    const file = windowStateFile(userData);
    const state = { bounds: { x: 1, y: 2, width: 800, height: 600 }, maximized: false };
    await writeJsonFile(file, state);
    await writeJsonFile(file, { ...state, maximized: true });
    expect(await readJsonFile(file)).toEqual({ ...state, maximized: true });
    if (process.platform !== "win32") expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(userData)).toEqual(["window-state.json"]);
  });

  it.skipIf(process.platform === "win32")(
    "refuses a symlinked state file: neither the link nor its target changes",
    async () => {
      const dir = await tempDir();
      const outside = path.join(dir, "outside.json");
      await writeFile(outside, "{}\n");
      const file = windowStateFile(dir);
      await symlink(outside, file);
      await expect(writeJsonFile(file, { bounds: { x: 0, y: 0, width: 1, height: 1 } })).rejects.toThrow(
        /symbolic link/,
      );
      expect(await readlink(file)).toBe(outside);
      expect(await readFile(outside, "utf8")).toBe("{}\n");
      expect((await readdir(dir)).sort()).toEqual(["outside.json", "window-state.json"]);
    },
  );
});

describe("readJsonFile bounds", () => {
  it("reads a file nested deeper than the JSON depth limit as unusable (null), not as a structure later code cannot walk", async () => {
    const file = path.join(await tempDir(), "window-state.json");
    await writeFile(file, `{"bounds":${"[".repeat(50_000)}${"]".repeat(50_000)}}`);
    expect(await readJsonFile(file)).toBeNull();
  });
});
