// Property tests: thousands of malformed frontmatters through the rules — no throw, no hang, a consistent verdict.
import fc from "fast-check";
import { stringify } from "yaml";
import { describe, expect, it } from "vitest";
import { decodeUtf8, type TextRead } from "../fs/safe-fs";
import { ListedFileSet } from "./file-set";
import { extractLinks, classifyTarget } from "./references";
import { validateSkillText, type SkillTextResult } from "./validate-text";

const files = new ListedFileSet(
  new Map([["references/a.md", "file"]]),
  async () => "See [b](b.md).",
  (rel) => `/skill/${rel}`,
);

async function check(
  read: TextRead,
  profile: "agent-skills" | "claude-desktop" = "agent-skills",
): Promise<SkillTextResult> {
  const result = await validateSkillText({ file: "/skill/SKILL.md", dirName: "skill", read, files, profile });
  const hasError = result.diagnostics.some((d) => d.severity === "error");
  for (const d of result.diagnostics) {
    expect(typeof d.code).toBe("string");
    expect(["error", "warning", "info"]).toContain(d.severity);
    expect(d.message.length).toBeGreaterThan(0);
    if (d.line !== undefined) expect(d.line).toBeGreaterThanOrEqual(1);
  }
  expect(typeof result.name).toBe("string");
  expect(typeof result.description).toBe("string");
  // Valid (no error) or explained: an unusable skill (no name or no description) always carries an error.
  if (!hasError) {
    expect(result.frontmatter).not.toBeNull();
    expect(result.name.trim()).not.toBe("");
    expect(result.description.trim()).not.toBe("");
  }
  return result;
}

const text = (s: string): TextRead => ({
  ok: true,
  text: s,
  bytes: s.length,
  bom: false,
  binary: s.includes("\u0000"),
});

const yamlish = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "name: skill",
        "description: d",
        "name:",
        "description: |",
        "  folded",
        "metadata:",
        "  a: b",
        "  - x",
        "- item",
        "key: [a, {b: c}",
        "&a x",
        "*a",
        "!!binary x",
        "? complex",
        ": v",
        "'unterminated",
        '"esc \\q"',
        "\tname: tab",
        "---",
        "...",
        "# comment",
        "name: a---b",
        "allowed-tools:",
        "compatibility: ",
        "%YAML 1.2",
        "<<: *a",
      ),
      fc.string({ maxLength: 40 }),
    ),
    { maxLength: 25 },
  )
  .map((lines) => lines.join("\n"));

const KEYS = [
  "name",
  "description",
  "license",
  "compatibility",
  "metadata",
  "allowed-tools",
  "version",
  "Name",
  "author",
  "",
  // Keys that shadow Object.prototype: String() and template literals break on mappings holding them.
  "toString",
  "valueOf",
  "constructor",
  "__proto__",
];
/** A mapping whose keys shadow Object.prototype's methods (as text, as YAML gives them). */
const prototypeShadow = fc.dictionary(
  fc.constantFrom("toString", "valueOf", "constructor", "__proto__"),
  fc.jsonValue({ maxDepth: 1 }),
  { minKeys: 1, maxKeys: 3 },
);
const mapping = fc.dictionary(
  fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 12 })),
  fc.oneof(fc.jsonValue({ maxDepth: 3 }), prototypeShadow, fc.array(prototypeShadow, { maxLength: 2 })),
  { maxKeys: 8 },
);

describe("validateSkillText under generated input", () => {
  it("never throws on random YAML-ish frontmatter", async () => {
    await fc.assert(
      fc.asyncProperty(
        yamlish,
        fc.constantFrom("agent-skills", "claude-desktop") as fc.Arbitrary<"agent-skills" | "claude-desktop">,
        async (yaml, profile) => {
          await check(text(`---\n${yaml}\n---\n# Body\n`), profile);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("never throws on serialized random mappings, and reads a string name back", async () => {
    await fc.assert(
      fc.asyncProperty(mapping, async (data) => {
        const result = await check(text(`---\n${stringify(data)}---\nSee [x](references/a.md).\n`), "claude-desktop");
        if (typeof data.name === "string" && data.name.trim() !== "" && result.frontmatter)
          expect(result.name).toBe(data.name);
      }),
      { numRuns: 1500 },
    );
  });

  it("never throws on random text, with or without delimiters", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300, unit: "binary" }), fc.boolean(), async (s, wrap) => {
        await check(text(wrap ? `---\n${s}\n---\n${s}` : s));
      }),
      { numRuns: 1500 },
    );
  });

  it("never throws on random bytes decoded as a file would be", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), async (bytes) => {
        const withHeader = new Uint8Array([...new TextEncoder().encode("---\nname: skill\n"), ...bytes]);
        await check(decodeUtf8(withHeader));
        await check(decodeUtf8(bytes));
      }),
      { numRuns: 1000 },
    );
  });

  it("extracts and classifies links in random Markdown without throwing", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom(
              "[a](b.md)",
              "![i](../x.png)",
              "```",
              "~~~",
              "    code",
              "`[c](d)`",
              "[e]: f.md",
              "- [g](h/)",
              "\\[x](y)",
              "[[n](m)](o)",
            ),
            fc.string({ maxLength: 30 }),
          ),
          { maxLength: 30 },
        ),
        (parts) => {
          for (const link of extractLinks(parts.join("\n"))) {
            expect(link.line).toBeGreaterThanOrEqual(1);
            classifyTarget(link.target);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("alias loops and bombs", () => {
  it("refuses a self-referencing alias and an alias bomb with skill.frontmatter.aliases instead of hanging", async () => {
    const loop = await check(text("---\nname: skill\ndescription: &d [*d, *d]\n---\n"));
    expect(loop.diagnostics.map((d) => d.code)).toContain("skill.frontmatter.aliases");
    const level = (n: number, prev: string) => `l${n}: &l${n} [${Array(10).fill(`*${prev}`).join(", ")}]`;
    const bomb = [
      "name: skill",
      "description: d",
      "l0: &l0 x",
      ...[1, 2, 3, 4, 5, 6].map((n) => level(n, `l${n - 1}`)),
    ].join("\n");
    const result = await check(text(`---\n${bomb}\n---\n`));
    expect(result.diagnostics.map((d) => d.code)).toContain("skill.frontmatter.aliases");
    expect(() => JSON.stringify(result)).not.toThrow();
  });
});

describe("values that break String()", () => {
  // Found by the property above (seed 1459938412): a mapping holding `toString` as text made String() throw, which
  // stopped the whole validate run; a complex key did the same.
  it("shows a list of mappings with toString, and a mapping as a key, in messages instead of throwing", async () => {
    const list = await check(text("---\nname: skill\ndescription: d\nversion:\n  - toString: null\n---\n# x\n"));
    const unexpected = list.diagnostics.find((d) => d.code === "skill.field.unexpected");
    expect(unexpected?.fix).toContain('version: "[{\\"toString\\":\\"null\\"}]"');
    const key = await check(text("---\nname: skill\ndescription: d\n? {toString: x, valueOf: y}\n: z\n---\n# x\n"));
    expect(key.diagnostics.find((d) => d.code === "skill.field.unexpected")?.message).toContain(
      '{\\"toString\\":\\"x\\",\\"valueOf\\":\\"y\\"}',
    );
  });
});
