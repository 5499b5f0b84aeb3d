// The JSON position finder: keys and array items to their line and column, parse errors to where they happen.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { locateJsonPointers, parseJson, pointerOf, positionAt } from "./json-position";

describe("locateJsonPointers", () => {
  const text = '{\n  "a": 1,\n  "b/c": {\n    "d~e": [10,\n      "x", {"f": null}]\n  },\n  "a": 2\n}';

  it("finds members by JSON Pointer, escaping / and ~, with a later duplicate key winning", () => {
    const at = locateJsonPointers(text);
    expect(at.get("/a")).toEqual({ line: 7, column: 3 });
    expect(at.get(pointerOf("", "b/c"))).toEqual({ line: 3, column: 3 });
    expect(at.get(pointerOf("", "b/c", "d~e"))).toEqual({ line: 4, column: 5 });
    expect(at.get(pointerOf("", "b/c", "d~e", 0))).toEqual({ line: 4, column: 13 });
    expect(at.get(pointerOf("", "b/c", "d~e", 1))).toEqual({ line: 5, column: 7 });
    expect(at.get(pointerOf("", "b/c", "d~e", 2, "f"))).toEqual({ line: 5, column: 13 });
  });

  it("decodes escaped keys and ignores braces inside strings", () => {
    const at = locateJsonPointers('{"q\\"{[": {"k": "}]"}, "z": 1}');
    expect(at.get(pointerOf("", 'q"{['))?.column).toBe(2);
    expect(at.get("/z")?.column).toBe(24);
  });

  it("never throws and stays linear on any JSON text", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = JSON.stringify(value, null, 2);
        const at = locateJsonPointers(json);
        for (const pos of at.values()) expect(pos.line).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 500 },
    );
  });

  it("does not locate members nested deeper than its limit (pointers would grow quadratically)", () => {
    const deep = `${'{"k":'.repeat(200)}1${"}".repeat(200)}`;
    const at = locateJsonPointers(deep);
    expect(at.size).toBeLessThanOrEqual(64);
    expect(at.get("/k")).toEqual({ line: 1, column: 2 });
  });
});

describe("parseJson and positionAt", () => {
  it("reports where a syntax error is", () => {
    const result = parseJson('{\n  "a": 1,\n}');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.at?.line).toBe(3);
  });

  it("reports the end of an unfinished document", () => {
    const result = parseJson('{\n  "a": ');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.at).toEqual({ line: 2, column: 8 });
  });

  it("maps offsets to 1-based lines and columns", () => {
    expect(positionAt("ab\ncd", 0)).toEqual({ line: 1, column: 1 });
    expect(positionAt("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
    expect(positionAt("ab", 99)).toEqual({ line: 1, column: 3 });
  });
});

describe("parseJson messages", () => {
  it("never quote the document's text", () => {
    for (const text of ['{"headers": {"Authorization": "Bearer s3cret" x}}', '{"a": "s3cret\u0001"}', "s3cret"]) {
      const result = parseJson(text);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.message).not.toContain("s3cret");
        expect(result.message).not.toMatch(/[\u0000-\u001f]/);
      }
    }
  });
});
