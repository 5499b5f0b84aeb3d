// The `claude-plugin-directory` profile on fixtures/plugin-directory/ and temp folders: what Claude Code's plugin
// directory refuses a submission for is an error, what it warns about a warning, and nothing of it without the profile.
import { cp, mkdir, symlink } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { findTargets } from "../skill/targets";
import { validateTarget, type TargetResult } from "../validate-target";

const FIXTURES = fileURLToPath(new URL("./fixtures/plugin-directory/", import.meta.url));
const WORDS = Array.from({ length: 45 }, (_, i) => `word${i}`).join(" ");
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function check(dir: string, profile: "agent-skills" | "claude-plugin-directory" = "claude-plugin-directory") {
  const { targets } = await findTargets(dir);
  const plugin = targets.find((t) => t.kind === "plugin" && t.path === dir);
  if (!plugin) throw new Error(`no plugin at ${dir}`);
  return validateTarget(plugin, profile);
}

const directoryCodes = (r: TargetResult) =>
  r.diagnostics.filter((d) => d.code.startsWith("directory.")).map((d) => [d.code, d.severity]);

async function temp(): Promise<string> {
  const made = await makeTempDir("skillshelf-directory-");
  cleanups.push(made.cleanup);
  return made.dir;
}

describe("the plugin directory's submission rules", () => {
  it("pass a plugin with a README of 40 words or more, a LICENSE and a usable icon", async () => {
    const r = await check(path.join(FIXTURES, "complete"));
    expect(directoryCodes(r)).toEqual([]);
    expect(r.valid).toBe(true);
  });

  it("refuse a README under 40 words and warn about an SVG icon with a script", async () => {
    const r = await check(path.join(FIXTURES, "short-readme"));
    expect(directoryCodes(r)).toEqual([
      ["directory.readme.short", "error"],
      ["directory.icon.invalid", "warning"],
    ]);
    expect(r.diagnostics.find((d) => d.code === "directory.readme.short")!.message).toContain("has 5 words");
    expect(r.valid).toBe(false);
  });

  it("refuse an icon path that climbs out of the plugin", async () => {
    const r = await check(path.join(FIXTURES, "icon-outside"));
    expect(directoryCodes(r)).toEqual([["directory.icon.outside", "error"]]);
    expect(r.valid).toBe(false);
  });

  it("refuse a plugin with no README and no license, and warn that it has no icon", async () => {
    const dir = path.join(await temp(), "bare");
    await cp(path.join(FIXTURES, "bare"), dir, { recursive: true });
    const r = await check(dir);
    expect(directoryCodes(r)).toEqual([
      ["directory.readme.missing", "error"],
      ["directory.license.missing", "error"],
      ["directory.icon.missing", "warning"],
    ]);
    expect(r.valid).toBe(false);
    const plain = await check(dir, "agent-skills");
    expect(directoryCodes(plain)).toEqual([]);
    expect(plain.valid).toBe(true);
  });

  it("take the README and license from the repository root for a plugin in a sub-folder, and say so", async () => {
    const repo = await temp();
    await writeTree(repo, {
      ".git/HEAD": "ref: refs/heads/main\n",
      "README.md": `# Plugins\n\n${WORDS}\n`,
      LICENSE: "MIT\n",
    });
    const dir = path.join(repo, "plugins", "bare");
    await mkdir(path.dirname(dir), { recursive: true });
    await cp(path.join(FIXTURES, "bare"), dir, { recursive: true });
    const r = await check(dir);
    expect(directoryCodes(r)).toEqual([
      ["directory.repository-root", "info"],
      ["directory.icon.missing", "warning"],
    ]);
    expect(r.diagnostics.find((d) => d.code === "directory.repository-root")!.message).toContain(
      "README.md and LICENSE were taken from the repository root",
    );
    expect(r.valid).toBe(true);
  });

  it("never counts a README or icon reached through a link", async () => {
    const root = await temp();
    await writeTree(root, { "outside/README.md": WORDS, "outside/icon.png": "x" });
    const dir = path.join(root, "plugin");
    await cp(path.join(FIXTURES, "bare"), dir, { recursive: true });
    await writeTree(dir, { LICENSE: "MIT\n" });
    await symlink(path.join(root, "outside", "README.md"), path.join(dir, "README.md"));
    await symlink(path.join(root, "outside"), path.join(dir, "assets"));
    const r = await check(dir);
    expect(directoryCodes(r)).toEqual([
      ["directory.readme.missing", "error"],
      ["directory.icon.missing", "warning"],
    ]);
  });

  it("take `license` in plugin.json for a LICENSE file, and a PNG named by `icon`", async () => {
    const dir = await temp();
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    await writeTree(dir, {
      ".claude-plugin/plugin.json": JSON.stringify({ name: "p", license: "MIT", icon: "./art/p.png" }),
      "README.md": WORDS,
      "art/p.png": png,
    });
    expect(directoryCodes(await check(dir))).toEqual([]);
    await writeTree(dir, { "art/p.png": "GIF89a" });
    expect(directoryCodes(await check(dir))).toEqual([["directory.icon.invalid", "warning"]]);
  });
});
