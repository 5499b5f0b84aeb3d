// `skillshelf prompt` through the built bin: the level-1 block byte-exact, intro flags, JSON, exit codes.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_INTRO, catalogHash, renderAvailableSkills } from "../../../shared/level1";
import { runBin } from "../../../test-support/cli";
import { makeTempDir, writeTree } from "../../../test-support/tmp";

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../engine/skill/fixtures");

let tmp: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir: tmp, cleanup } = await makeTempDir("skillshelf-cli-prompt-"));
  await writeTree(tmp, {
    "brand-voice/SKILL.md": "---\nname: brand-voice\ndescription: Write in the house voice.\n---\n\nShort sentences.\n",
    "pdf/SKILL.md": "---\nname: pdf\ndescription: Fill, merge & read <PDF> forms.\n---\n\nUse the script.\n",
  });
});
afterAll(async () => cleanup());

describe("skillshelf prompt", () => {
  it("prints exactly the rendered block: default intro, skills in the order given, no trailing newline", async () => {
    const run = await runBin(["prompt", path.join(tmp, "pdf"), path.join(tmp, "brand-voice")]);
    expect(run.code).toBe(0);
    const expected = renderAvailableSkills([
      { name: "pdf", description: "Fill, merge & read <PDF> forms." },
      { name: "brand-voice", description: "Write in the house voice." },
    ]);
    expect(run.stdout).toBe(expected);
    expect(run.stdout.startsWith(DEFAULT_INTRO + "\n\n<available_skills>")).toBe(true);
    expect(run.stdout.endsWith("</available_skills>")).toBe(true);
    expect(run.stdout).toContain("Fill, merge &amp; read &lt;PDF&gt; forms.");
  });

  it("takes --intro TEXT and --no-intro, and refuses both at once", async () => {
    const custom = await runBin(["prompt", tmp, "--intro", "Skills:"]);
    expect(custom.stdout.startsWith("Skills:\n\n<available_skills>\n  <skill>\n    <name>brand-voice</name>")).toBe(
      true,
    );
    const bare = await runBin(["prompt", tmp, "--no-intro"]);
    expect(bare.stdout.startsWith("<available_skills>")).toBe(true);
    const both = await runBin(["prompt", tmp, "--no-intro", "--intro", "x"]);
    expect(both.code).toBe(2);
  });

  it("prints text, catalog hash and skills with --json", async () => {
    const run = await runBin(["prompt", tmp, "--json"]);
    const doc = JSON.parse(run.stdout) as { text: string; catalogHash: string; skills: Array<{ name: string }> };
    expect(doc.skills.map((s) => s.name)).toEqual(["brand-voice", "pdf"]);
    expect(doc.catalogHash).toBe(
      await catalogHash([
        { name: "pdf", description: "Fill, merge & read <PDF> forms." },
        { name: "brand-voice", description: "Write in the house voice." },
      ]),
    );
    expect(doc.text.endsWith("</available_skills>")).toBe(true);
  });

  it("leaves out a skill without name or description, says so, and exits 1", async () => {
    const run = await runBin(["prompt", path.join(tmp, "pdf"), path.join(FIXTURES, "frontmatter-missing")]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("<name>pdf</name>");
    expect(run.stderr).toContain("left out");
  });

  it("exits 2 for a missing path", async () => {
    expect((await runBin(["prompt", path.join(tmp, "nope")])).code).toBe(2);
  });
});
