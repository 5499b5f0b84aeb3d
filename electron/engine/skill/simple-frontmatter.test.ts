// The frontmatter fast path must agree with the yaml package on everything it accepts (differential test).
import fc from "fast-check";
import { isMap, isScalar } from "yaml";
import { describe, expect, it } from "vitest";
import { DiagnosticSink } from "./diagnostics";
import { checkFields } from "./fields";
import { parseFrontmatter, type ParsedFrontmatter } from "./frontmatter";
import { parseSimpleFrontmatter, simpleScalar } from "./simple-frontmatter";

/** What the rules see of a parse: keys, positions, value kinds and texts, and the plain data. */
function shape(fm: ParsedFrontmatter) {
  return {
    data: fm.data,
    entries: fm.entries.map((e) => ({
      key: e.key,
      line: e.line,
      column: e.column,
      kind:
        e.value === null
          ? "null"
          : isScalar(e.value)
            ? `scalar:${String(e.value.value)}`
            : isMap(e.value)
              ? "map"
              : "other",
    })),
  };
}

function rulesOn(fm: ParsedFrontmatter) {
  const sink = new DiagnosticSink("/s/SKILL.md");
  const fields = checkFields(fm, "skill", sink);
  return { fields, diagnostics: sink.items };
}

/** Compares the fast path with the yaml package on one text; returns whether the fast path took it. */
async function agree(text: string): Promise<boolean> {
  const fast = parseSimpleFrontmatter(text, 2);
  if (!fast) return false;
  const sink = new DiagnosticSink("/s/SKILL.md");
  const slow = await parseFrontmatter(text, 2, sink, { fastPath: false });
  expect({ text, diagnostics: sink.items }).toEqual({ text, diagnostics: [] });
  expect(slow).not.toBeNull();
  expect(shape(fast)).toEqual(shape(slow!));
  expect(rulesOn(fast)).toEqual(rulesOn(slow!));
  return true;
}

const ALPHABET = [..."abz AZ09-_.:#'\"&*!|>%@`[]{},?~\\/()é😀\t"];
const value = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "plain text",
    "Use when: asked",
    "C# code",
    "a #b",
    "a---b",
    "Bash(git:*) Read",
    '"quoted"',
    "'single'",
    '"esc \\" q"',
    "'it''s'",
    "x:",
    "- item",
    "[a, b]",
    "{a: b}",
    "&anchor x",
    "*alias",
    "!!str x",
    "|",
    ">",
    "~",
    "null",
    "true",
    "123",
    "1.0",
  ),
  fc.array(fc.constantFrom(...ALPHABET), { maxLength: 20 }).map((chars) => chars.join("")),
);
const key = fc.constantFrom(
  "name",
  "description",
  "license",
  "compatibility",
  "metadata",
  "allowed-tools",
  "version",
  "Name",
  "a.b",
  "_x",
  "1",
  "__proto__",
  "-bad",
  "bad key",
  "k",
);
const line = fc.oneof(
  fc.tuple(key, value).map(([k, v]) => `${k}: ${v}`),
  fc.tuple(key, value).map(([k, v]) => `  ${k}: ${v}`),
  key.map((k) => `${k}:`),
  fc.constantFrom("", "  ", "# comment", "   deeper: x", "\tname: tab", "...", "---", "plain line", "metadata:"),
);

describe("parseSimpleFrontmatter", () => {
  it("agrees with the yaml package on every generated frontmatter it accepts", async () => {
    let taken = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 12 }), async (lines) => {
        if (await agree(lines.join("\n"))) taken++;
      }),
      { numRuns: 3000 },
    );
    expect(taken).toBeGreaterThan(100);
  });

  it("takes the common shapes and leaves the rest to yaml", async () => {
    expect(await agree("name: pdf\ndescription: Fill forms. Use when: never\n")).toBe(false);
    expect(
      await agree(
        'name: pdf\ndescription: "Fill forms: all of them."\nmetadata:\n  author: me\n  version: "1.0"\n\nlicense: MIT',
      ),
    ).toBe(true);
    expect(await agree("name: pdf\nmetadata:\nlicense: MIT")).toBe(true);
    expect(await agree("name: pdf\ndescription: >-\n  Folded\n  text.")).toBe(false);
    expect(await agree("name: pdf\nname: again")).toBe(false);
    expect(await agree("")).toBe(false);
  });

  it("reads only plain or escape-free quoted one-line values", () => {
    expect(simpleScalar("text  ")).toBe("text");
    expect(simpleScalar('"a: b"')).toBe("a: b");
    expect(simpleScalar("'a # b'")).toBe("a # b");
    for (const raw of ["", "a: b", "a #b", "-x", "*x", '"a\\nb"', "'it''s'", "x\ty"])
      expect(simpleScalar(raw)).toBeNull();
  });
});
