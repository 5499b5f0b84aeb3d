// `skillshelf levels` through the built bin: the three levels with sizes and labelled token estimates.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { SkillLevels } from "../../../shared/levels";
import { runBin } from "../../../test-support/cli";

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../engine/skill/fixtures");

describe("skillshelf levels", () => {
  it("prints one JSON document with levels 1-3 and diagnostics", async () => {
    const run = await runBin(["levels", path.join(FIXTURES, "valid-full"), "--json"]);
    expect(run.code).toBe(0);
    const levels = JSON.parse(run.stdout) as SkillLevels;
    expect(levels.level1.name).toBe("valid-full");
    expect(levels.level1.text.startsWith("<available_skills>")).toBe(true);
    expect(levels.level2.startLine).toBe(12);
    expect(levels.level2.tokens).toBeGreaterThan(0);
    expect(levels.level3.entries.find((e) => e.path === "references/forms.md")).toMatchObject({
      kind: "file",
      referenced: true,
    });
    // The instructions name it as code (`scripts/fill.py`), which a model follows as it would a link.
    expect(levels.level3.entries.find((e) => e.path === "scripts/fill.py")).toMatchObject({ referenced: true });
    expect(levels.level3.tokens).toBeGreaterThan(levels.level2.tokens);
    expect(levels.diagnostics).toEqual([]);
  });

  it("prints readable levels with sizes and says token counts are estimates", async () => {
    const run = await runBin(["levels", "ref-missing"], { cwd: FIXTURES });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Skill ref-missing — ref-missing\n/);
    expect(run.stdout).toMatch(/Level 1 .*about \d+ tokens \(estimate\)/);
    expect(run.stdout).toMatch(/Level 2 .*SKILL\.md lines 5-6, 2 lines, .*about \d+ tokens \(estimate\)/);
    expect(run.stdout).toMatch(/Level 3 .*2 files, .*, about \d+ tokens \(estimate\)/);
    expect(run.stdout).toMatch(/\n {2}SKILL\.md +\d+ bytes +≈ \d+ tokens\n/);
    expect(run.stdout).toContain("missing: references/guide.md (SKILL.md line 6)");
    expect(run.stdout).toMatch(/warning\s+ref-missing\/SKILL\.md:6:17/);
  });

  it("exits 2 for a missing path, several paths, or a folder of skills", async () => {
    expect((await runBin(["levels", path.join(FIXTURES, "nope")])).code).toBe(2);
    expect((await runBin(["levels", path.join(FIXTURES, "pdf"), path.join(FIXTURES, "123")])).code).toBe(2);
    const many = await runBin(["levels", FIXTURES]);
    expect(many.code).toBe(2);
    expect(many.stderr).toContain("give one skill folder");
  });
});
