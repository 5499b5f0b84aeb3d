import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScanResult, Skill } from "../../../shared/model";
import { buildFixtureHome, FIXTURE_TREES } from "../../../test-support/fixture-homes";
import { makeTempDir } from "../../../test-support/tmp";
import { hashSkillFolder } from "./hash";
import { skillId } from "./ids";
import { scan } from "./scan";

const rel = (home: string, p: string) => path.relative(home, p).split(path.sep).join("/");
const MAC_ROOT = "Library/Application Support/Claude/local-agent-mode-sessions/skills-plugin";

function found(result: ScanResult, home: string): string[] {
  return result.skills.map((s) => `${s.name} @ ${rel(home, s.dir)}`).sort();
}

function byDir(result: ScanResult, home: string, dir: string): Skill {
  const skill = result.skills.find((s) => rel(home, s.dir) === dir);
  if (!skill) throw new Error(`no skill at ${dir}`);
  return skill;
}

describe("scan of a macOS home", () => {
  let tmp: Awaited<ReturnType<typeof makeTempDir>>;
  let home: string;
  let result: ScanResult;
  beforeAll(async () => {
    tmp = await makeTempDir();
    const built = await buildFixtureHome("darwin", tmp.dir);
    home = built.home;
    result = await scan({ home, platform: "darwin", env: built.env });
  });
  afterAll(() => tmp.cleanup());

  it("finds exactly the skills of every location, one per real folder", () => {
    expect(found(result, home)).toEqual([
      `brand-voice @ ${MAC_ROOT}/${FIXTURE_TREES.a}/skills/brand-voice`,
      `brand-voice @ ${MAC_ROOT}/${FIXTURE_TREES.b}/skills/brand-voice`,
      "broken-skill @ .claude/skills/broken-skill",
      "code-review @ .claude/plugins/cache/example-market/review-kit/2.0.0/skills/code-review",
      `docx @ ${MAC_ROOT}/${FIXTURE_TREES.a}/skills/docx`,
      "meeting-notes @ .claude/skills/meeting-notes",
      "old-helper @ .claude/skills/.trash/1767225600000-4242-ab12cd/old-helper",
      "pdf-tools @ .agents/skills/pdf-tools",
      "synced-helper @ .claude/skills/synced/synced-helper",
      "team-report @ .claude/skills/team-report",
      "team-report @ .cursor/skills/team-report",
      `unlisted-skill @ ${MAC_ROOT}/${FIXTURE_TREES.a}/skills/unlisted-skill`,
    ]);
  });

  it("lists both Desktop account trees with their manifest dates (ISO and epoch ms)", () => {
    const trees = result.locations.filter((l) => l.desktop?.accountTree);
    expect(trees.map((t) => [t.desktop?.accountTree, t.desktop?.lastUpdated, t.scope, t.readOnly])).toEqual([
      [FIXTURE_TREES.a, "2026-11-20T09:30:00.000Z", "desktop-account", true],
      [FIXTURE_TREES.b, new Date(1763544600000).toISOString(), "desktop-account", true],
    ]);
    expect(new Set(trees.map((t) => t.label)).size).toBe(2);
  });

  it("carries Desktop's manifest facts on each Desktop skill", () => {
    const brandA = byDir(result, home, `${MAC_ROOT}/${FIXTURE_TREES.a}/skills/brand-voice`);
    expect(brandA.desktop).toEqual({
      skillId: "skill_01brand",
      creatorType: "user",
      enabled: false,
      syncManaged: true,
      updatedAt: "2026-11-19T12:00:00.000Z",
      accountTree: FIXTURE_TREES.a,
    });
    expect(brandA.client).toBe("claude-desktop");
    expect(brandA.userOwned).toBe(false);
    const docx = byDir(result, home, `${MAC_ROOT}/${FIXTURE_TREES.a}/skills/docx`);
    expect(docx.desktop).toMatchObject({
      skillId: "skill_01docx",
      creatorType: "anthropic",
      enabled: true,
      syncManaged: true,
    });
    const brandB = byDir(result, home, `${MAC_ROOT}/${FIXTURE_TREES.b}/skills/brand-voice`);
    expect(brandB.desktop).toMatchObject({
      skillId: "skill_02brand",
      enabled: true,
      syncManaged: false,
      accountTree: FIXTURE_TREES.b,
    });
    const unlisted = byDir(result, home, `${MAC_ROOT}/${FIXTURE_TREES.a}/skills/unlisted-skill`);
    expect(unlisted.desktop).toEqual({
      skillId: null,
      creatorType: null,
      enabled: null,
      syncManaged: null,
      updatedAt: null,
      accountTree: FIXTURE_TREES.a,
    });
  });

  it("reports the orphan manifest entry and the unlisted folder", () => {
    const codes = result.diagnostics.map((d) => `${d.code} ${rel(home, d.file)}`);
    expect(codes).toContain(`desktop.manifest.orphan-entry ${MAC_ROOT}/${FIXTURE_TREES.a}/manifest.json`);
    expect(codes).toContain(`desktop.manifest.unlisted-folder ${MAC_ROOT}/${FIXTURE_TREES.a}/skills/unlisted-skill`);
    expect(result.diagnostics.find((d) => d.code === "desktop.manifest.orphan-entry")?.message).toContain(
      "ghost-skill",
    );
  });

  it("shows Claude Code's synced/ and .trash/ skills as not user-owned, and ~/.claude/skills as user-owned", () => {
    expect(byDir(result, home, ".claude/skills/synced/synced-helper").userOwned).toBe(false);
    expect(byDir(result, home, ".claude/skills/.trash/1767225600000-4242-ab12cd/old-helper").userOwned).toBe(false);
    expect(byDir(result, home, ".claude/skills/meeting-notes").userOwned).toBe(true);
    const readOnly = result.locations
      .filter((l) => l.client === "claude-code" && l.readOnly)
      .map((l) => rel(home, l.path));
    expect(readOnly).toEqual(expect.arrayContaining([".claude/skills/synced", ".claude/skills/.trash"]));
  });

  it("treats the linked install as one skill with every place it is linked from, plus its lock entry", async () => {
    const pdf = result.skills.filter((s) => s.name === "pdf-tools");
    expect(pdf).toHaveLength(1);
    const skill = pdf[0] as Skill;
    expect(rel(home, skill.realDir)).toBe(".agents/skills/pdf-tools");
    expect(skill.links.map((l) => rel(home, l))).toEqual([".claude/skills/pdf-tools"]);
    expect(skill.placements?.map((p) => [p.client, rel(home, p.path), p.link])).toEqual([
      ["agents", ".agents/skills/pdf-tools", false],
      ["claude-code", ".claude/skills/pdf-tools", true],
    ]);
    expect(skill.client).toBe("agents");
    expect(skill.id).toBe(skillId(skill.realDir));
    expect(skill.lock).toMatchObject({
      source: "example/pdf-tools",
      sourceType: "github",
      sourceUrl: "https://github.com/example/pdf-tools.git",
      skillPath: "skills/pdf-tools/SKILL.md",
      skillFolderHash: "0123456789abcdef0123456789abcdef01234567",
    });
    expect(skill.repository).toBe("https://github.com/example/pdf-tools");
    expect(skill.contentHash).toBe(await hashSkillFolder(skill.realDir));
  });

  it("reports each version with its source", () => {
    const v = (dir: string) => {
      const s = byDir(result, home, dir);
      return [s.version, s.versionSource];
    };
    expect(v(".agents/skills/pdf-tools")).toEqual(["1.2.0", "metadata.version"]);
    expect(v(".claude/skills/meeting-notes")).toEqual(["0.3.0", "frontmatter.version"]);
    expect(v(".claude/plugins/cache/example-market/review-kit/2.0.0/skills/code-review")).toEqual([
      "2.0.0",
      "plugin.version",
    ]);
    expect(v(".claude/skills/synced/synced-helper")).toEqual([null, null]);
  });

  it("marks drift between copies of one name with different content", () => {
    const claude = byDir(result, home, ".claude/skills/team-report");
    const cursor = byDir(result, home, ".cursor/skills/team-report");
    expect(claude.contentHash).not.toBe(cursor.contentHash);
    expect(claude.drift).toEqual([cursor.dir]);
    expect(cursor.drift).toEqual([claude.dir]);
    expect(byDir(result, home, ".agents/skills/pdf-tools").drift).toBeUndefined();
    expect(result.diagnostics.filter((d) => d.code === "scan.drift").map((d) => d.message)).toEqual([
      expect.stringContaining('"brand-voice"'),
      expect.stringContaining('"team-report"'),
    ]);
  });

  it("validates each skill: the skill with errors is invalid, a scan still succeeds", () => {
    const broken = byDir(result, home, ".claude/skills/broken-skill");
    expect(broken.valid).toBe(false);
    expect(broken.diagnostics.some((d) => d.severity === "error")).toBe(true);
    expect(byDir(result, home, ".agents/skills/pdf-tools").valid).toBe(true);
  });

  it("reads the Claude Code plugin from installed_plugins.json", () => {
    expect(result.plugins).toHaveLength(1);
    const plugin = result.plugins[0];
    expect(plugin).toMatchObject({
      name: "review-kit",
      version: "2.0.0",
      client: "claude-code",
      format: "claude-code",
      loads: true,
      description: "Code review helpers for Claude Code.",
    });
    expect(plugin?.diagnostics.map((d) => d.code)).toEqual(["plugin.manifest.claude-format"]);
    expect(plugin?.skills.map((s) => s.name)).toEqual(["code-review"]);
    const skill = result.skills.find((s) => s.name === "code-review");
    expect(skill?.pluginId).toBe(plugin?.id);
    expect(skill?.userOwned).toBe(false);
  });

  it("reports the broken link without reading through it", () => {
    const broken = result.diagnostics.filter((d) => d.code === "scan.link.broken");
    expect(broken.map((d) => rel(home, d.file))).toEqual([".claude/skills/dangling"]);
  });

  it("gives the same ids on a second scan", async () => {
    const again = await scan({ home, platform: "darwin", env: { XDG_CONFIG_HOME: "", XDG_STATE_HOME: "" } });
    expect(again.skills.map((s) => s.id).sort()).toEqual(result.skills.map((s) => s.id).sort());
    expect(again.locations.map((l) => l.id)).toEqual(result.locations.map((l) => l.id));
  });
});

