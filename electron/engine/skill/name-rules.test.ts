// One bad name, one finding, one fix: the name rules report the first rule a name breaks under its stable code and
// leave out what the suggested name would clear too (the folder mismatch, non-ASCII, Desktop's charset).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { readSkill } from "./read-skill";
import { isValidSkillName } from "./name-rules";

let root: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir: root, cleanup } = await makeTempDir("skillshelf-name-rules-")));
afterAll(async () => cleanup());

/** The name findings (and Desktop's) of a skill called `name` in a folder called `folder`. */
async function nameFindings(folder: string, name: string, profile: "agent-skills" | "claude-desktop" = "agent-skills") {
  const dir = path.join(root, profile, folder);
  await writeTree(dir, { "SKILL.md": `---\nname: ${JSON.stringify(name)}\ndescription: Does a thing.\n---\n# X\n` });
  const report = await readSkill(dir, { profile });
  return report.diagnostics.filter((d) => d.code.startsWith("skill.name.") || d.code.startsWith("desktop.name."));
}

describe("a bad name", () => {
  it("gets one error naming everything wrong with it and one fix: the folder's name", async () => {
    const found = await nameFindings("my-skill", "My_Skill");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ code: "skill.name.uppercase", severity: "error", line: 2 });
    expect(found[0]!.message).toBe(
      'The name "My_Skill" has uppercase letters and has characters that are not letters, digits or hyphens ("_"); a name is lowercase letters, digits and single hyphens, at most 64 characters.',
    );
    expect(found[0]!.fix).toBe('Use "my-skill", the folder\'s name.');
  });

  it("keeps each rule's code when it is the only one broken", async () => {
    expect((await nameFindings("edge-a", "-edge-a")).map((d) => d.code)).toEqual(["skill.name.hyphen-edge"]);
    expect((await nameFindings("double-b", "double--b")).map((d) => d.code)).toEqual(["skill.name.double-hyphen"]);
    expect((await nameFindings("dots-c", "dots.c")).map((d) => d.code)).toEqual(["skill.name.invalid-chars"]);
    expect((await nameFindings("long", "a".repeat(65))).map((d) => d.code)).toEqual(["skill.name.too-long"]);
  });

  it("suggests a valid name made from its own when the folder's name is not valid either", async () => {
    const [only, ...rest] = await nameFindings("Meeting Notes", "Meeting Notes");
    expect(rest).toEqual([]);
    expect(only!.code).toBe("skill.name.uppercase");
    expect(only!.fix).toBe('Use "meeting-notes" (and rename the folder to match).');
  });

  it("reports a folder of another name once, for a name that is otherwise valid", async () => {
    const found = await nameFindings("pdf-tools", "pdf");
    expect(found.map((d) => d.code)).toEqual(["skill.name.dir-mismatch"]);
    expect(found[0]!.fix).toBe('Use "pdf-tools", the folder\'s name (or rename the folder to "pdf").');
  });

  it("is not reported again by Claude Desktop's charset rule, whose demand the suggested name meets", async () => {
    const found = await nameFindings("weekly-digest", "Weekly_Digest", "claude-desktop");
    expect(found.map((d) => d.code)).toEqual(["skill.name.uppercase"]);
    expect(isValidSkillName("weekly-digest")).toBe(true);
    // A valid but non-ASCII name still meets Desktop's own rule, and the Agent Skills warning.
    const accented = await nameFindings("café", "café", "claude-desktop");
    expect(accented.map((d) => d.code).sort()).toEqual(["desktop.name.charset", "skill.name.non-ascii"]);
  });
});
