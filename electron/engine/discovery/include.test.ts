import { cp } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DISCOVERY_FIXTURES } from "../../../test-support/fixture-homes";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { scan } from "./scan";

const skillMd = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill.\n---\n# ${name}\n`;
let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});
async function tmp(): Promise<string> {
  const t = await makeTempDir();
  cleanup = t.cleanup;
  return t.dir;
}
const only = (dir: string, include: string[]) =>
  scan({ home: dir, platform: "linux", env: {}, homeLocations: false, include });

describe("--include folders", () => {
  it("reads a single skill, given as its folder or its SKILL.md", async () => {
    const dir = await tmp();
    await writeTree(dir, { "solo/SKILL.md": skillMd("solo") });
    for (const given of [path.join(dir, "solo"), path.join(dir, "solo", "SKILL.md")]) {
      const result = await only(dir, [given]);
      expect(result.skills.map((s) => [s.name, s.client, s.userOwned])).toEqual([["solo", "custom", true]]);
      expect(result.locations.map((l) => [l.scope, l.path])).toEqual([["custom", path.join(dir, "solo")]]);
    }
  });

  it("reads a folder of skills", async () => {
    const dir = await tmp();
    await writeTree(dir, {
      "lib/one/SKILL.md": skillMd("one"),
      "lib/two/SKILL.md": skillMd("two"),
      "lib/notes.txt": "not a skill",
    });
    const result = await only(dir, [path.join(dir, "lib")]);
    expect(result.skills.map((s) => s.name)).toEqual(["one", "two"]);
  });

  it("reads a plugin root and a folder of plugins", async () => {
    const dir = await tmp();
    await cp(path.join(DISCOVERY_FIXTURES, "claude-code-plugin"), path.join(dir, "plugins", "review-kit"), {
      recursive: true,
    });
    await cp(path.join(DISCOVERY_FIXTURES, "claude-code-plugin"), path.join(dir, "plugins", "review-kit-copy"), {
      recursive: true,
    });
    const root = await only(dir, [path.join(dir, "plugins", "review-kit")]);
    expect(root.plugins.map((p) => [p.root, p.skills.map((s) => s.name)])).toEqual([
      [path.join(dir, "plugins", "review-kit"), ["code-review"]],
    ]);
    const folder = await only(dir, [path.join(dir, "plugins")]);
    expect(folder.plugins.map((p) => path.basename(p.root))).toEqual(["review-kit", "review-kit-copy"]);
    expect(folder.skills.map((s) => s.name)).toEqual(["code-review", "code-review"]);
  });

  it("reads the plugins of a folder of plugins that have no manifest (Claude Code's standard layout), naming each after its folder", async () => {
    const dir = await tmp();
    await writeTree(dir, {
      "plugins/bare-kit/skills/first/SKILL.md": skillMd("first"),
      "plugins/bare-kit/skills/second/SKILL.md": skillMd("second"),
      "plugins/bare-kit/commands/go.md": "Go.\n",
      "plugins/notes/README.md": "not a plugin\n",
    });
    await cp(path.join(DISCOVERY_FIXTURES, "claude-code-plugin"), path.join(dir, "plugins", "review-kit"), {
      recursive: true,
    });
    const result = await only(dir, [path.join(dir, "plugins")]);
    expect(result.plugins.map((p) => [p.name, p.format, p.loads, p.skills.map((s) => s.name)])).toEqual([
      ["bare-kit", "claude-code", true, ["first", "second"]],
      ["review-kit", "claude-code", true, ["code-review"]],
    ]);
    expect(result.skills.map((s) => s.name).sort()).toEqual(["code-review", "first", "second"]);
    expect(result.diagnostics).toEqual([]);
  });

  it("reads the plugins a marketplace lists, those defined only by their entry included", async () => {
    const dir = await tmp();
    await writeTree(dir, {
      "market/.claude-plugin/marketplace.json": JSON.stringify({
        name: "team",
        owner: { name: "T" },
        plugins: [
          { name: "listed", source: "./plugins/listed" },
          {
            name: "entry-only",
            source: "./shared",
            strict: false,
            description: "Defined here.",
            skills: ["./entry-skills/"],
          },
          { name: "remote", source: { source: "github", repo: "o/r" } },
        ],
      }),
      "market/plugins/listed/skills/one/SKILL.md": skillMd("one"),
      "market/shared/entry-skills/two/SKILL.md": skillMd("two"),
    });
    const result = await only(dir, [path.join(dir, "market")]);
    expect(result.plugins.map((p) => [p.name, p.format, p.description, p.skills.map((s) => s.name)])).toEqual([
      ["listed", "claude-code", null, ["one"]],
      ["entry-only", "claude-code", "Defined here.", ["two"]],
    ]);
    expect(result.diagnostics).toEqual([]);
  });

  it("reads a project's .claude/skills, .agents/skills, .cursor/skills and .github/skills", async () => {
    const dir = await tmp();
    await writeTree(dir, {
      "app/.claude/skills/a/SKILL.md": skillMd("a"),
      "app/.agents/skills/b/SKILL.md": skillMd("b"),
      "app/.cursor/skills/c/SKILL.md": skillMd("c"),
      "app/.github/skills/d/SKILL.md": skillMd("d"),
      "app/src/index.ts": "export {};",
    });
    const result = await only(dir, [path.join(dir, "app")]);
    expect(result.skills.map((s) => [s.name, s.client])).toEqual([
      ["a", "claude-code"],
      ["b", "agents"],
      ["c", "cursor"],
      ["d", "github-copilot"],
    ]);
    expect(new Set(result.locations.map((l) => l.scope))).toEqual(new Set(["project"]));
  });

  it("reports a missing folder and an empty one", async () => {
    const dir = await tmp();
    await writeTree(dir, { "empty/.keep": "" });
    const result = await only(dir, [path.join(dir, "missing"), path.join(dir, "empty")]);
    expect(result.diagnostics.map((d) => [d.code, path.basename(d.file)])).toEqual([
      ["scan.include.missing", "missing"],
      ["scan.include.unknown", "empty"],
    ]);
    expect(result.locations.map((l) => l.exists)).toEqual([false, true]);
  });
});
