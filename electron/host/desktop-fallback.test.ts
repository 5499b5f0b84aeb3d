import { describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { openerCommand, webDesktopIntegration } from "./desktop-fallback";

describe("web host desktop integration", () => {
  it("uses each platform's opener", () => {
    expect(openerCommand("darwin", "/a/b", "reveal", true)).toEqual(["open", ["-R", "/a/b"]]);
    expect(openerCommand("win32", "C:\\a\\b.md", "open", false)).toEqual(["notepad.exe", ["C:\\a\\b.md"]]);
    expect(openerCommand("linux", "/a/b/SKILL.md", "reveal", false)).toEqual(["xdg-open", ["/a/b"]]);
  });

  it("launches only when asked, never picks folders, and leaves opening links to the page", async () => {
    const { dir, cleanup } = await makeTempDir();
    await writeTree(dir, { "s/SKILL.md": "x" });
    const launched: Array<[string, string[]]> = [];
    const desktop = webDesktopIntegration({ platform: "linux", launch: (c, a) => void launched.push([c, a]) });
    expect(await desktop.pickFolder()).toBeNull();
    expect(await desktop.openExternal("https://example.com/")).toBe(true);
    expect(launched).toEqual([]);
    await desktop.openInEditor(`${dir}/s/SKILL.md`);
    expect(launched).toEqual([["xdg-open", [`${dir}/s/SKILL.md`]]]);
    await expect(desktop.reveal(`${dir}/missing`)).rejects.toThrow(/nothing at/);
    await cleanup();
  });
});
