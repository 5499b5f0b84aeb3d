import { describe, expect, it } from "vitest";
import { DEFAULT_INTRO, catalogHash, renderAvailableSkills } from "./level1";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

describe("renderAvailableSkills", () => {
  it("uses the default intro, one blank line, and no trailing newline", () => {
    const out = renderAvailableSkills([{ name: "a", description: "b" }]);
    expect(out.startsWith(DEFAULT_INTRO + "\n\n<available_skills>\n")).toBe(true);
    expect(out.endsWith("</available_skills>")).toBe(true);
    expect(out.includes("\r")).toBe(false);
  });

  it("renders the block alone for a null or empty intro, and a custom intro verbatim", () => {
    const block =
      "<available_skills>\n  <skill>\n    <name>a</name>\n    <description>b</description>\n  </skill>\n</available_skills>";
    expect(renderAvailableSkills([{ name: "a", description: "b" }], null)).toBe(block);
    expect(renderAvailableSkills([{ name: "a", description: "b" }], "")).toBe(block);
    expect(renderAvailableSkills([{ name: "a", description: "b" }], "Hi.")).toBe("Hi.\n\n" + block);
  });

  it("renders an empty list as the empty string, whatever the intro", () => {
    expect(renderAvailableSkills([])).toBe("");
    expect(renderAvailableSkills([], "Intro")).toBe("");
  });

  it("escapes & first, then < and >, and nothing else", () => {
    const out = renderAvailableSkills([{ name: "x&<y>", description: `a &amp; <b> "q" 'r'` }], null);
    expect(out).toContain("<name>x&amp;&lt;y&gt;</name>");
    expect(out).toContain(`<description>a &amp;amp; &lt;b&gt; "q" 'r'</description>`);
  });

  it("keeps the order given", () => {
    const out = renderAvailableSkills(
      [
        { name: "zeta", description: "z" },
        { name: "alpha", description: "a" },
      ],
      null,
    );
    expect(out.indexOf("zeta")).toBeLessThan(out.indexOf("alpha"));
  });
});

describe("catalogHash", () => {
  it("is empty for an empty catalog", async () => {
    expect(await catalogHash([])).toBe("");
  });

  it("is SHA-256 of the canonical JSON of the summaries sorted by name", async () => {
    const summaries = [
      { name: "pdf", description: "Fill, merge and read PDF forms.", tags: ["docs"] },
      { name: "brand-voice", description: "Write in the house voice." },
    ];
    const canonical =
      '[{"description":"Write in the house voice.","name":"brand-voice"},{"description":"Fill, merge and read PDF forms.","name":"pdf","tags":["docs"]}]';
    const expected = await sha256Hex(canonical);
    expect(await catalogHash(summaries)).toBe(expected);
    expect(await catalogHash([...summaries].reverse())).toBe(expected);
  });

  it("ignores fields other than name, description and tags", async () => {
    const plain = await catalogHash([{ name: "a", description: "b" }]);
    const extra = await catalogHash([{ name: "a", description: "b", source: "server" } as never]);
    expect(extra).toBe(plain);
    expect(plain).toMatch(/^[0-9a-f]{64}$/);
  });

  it("changes when a description or tag changes", async () => {
    const a = await catalogHash([{ name: "a", description: "b" }]);
    expect(await catalogHash([{ name: "a", description: "c" }])).not.toBe(a);
    expect(await catalogHash([{ name: "a", description: "b", tags: [] }])).not.toBe(a);
  });
});

describe("catalogHash's canonical JSON", () => {
  it("sorts keys whatever order a summary lists them in, and writes no whitespace", async () => {
    const expected = await sha256Hex('[{"description":"b","name":"a","tags":["x","y"]}]');
    expect(await catalogHash([{ tags: ["x", "y"], description: "b", name: "a" }])).toBe(expected);
  });
});
