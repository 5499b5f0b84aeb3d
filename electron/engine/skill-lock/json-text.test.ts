// The in-place JSON member editor against JSON.parse: whatever the layout, setting or removing a member gives the
// document a parse-and-assign would, and every other member keeps its text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { removeMember, setMember } from "./json-text";

const key = fc.oneof(
  fc.constantFrom("a", "10", "2", "0", "__proto__", "toString", "dup", 'q"uote', "ünï"),
  fc.string(),
);
const leaf = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const value = fc.oneof(leaf, fc.dictionary(key, leaf, { maxKeys: 3 }), fc.array(leaf, { maxLength: 3 }));
const layout = fc.constantFrom<string | number | undefined>(undefined, 2, 4, "\t");

/** The document as text with `skills` holding these entries (order kept, duplicates allowed). */
function lockText(entries: Array<[string, unknown]>, indent: string | number | undefined): string {
  const inner = entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(",");
  const compact = `{"version":3,"skills":{${inner}},"tail":[1,2]}`;
  if (indent === undefined) return compact;
  // Lay the outer levels out like the installer does, keeping the entries' own text as written.
  const pad = typeof indent === "number" ? " ".repeat(indent) : indent;
  const members = entries.map(([k, v]) => `${pad}${pad}${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(",\n");
  return `{\n${pad}"version": 3,\n${pad}"skills": {${members ? `\n${members}\n${pad}` : ""}},\n${pad}"tail": [1, 2]\n}\n`;
}

const parsedSkills = (text: string) => (JSON.parse(text) as { skills: Record<string, unknown> }).skills;

describe("json-text", () => {
  it("sets a member as parse-and-assign would, whatever the layout, keys or duplicates", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { maxLength: 6 }), key, value, layout, (entries, k, v, indent) => {
        const text = lockText(entries, indent);
        const out = setMember(text, ["skills"], k, v);
        expect(out).not.toBeNull();
        const expected = parsedSkills(text);
        Object.defineProperty(expected, k, { value: v, enumerable: true, configurable: true, writable: true });
        expect(parsedSkills(out!)).toEqual(JSON.parse(JSON.stringify(expected)));
        expect((JSON.parse(out!) as { tail: unknown }).tail).toEqual([1, 2]);
        for (const [other, ov] of entries)
          if (other !== k)
            expect(out).toContain(`${JSON.stringify(other)}${indent === undefined ? ":" : ": "}${JSON.stringify(ov)}`);
      }),
      { numRuns: 300 },
    );
  });

  it("removes every member of that name and nothing else", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { maxLength: 6 }), key, layout, (entries, k, indent) => {
        const text = lockText(entries, indent);
        const out = removeMember(text, ["skills"], k);
        const expected = parsedSkills(text);
        delete expected[k];
        expect(parsedSkills(out!)).toEqual(JSON.parse(JSON.stringify(expected)));
        if (!entries.some(([e]) => e === k)) expect(out).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it("gives null when the path is not an object", () => {
    expect(setMember(`{"skills": []}`, ["skills"], "a", 1)).toBeNull();
    expect(setMember(`[1]`, [], "a", 1)).toBeNull();
    expect(removeMember(`{"x": 1}`, ["skills"], "a")).toBeNull();
  });
});
