// Property tests over generated YAML bombs: each is refused with its own diagnostic before the parser sees it, and the
// process survives. Sizes are kept such that the suite stays fast; speed itself is measured in `npm run bench`.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TextRead } from "../fs/safe-fs";
import { ListedFileSet } from "./file-set";
import { validateSkillText } from "./validate-text";
import {
  blockDepth,
  MAX_FRONTMATTER_BYTES,
  MAX_YAML_ALIASES,
  MAX_YAML_DEPTH,
  MAX_YAML_ENTRIES,
  yamlLimitProblem,
} from "./yaml-limits";
import { yamlBombs } from "../../../test-support/bombs";

const files = new ListedFileSet(
  new Map(),
  async () => "",
  (rel) => `/skill/${rel}`,
);
const text = (s: string): TextRead => ({ ok: true, text: s, bytes: s.length, bom: false, binary: false });

async function errorCodes(frontmatter: string): Promise<string[]> {
  const result = await validateSkillText({
    file: "/skill/SKILL.md",
    dirName: "skill",
    read: text(`---\n${frontmatter}\n---\n# Body\n`),
    files,
    profile: "agent-skills",
  });
  return result.diagnostics.filter((d) => d.severity === "error").map((d) => d.code);
}

describe("frontmatter bombs", () => {
  it("refuses millions of `[` or `{` (over the size limit) with skill.frontmatter.too-large", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: MAX_FRONTMATTER_BYTES, max: 3_000_000 }),
        fc.constantFrom("[", "{", "{a: ", "- "),
        async (count, unit) => {
          expect(
            await errorCodes(`name: skill\ndescription: d\nmetadata: ${unit.repeat(Math.ceil(count / unit.length))}`),
          ).toEqual(["skill.frontmatter.too-large"]);
        },
      ),
      { numRuns: 12 },
    );
  });

  it("refuses nesting past the depth limit under the size limit, in flow and block style, with skill.frontmatter.too-deep", async () => {
    const nested = fc.oneof(
      fc.integer({ min: MAX_YAML_DEPTH + 1, max: 60_000 }).map((n) => `metadata: ${"[".repeat(n)}`),
      fc.integer({ min: MAX_YAML_DEPTH + 1, max: 12_000 }).map((n) => `metadata: ${"{a: ".repeat(n)}x${"}".repeat(n)}`),
      fc.integer({ min: MAX_YAML_DEPTH + 1, max: 30_000 }).map((n) => `metadata:\n${"- ".repeat(n)}x`),
      fc
        .integer({ min: MAX_YAML_DEPTH + 1, max: 300 })
        .map((n) => Array.from({ length: n }, (_, i) => `${" ".repeat(i)}k${i}:`).join("\n") + " v"),
    );
    await fc.assert(
      fc.asyncProperty(nested, async (bomb) => {
        expect(await errorCodes(`name: skill\ndescription: d\n${bomb}`)).toEqual(["skill.frontmatter.too-deep"]);
      }),
      { numRuns: 24 },
    );
  });

  it("refuses long alias and anchor chains (up to 20,000 anchors) with skill.frontmatter.aliases or the size limit", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: MAX_YAML_ALIASES + 1, max: 20_000 }), async (n) => {
        const chain = ["a0: &a0 x", ...Array.from({ length: n - 1 }, (_, i) => `a${i + 1}: &a${i + 1} [*a${i}]`)].join(
          "\n",
        );
        const codes = await errorCodes(`name: skill\ndescription: d\n${chain}`);
        expect(codes).toHaveLength(1);
        expect(["skill.frontmatter.aliases", "skill.frontmatter.too-large"]).toContain(codes[0]);
      }),
      { numRuns: 12 },
    );
  });

  it("refuses billion laughs (few aliases, an exponential expansion) with skill.frontmatter.aliases", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 6, max: 9 }), fc.integer({ min: 6, max: 10 }), async (levels, width) => {
        const lines = [
          "l0: &l0 lol",
          ...Array.from(
            { length: levels },
            (_, i) => `l${i + 1}: &l${i + 1} [${Array(width).fill(`*l${i}`).join(", ")}]`,
          ),
        ];
        expect(await errorCodes(`name: skill\ndescription: d\n${lines.join("\n")}`)).toContain(
          "skill.frontmatter.aliases",
        );
      }),
      { numRuns: 10 },
    );
  });

  it("refuses huge flow and block mappings (more keys than the limit) under the size limit", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: MAX_YAML_ENTRIES + 1, max: 6000 }), fc.boolean(), async (n, flow) => {
        const keys = Array.from({ length: n }, (_, i) => `k${i}: v`);
        const body = flow ? `metadata: {${keys.join(", ")}}` : `metadata:\n  ${keys.join("\n  ")}\nx: [y]`;
        expect(await errorCodes(`name: skill\ndescription: d\n${body}`)).toEqual(["skill.frontmatter.too-large"]);
      }),
      { numRuns: 10 },
    );
  });

  it("refuses each bomb of the shared list (used by the bench and the CLI test) with its expected code alone", async () => {
    for (const bomb of yamlBombs()) expect(await errorCodes(bomb.frontmatter), bomb.name).toEqual([bomb.code]);
  });
});

describe("what the limits let through", () => {
  it("accepts brackets, stars and ampersands inside quoted and plain text, and ordinary nesting", async () => {
    const fine = [
      `name: skill\ndescription: "${"[".repeat(500)} & *stars* ${"{".repeat(500)}"`,
      `name: skill\ndescription: 'a [b] {c}'\nmetadata:\n  tags: [a, [b, [c]]]\n  owner: {name: x, team: {id: 1}}`,
      `name: skill\ndescription: d\nmetadata:\n${Array.from({ length: 40 }, (_, i) => `${"  ".repeat(i + 1)}k${i}:`).join("\n")} v`,
    ];
    for (const frontmatter of fine) expect(await yamlLimitProblem(frontmatter), frontmatter.slice(0, 60)).toBeNull();
  });

  it("counts block depth by indentation and compact `- ` items", () => {
    expect(blockDepth("a:\n  b:\n    c: d\ne: f")).toBe(3);
    expect(blockDepth("- - - x\n- y")).toBe(4);
    expect(blockDepth("# comment\n\n  \nk: v")).toBe(1);
  });
});
