import { describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import type { Spawner } from "../engine/open/opener";
import { webDesktopIntegration } from "./desktop-fallback";

describe("web host desktop integration", () => {
  it("starts programs only when asked, never picks folders, and leaves opening links to the page", async () => {
    const { dir, cleanup } = await makeTempDir();
    await writeTree(dir, { "s/SKILL.md": "x" });
    const started: string[][] = [];
    const spawn: Spawner = async (command, args) => (started.push([command, ...args]), { code: 0, stdout: "" });
    const desktop = webDesktopIntegration({ platform: "darwin", env: {}, spawn });
    expect(await desktop.pickFolder()).toBeNull();
    expect(await desktop.openExternal("https://example.com/")).toBe(true);
    expect(started).toEqual([]);
    await desktop.openInEditor(`${dir}/s/SKILL.md`);
    await desktop.reveal(`${dir}/s`);
    expect(started).toEqual([
      ["open", "-t", `${dir}/s/SKILL.md`],
      ["open", "-R", `${dir}/s`],
    ]);
    await expect(desktop.reveal(`${dir}/missing`)).rejects.toThrow(/nothing at/);
    await cleanup();
  });

  it("reports a failure to start the opener instead of doing nothing", async () => {
    const { dir, cleanup } = await makeTempDir();
    await writeTree(dir, { "s/SKILL.md": "x" });
    const spawn: Spawner = async () => {
      throw Object.assign(new Error("spawn ENOENT"), { code: "ENOENT" });
    };
    const desktop = webDesktopIntegration({ platform: "darwin", env: {}, spawn });
    await expect(desktop.openInEditor(`${dir}/s/SKILL.md`)).rejects.toThrow(/could not be started/);
    await expect(desktop.reveal(`${dir}/s`)).rejects.toThrow(/could not be started/);
    await cleanup();
  });
});
