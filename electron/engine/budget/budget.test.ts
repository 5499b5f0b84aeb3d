// The budget of a fixture home: Claude Code with and without overrides, a project with its own settings, a plugin
// skill, a linked duplicate, Desktop-free clients with no published rule.
import { symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_INTRO } from "../../../shared/level1";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { scan } from "../discovery/scan";
import { computeBudget } from "./budget";

const md = (name: string, description: string, extra = "") =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\n# ${name}\n`;
let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

/** A home: alpha (18-char description), quiet (opted out), shared (in ~/.agents, linked into ~/.claude), a plugin's alpha. */
async function fixtureHome(settings?: object) {
  const t = await makeTempDir();
  cleanup = t.cleanup;
  const home = t.dir;
  const plugin = path.join(home, ".claude", "plugins", "cache", "team", "kit", "1.0.0");
  await writeTree(home, {
    ".claude/skills/alpha/SKILL.md": md("alpha", "Alpha does things."),
    ".claude/skills/quiet/SKILL.md": md("quiet", "Only when asked.", "disable-model-invocation: true\n"),
    ".agents/skills/shared/SKILL.md": md("shared", "Shared one."),
    [path.relative(home, path.join(plugin, ".claude-plugin", "plugin.json"))]: JSON.stringify({ name: "kit" }),
    [path.relative(home, path.join(plugin, "skills", "alpha", "SKILL.md"))]: md("alpha", "Kit's alpha."),
    ".claude/plugins/installed_plugins.json": JSON.stringify({
      version: 2,
      plugins: { "kit@team": [{ scope: "user", installPath: plugin, version: "1.0.0" }] },
    }),
    ...(settings ? { ".claude/settings.json": JSON.stringify(settings) } : {}),
  });
  await symlink(path.join(home, ".agents", "skills", "shared"), path.join(home, ".claude", "skills", "shared"));
  return home;
}

const budgetOf = async (home: string, include: string[] = [], projects: string[] = []) =>
  computeBudget(await scan({ home, platform: "linux", env: {}, include }), {
    claudeConfigDir: path.join(home, ".claude"),
    projects,
  });

// An entry is 71 characters + name + description; a listing with the intro is 193 + 2 + 38 more.
const OVERHEAD = DEFAULT_INTRO.length + 2 + 38;

describe("computeBudget", () => {
  it("lists what Claude Code sends with no settings: the opted-out skill left out, the plugin's alpha a duplicate", async () => {
    const report = await budgetOf(await fixtureHome());
    const cc = report.clients.find((c) => c.id === "claude-code")!;
    expect(cc.entries.map((e) => e.name).sort()).toEqual(["alpha", "alpha", "shared"]);
    // alpha 71+5+18 = 94, shared 71+6+11 = 88, kit's alpha 71+5+12 = 88.
    expect(cc.chars).toBe(OVERHEAD + 94 + 88 + 88);
    expect(cc.tokens).toBe(Math.ceil(cc.chars / 4));
    expect(cc.limitChars).toBe(8000);
    expect(cc.cuts.map((c) => `${c.kind}:${c.name}`).sort()).toEqual(["duplicate:alpha", "not-listed:quiet"]);
    expect(cc.cuts.find((c) => c.kind === "duplicate")!.detail).toMatch(/copies that differ/);
    expect(cc.text.startsWith(DEFAULT_INTRO)).toBe(true);
    const agents = report.clients.find((c) => c.id === "agents")!;
    expect(agents.entries.map((e) => e.name)).toEqual(["shared"]);
    expect(agents.limitChars).toBeNull();
    expect(agents.rules.every((r) => r.value === "not published")).toBe(true);
    expect(agents.switches.kind).toBe("none");
  });

  it("applies the user's overrides and listing settings", async () => {
    const home = await fixtureHome({
      skillOverrides: { shared: "name-only", alpha: "off" },
      skillListingMaxDescChars: 5,
      model: "opus[1m]",
    });
    const cc = (await budgetOf(home)).clients.find((c) => c.id === "claude-code")!;
    // Both alphas are off; shared is listed by name only: 71+6 = 77.
    expect(cc.entries.map((e) => [e.name, e.description, e.mode])).toEqual([["shared", "", "name-only"]]);
    expect(cc.chars).toBe(OVERHEAD + 77);
    expect(cc.limitChars).toBe(40000);
    expect(cc.rules.find((r) => r.id === "skillListingMaxDescChars")!.source).toContain("settings.json");
  });

  it("gives a project its own listing: local settings over the project's over the user's", async () => {
    const home = await fixtureHome({ skillOverrides: { shared: "off" } });
    const project = path.join(home, "work", "app");
    await writeTree(project, {
      ".claude/skills/proj/SKILL.md": md("proj", "Project skill."),
      ".claude/settings.json": JSON.stringify({ skillOverrides: { proj: "off", alpha: "off" } }),
      ".claude/settings.local.json": JSON.stringify({ skillOverrides: { proj: "on" }, skillListingMaxDescChars: 7 }),
    });
    const report = await budgetOf(home, [project]);
    const p = report.clients.find((c) => c.projectDir === project && c.client === "claude-code")!;
    expect(p.id).toBe(`claude-code@${project}`);
    // alpha off (project), shared off (user), proj on (local) cut at 7: "Project" (71+4+7 = 82).
    expect(p.entries.map((e) => [e.name, e.description])).toEqual([["proj", "Project"]]);
    expect(p.chars).toBe(OVERHEAD + 82);
    expect(p.cuts.map((c) => `${c.kind}:${c.name}`)).toContain("past-cap:proj");
    expect(p.cuts.map((c) => `${c.kind}:${c.name}`)).toContain("mid-sentence:proj");
    expect(p.switches).toEqual({
      kind: "skillOverrides",
      files: [
        path.join(project, ".claude", "settings.json"),
        path.join(project, ".claude", "settings.local.json"),
        path.join(home, ".claude", "settings.json"),
      ],
    });
  });

  it("uses no settings from a file that is not JSON, and says so", async () => {
    const home = await fixtureHome();
    await writeTree(home, { ".claude/settings.json": "{ not json" });
    const cc = (await budgetOf(home)).clients.find((c) => c.id === "claude-code")!;
    expect(cc.notes).toEqual([expect.stringContaining("not valid JSON")]);
    expect(cc.entries).toHaveLength(3);
  });
});

describe("Claude Desktop's account trees", () => {
  it("are named as the catalog names them (account 1, 2, or the person's own name), never by their ids", async () => {
    const { buildFixtureHome } = await import("../../../test-support/fixture-homes");
    const tmp = await makeTempDir("skillshelf-budget-desktop-");
    try {
      const built = await buildFixtureHome("darwin", tmp.dir);
      const result = await scan({ home: built.home, platform: "darwin", env: built.env });
      const claudeConfigDir = path.join(built.home, ".claude");
      const desktop = (report: Awaited<ReturnType<typeof computeBudget>>) =>
        report.clients.filter((c) => c.client === "claude-desktop").map((c) => c.label);
      expect(desktop(await computeBudget(result, { claudeConfigDir }))).toEqual([
        "Claude Desktop — account 1",
        "Claude Desktop — account 2",
      ]);
      const tree = result.locations.find((l) => l.desktop?.accountTree)!.desktop!.accountTree!;
      const named = await computeBudget(result, { claudeConfigDir, accountNames: { [tree]: "Work" } });
      expect(desktop(named)).toContain("Claude Desktop — Work");
    } finally {
      await tmp.cleanup();
    }
  });
});
