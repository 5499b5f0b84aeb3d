// Scan agrees with Claude Code: a plugin's skills are the folders holding exactly SKILL.md, and a skill in
// ~/.claude/skills may use Claude Code's own frontmatter keys.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { scan } from "./scan";

const FIXTURES = fileURLToPath(new URL("../plugin/fixtures/claude-code/", import.meta.url));
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe("scan of Claude Code plugins and skills", () => {
  it("does not list a folder holding only a lowercase skill.md as one of the plugin's skills, and keeps the warning", async () => {
    const t = await makeTempDir();
    cleanups.push(t.cleanup);
    const root = path.join(FIXTURES, "lowercase-skill-md");
    const result = await scan({ home: t.dir, platform: "linux", env: {}, homeLocations: false, include: [root] });
    expect(result.plugins).toHaveLength(1);
    const plugin = result.plugins[0]!;
    expect(plugin.skills.map((s) => path.basename(s.dir))).toEqual(["good"]);
    expect(plugin.diagnostics.map((d) => d.code)).toContain("claude-plugin.skills.file-case");
    expect(result.skills.map((s) => s.name)).not.toContain("quiet");
  });

  it("accepts Claude Code's keys in ~/.claude/skills, with one note", async () => {
    const t = await makeTempDir();
    cleanups.push(t.cleanup);
    await writeTree(t.dir, {
      ".claude/skills/review/SKILL.md":
        '---\nname: review\ndescription: Reviews a change when asked.\nargument-hint: "[file]"\nuser-invocable: false\n---\nReview it.\n',
    });
    const result = await scan({ home: t.dir, platform: "linux", env: {} });
    const skill = result.skills.find((s) => s.name === "review")!;
    expect(skill.valid).toBe(true);
    expect(skill.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(["info skill.claude-code.keys"]);
  });
});