describe("scan of a Windows home", () => {
  let tmp: Awaited<ReturnType<typeof makeTempDir>>;
  let home: string;
  let result: ScanResult;
  beforeAll(async () => {
    tmp = await makeTempDir();
    const built = await buildFixtureHome("win32", tmp.dir);
    home = built.home;
    result = await scan({ home, platform: "win32", env: built.env });
  });
  afterAll(() => tmp.cleanup());

  it("finds the classic and Microsoft Store Desktop trees, derived from the home", () => {
    const trees = result.locations.filter((l) => l.desktop?.accountTree);
    expect(trees.map((t) => [t.desktop?.variant, rel(home, t.path)])).toEqual([
      ["Claude Desktop", `AppData/Roaming/Claude/local-agent-mode-sessions/skills-plugin/${FIXTURE_TREES.a}`],
      [
        "Claude Desktop (Microsoft Store)",
        `AppData/Local/Packages/Claude_pzs8sxrjxfjjc/LocalCache/Roaming/Claude/local-agent-mode-sessions/skills-plugin/${FIXTURE_TREES.b}`,
      ],
    ]);
  });

  it("finds exactly the skills of that home", () => {
    expect(found(result, home)).toEqual([
      `brand-voice @ AppData/Local/Packages/Claude_pzs8sxrjxfjjc/LocalCache/Roaming/Claude/local-agent-mode-sessions/skills-plugin/${FIXTURE_TREES.b}/skills/brand-voice`,
      `brand-voice @ AppData/Roaming/Claude/local-agent-mode-sessions/skills-plugin/${FIXTURE_TREES.a}/skills/brand-voice`,
      `docx @ AppData/Roaming/Claude/local-agent-mode-sessions/skills-plugin/${FIXTURE_TREES.a}/skills/docx`,
      "meeting-notes @ .claude/skills/meeting-notes",
      "team-report @ .codex/skills/team-report",
    ]);
    const same = result.skills.filter((s) => s.name === "brand-voice");
    expect(same[0]?.contentHash).toBe(same[1]?.contentHash);
    expect(same.every((s) => s.drift === undefined)).toBe(true);
  });

  it("honours APPDATA and LOCALAPPDATA when they are set", async () => {
    const moved = await scan({
      home,
      platform: "win32",
      env: { APPDATA: path.join(home, "elsewhere"), LOCALAPPDATA: path.join(home, "AppData", "Local") },
    });
    expect(moved.locations.filter((l) => l.desktop?.accountTree).map((l) => l.desktop?.variant)).toEqual([
      "Claude Desktop (Microsoft Store)",
    ]);
    expect(
      moved.locations.some(
        (l) => l.path === path.join(home, "elsewhere", "Claude", "local-agent-mode-sessions", "skills-plugin"),
      ),
    ).toBe(true);
  });
});

