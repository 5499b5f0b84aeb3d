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
    // Claude Code lists a plugin's skill as plugin:skill, so kit's alpha is listed (and paid for) beside alpha.
    expect(cc.entries.map((e) => e.name).sort()).toEqual(["alpha", "kit:alpha", "shared"]);
    // alpha 71+5+18 = 94, shared 71+6+11 = 88, kit:alpha 71+9+12 = 92.
    expect(cc.chars).toBe(OVERHEAD + 94 + 88 + 92);
    expect(cc.tokens).toBe(Math.ceil(cc.chars / 4));
    expect(report.tokenEstimate).toContain("estimated as characters ÷ 4");
    expect(report.tokenEstimate).toContain("measured error on 9 listings: ±8%");
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

/** A home where each client reads its own folder and the shared ones its docs name (docs/budget.md). */
async function sharedFoldersHome() {
  const t = await makeTempDir();
  cleanup = t.cleanup;
  const home = t.dir;
  await writeTree(home, {
    ".claude/skills/alpha/SKILL.md": md("alpha", "Alpha does things."),
    ".agents/skills/alpha/SKILL.md": md("alpha", "Other alpha."),
    ".agents/skills/beta/SKILL.md": md("beta", "Beta."),
    ".gemini/skills/beta/SKILL.md": md("beta", "Gemini beta."),
    ".config/agents/skills/gamma/SKILL.md": md("gamma", "Gamma."),
    ".config/goose/skills/alpha/SKILL.md": md("alpha", "Goose alpha."),
    ".codex/skills/delta/SKILL.md": md("delta", "Delta."),
    ".codex/config.toml": 'model = "o3"\n\n[[skills.config]]\nname = "beta" # not this one\nenabled = false\n',
    ".cursor/skills/eps/SKILL.md": md("eps", "Eps."),
    ".copilot/skills/zeta/SKILL.md": md("zeta", "Zeta."),
    ".codeium/windsurf/skills/eta/SKILL.md": md("eta", "Eta."),
    ".config/opencode/skills/theta/SKILL.md": md("theta", "Theta."),
    "work/app/.agents/skills/beta/SKILL.md": md("beta", "Proj beta."),
  });
  return home;
}

describe("clients that read shared folders", () => {
  it("lists in each client what its docs say it reads, with the cost hand-counted", async () => {
    const home = await sharedFoldersHome();
    const report = await budgetOf(home, [path.join(home, "work", "app")]);
    const of = (id: string) => report.clients.find((c) => c.id === id)!;
    const listed = (id: string) =>
      of(id)
        .entries.map((e) => `${e.name}: ${e.description}`)
        .sort();
    const cuts = (id: string) =>
      of(id)
        .cuts.map((c) => `${c.kind}:${c.name}`)
        .sort();
    // Entry = 71 + name + description.
    // Cursor: its own, ~/.claude/skills and ~/.codex/skills (not ~/.agents/skills).
    expect(listed("cursor")).toEqual(["alpha: Alpha does things.", "delta: Delta.", "eps: Eps."]);
    expect(of("cursor").chars).toBe(OVERHEAD + 94 + 82 + 78);
    // Codex: its own and ~/.agents/skills; config.toml turns beta off.
    expect(listed("codex")).toEqual(["alpha: Other alpha.", "delta: Delta."]);
    expect(of("codex").chars).toBe(OVERHEAD + 88 + 82);
    expect(cuts("codex")).toEqual(["not-listed:beta"]);
    expect(of("codex").limitChars).toBe(8000);
    expect(of("codex").rules.find((r) => r.id === "skills.config")!.value).toBe("1 set");
    // Gemini CLI: its own and ~/.agents/skills, one beta (its own folder's), the other not listed.
    expect(listed("gemini-cli")).toEqual(["alpha: Other alpha.", "beta: Gemini beta."]);
    expect(of("gemini-cli").chars).toBe(OVERHEAD + 88 + 87);
    expect(cuts("gemini-cli")).toEqual(["not-listed:beta"]);
    // In the project, the workspace's beta comes first.
    const geminiProject = report.clients.find((c) => c.client === "gemini-cli" && c.projectDir)!;
    expect(geminiProject.entries.map((e) => `${e.name}: ${e.description}`).sort()).toEqual([
      "alpha: Other alpha.",
      "beta: Proj beta.",
    ]);
    expect(geminiProject.chars).toBe(OVERHEAD + 88 + 85);
    // Copilot: its own, ~/.claude/skills and ~/.agents/skills: alpha listed twice, from copies that differ.
    expect(listed("github-copilot")).toEqual([
      "alpha: Alpha does things.",
      "alpha: Other alpha.",
      "beta: Beta.",
      "zeta: Zeta.",
    ]);
    expect(of("github-copilot").chars).toBe(OVERHEAD + 94 + 88 + 80 + 80);
    expect(cuts("github-copilot")).toEqual(["duplicate:alpha"]);
    // Windsurf: its own and ~/.agents/skills.
    expect(listed("windsurf")).toEqual(["alpha: Other alpha.", "beta: Beta.", "eta: Eta."]);
    expect(of("windsurf").chars).toBe(OVERHEAD + 88 + 80 + 78);
    // Goose: ~/.claude/skills, ~/.config/agents/skills, its own; its own alpha wins.
    expect(listed("goose")).toEqual(["alpha: Goose alpha.", "gamma: Gamma."]);
    expect(of("goose").chars).toBe(OVERHEAD + 88 + 82);
    expect(cuts("goose")).toEqual(["not-listed:alpha"]);
    // OpenCode: its own, ~/.claude/skills and ~/.agents/skills.
    expect(listed("opencode")).toEqual([
      "alpha: Alpha does things.",
      "alpha: Other alpha.",
      "beta: Beta.",
      "theta: Theta.",
    ]);
    expect(of("opencode").chars).toBe(OVERHEAD + 94 + 88 + 80 + 82);
    expect(cuts("opencode")).toEqual(["duplicate:alpha"]);
    for (const c of report.clients) expect(c.tokens).toBe(Math.ceil(c.chars / 4));
  });

  it("says exactly how to turn a skill off in Codex and Gemini CLI, and applies no Codex switch it cannot read", async () => {
    const home = await sharedFoldersHome();
    await writeTree(home, { ".codex/config.toml": '[[skills.config]]\nname = "beta"\nenabled = "no"\n' });
    const report = await budgetOf(home);
    const codex = report.clients.find((c) => c.id === "codex")!;
    expect(codex.entries.map((e) => e.name).sort()).toEqual(["alpha", "beta", "delta"]);
    expect(codex.notes).toEqual([expect.stringContaining("no Codex switch is applied")]);
    expect(codex.switches).toEqual({ kind: "none", note: expect.stringContaining("enabled = false") });
    const gemini = report.clients.find((c) => c.id === "gemini-cli")!;
    expect(gemini.switches).toEqual({ kind: "none", note: expect.stringContaining("/skills disable") });
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
