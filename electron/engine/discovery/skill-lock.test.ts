import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { scan } from "./scan";
import { readSkillLock } from "./skill-lock";

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});
const entry = (url: string) => ({
  source: "o/r",
  sourceType: "github",
  sourceUrl: url,
  skillPath: "skills/x/SKILL.md",
  skillFolderHash: "abc",
  installedAt: "",
  updatedAt: "",
});

describe("readSkillLock", () => {
  it("reads each entry's source, URL, skill path and folder hash, preferring $XDG_STATE_HOME/skills", async () => {
    const t = await makeTempDir();
    cleanup = t.cleanup;
    const home = path.join(t.dir, "home");
    const state = path.join(t.dir, "state");
    await writeTree(home, {
      ".agents/.skill-lock.json": JSON.stringify({ version: 3, skills: { x: entry("https://home.example/x.git") } }),
    });
    const fromHome = await readSkillLock({ home, env: {} });
    expect(fromHome.file).toBe(path.join(home, ".agents", ".skill-lock.json"));
    expect(fromHome.entries.get("x")).toEqual({
      lockFile: fromHome.file,
      source: "o/r",
      sourceType: "github",
      sourceUrl: "https://home.example/x.git",
      skillPath: "skills/x/SKILL.md",
      skillFolderHash: "abc",
    });
    await writeTree(state, {
      "skills/.skill-lock.json": JSON.stringify({ version: 3, skills: { x: entry("https://state.example/x.git") } }),
    });
    const fromState = await readSkillLock({ home, env: { XDG_STATE_HOME: state } });
    expect(fromState.entries.get("x")?.sourceUrl).toBe("https://state.example/x.git");
  });

  it("is empty without a lock file, and a diagnostic when it is corrupt", async () => {
    const t = await makeTempDir();
    cleanup = t.cleanup;
    expect(await readSkillLock({ home: t.dir, env: {} })).toMatchObject({
      file: null,
      entries: new Map(),
      diagnostics: [],
    });
    await writeTree(t.dir, { ".agents/.skill-lock.json": "{" });
    const corrupt = await readSkillLock({ home: t.dir, env: {} });
    expect(corrupt.diagnostics.map((d) => [d.code, d.severity])).toEqual([["scan.lock.corrupt", "warning"]]);
  });

  it("ignores a lock below version 3 (as the installer does) with a note, and one without a version", async () => {
    const t = await makeTempDir();
    cleanup = t.cleanup;
    for (const version of [2, undefined, "3"]) {
      await writeTree(t.dir, {
        ".agents/.skill-lock.json": JSON.stringify({ version, skills: { x: entry("https://github.com/o/r.git") } }),
      });
      const lock = await readSkillLock({ home: t.dir, env: {} });
      expect(lock.entries.size).toBe(0);
      expect(lock.diagnostics.map((d) => [d.code, d.severity])).toEqual([["scan.lock.old-version", "info"]]);
      expect(lock.diagnostics[0]?.message).toContain("ignores locks older than version 3");
    }
  });
});

const SKILL = "---\nname: NAME\ndescription: A skill the installer copied.\n---\n# Body\n";

describe("lock entries and the installer's agent folders", () => {
  it("attaches the entry to copies in ~/.claude/skills, ~/.cursor/skills and $CLAUDE_CONFIG_DIR, not elsewhere", async () => {
    const t = await makeTempDir();
    cleanup = t.cleanup;
    const home = path.join(t.dir, "home");
    const claudeDir = path.join(t.dir, "claude-config");
    const names = ["in-claude", "in-cursor", "in-config-dir", "in-windsurf", "not-locked"];
    await writeTree(home, {
      ".claude/skills/in-claude/SKILL.md": SKILL.replace("NAME", "in-claude"),
      ".cursor/skills/in-cursor/SKILL.md": SKILL.replace("NAME", "in-cursor"),
      ".codeium/windsurf/skills/in-windsurf/SKILL.md": SKILL.replace("NAME", "in-windsurf"),
      ".cursor/skills/not-locked/SKILL.md": SKILL.replace("NAME", "not-locked"),
      ".agents/.skill-lock.json": JSON.stringify({
        version: 3,
        skills: Object.fromEntries(
          names.filter((n) => n !== "not-locked").map((n) => [n, entry(`https://github.com/o/${n}.git`)]),
        ),
      }),
    });
    await writeTree(claudeDir, { "skills/in-config-dir/SKILL.md": SKILL.replace("NAME", "in-config-dir") });
    const result = await scan({ home, platform: "linux", env: { CLAUDE_CONFIG_DIR: claudeDir } });
    const lockOf = Object.fromEntries(result.skills.map((s) => [s.name, s.lock?.sourceUrl ?? null]));
    expect(lockOf).toEqual({
      "in-config-dir": "https://github.com/o/in-config-dir.git",
      "in-cursor": "https://github.com/o/in-cursor.git",
      "in-windsurf": "https://github.com/o/in-windsurf.git",
      "not-locked": null,
    });
    const defaultClaude = await scan({ home, platform: "linux", env: {} });
    expect(defaultClaude.skills.find((s) => s.name === "in-claude")?.lock?.sourceUrl).toBe(
      "https://github.com/o/in-claude.git",
    );
  });
});
