// The level-1 block is rendered byte-identically to the seed it was specified by (../shared/seeds/mekik-skills.md),
// read at run time: a bare clone has no ../shared, and then this test says so and is skipped.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderAvailableSkills } from "../shared/level1";
import { needShared } from "../test-support/shared-dir";

/** The seed's example: from the intro sentence to the closing tag, exactly as printed there. */
function seedExample(seedText: string): string {
  const text = seedText.replace(/\r\n/g, "\n");
  const start = text.indexOf("You have the following skills available.");
  const end = text.indexOf("</available_skills>", start);
  if (start < 0 || end < 0) throw new Error("The seed's level-1 example was not found in mekik-skills.md.");
  return text.slice(start, end + "</available_skills>".length);
}

describe("renderAvailableSkills against the seed", () => {
  it("matches the seed's example byte for byte", (ctx) => {
    const example = seedExample(readFileSync(needShared(ctx, "seeds", "mekik-skills.md"), "utf8"));
    const rendered = renderAvailableSkills([
      { name: "brand-voice", description: "Write in the house voice." },
      { name: "pdf", description: "Fill, merge and read PDF forms." },
    ]);
    expect(rendered).toBe(example);
    expect(new TextEncoder().encode(rendered)).toEqual(new TextEncoder().encode(example));
    expect(example).toContain("<name>brand-voice</name>");
  });
});
