import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
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
    expect(await readSkillLock({ home: t.dir, env: {} })).toEqual({ file: null, entries: new Map(), diagnostics: [] });
    await writeTree(t.dir, { ".agents/.skill-lock.json": "{" });
    const corrupt = await readSkillLock({ home: t.dir, env: {} });
    expect(corrupt.diagnostics.map((d) => [d.code, d.severity])).toEqual([["scan.lock.corrupt", "warning"]]);
  });
});