describe("scan of a Linux home", () => {
  let tmp: Awaited<ReturnType<typeof makeTempDir>>;
  let home: string;
  let result: ScanResult;
  beforeAll(async () => {
    tmp = await makeTempDir();
    const built = await buildFixtureHome("linux", tmp.dir);
    home = built.home;
    result = await scan({ home, platform: "linux", env: built.env });
  });
  afterAll(() => tmp.cleanup());

  it("finds the ~/.config/Claude tree and the XDG client folders", () => {
    expect(found(result, home)).toEqual([
      `brand-voice @ .config/Claude/local-agent-mode-sessions/skills-plugin/${FIXTURE_TREES.a}/skills/brand-voice`,
      `docx @ .config/Claude/local-agent-mode-sessions/skills-plugin/${FIXTURE_TREES.a}/skills/docx`,
      "meeting-notes @ .config/agents/skills/meeting-notes",
      "pdf-tools @ .agents/skills/pdf-tools",
      "synced-helper @ .config/goose/skills/synced-helper",
      "team-report @ .config/opencode/skills/team-report",
    ]);
    const clients = Object.fromEntries(result.skills.map((s) => [s.name, s.client]));
    expect(clients).toMatchObject({
      "meeting-notes": "agents",
      "synced-helper": "goose",
      "team-report": "opencode",
      docx: "claude-desktop",
    });
  });

  it("reads the lock file under $XDG_STATE_HOME/skills", () => {
    const pdf = result.skills.find((s) => s.name === "pdf-tools");
    expect(pdf?.lock?.lockFile).toBe(path.join(home, ".local", "state", "skills", ".skill-lock.json"));
    expect(pdf?.links.map((l) => rel(home, l))).toEqual([".claude/skills/pdf-tools"]);
  });

  it("reads only the added folders when homeLocations is false", async () => {
    const only = await scan({
      home,
      platform: "linux",
      env: {},
      homeLocations: false,
      include: [path.join(home, ".config", "opencode", "skills")],
    });
    expect(only.locations.map((l) => [l.client, l.scope])).toEqual([["custom", "custom"]]);
    expect(only.skills.map((s) => s.name)).toEqual(["team-report"]);
  });
});
