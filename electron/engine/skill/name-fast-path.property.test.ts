// Property test: the valid-name fast path of the name check (fields.ts skips every name rule for a name it accepts)
// accepts exactly the names the full rules raise no finding for — a looser fast path (letting `--` or an edge hyphen
// through) or a stricter one fails here within a few hundred generated names.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ListedFileSet } from "./file-set";
import { isValidSkillName } from "./fields";
import { validateSkillText } from "./validate-text";

const files = new ListedFileSet(
  new Map(),
  async () => "",
  (rel) => `/skill/${rel}`,
);

/** The name findings of the full rules, run with a folder of another name so the fast path never applies. */
async function fullNameFindings(name: string): Promise<string[]> {
  const text = `---\nname: ${JSON.stringify(name)}\ndescription: A skill for the name property test.\n---\n# x\n`;
  const result = await validateSkillText({
    file: "/other-folder/SKILL.md",
    dirName: "other-folder",
    read: { ok: true, text, bytes: Buffer.byteLength(text), bom: false, binary: false },
    files,
    profile: "agent-skills",
  });
  return result.diagnostics
    .map((d) => d.code)
    .filter((code) => code.startsWith("skill.name.") && code !== "skill.name.dir-mismatch");
}

/** Valid-looking names of exactly `length` characters: words of a-z0-9 joined by single hyphens. */
const namesOfLength = (length: number) =>
  fc
    .array(fc.stringMatching(/^[a-z0-9]{1,12}$/), { minLength: 1, maxLength: 40 })
    .map((words) => words.join("-").padEnd(length, "x").slice(0, length).replace(/-$/, "x"));

/** Names near the edge of the rules: hyphens, digits, case, underscores, dots, spaces, non-ASCII, lengths near 64. */
const names = fc.oneof(
  fc.string({
    unit: fc.constantFrom("a", "z", "0", "9", "-", "A", "_", ".", " ", "é", "ß"),
    minLength: 1,
    maxLength: 70,
  }),
  fc
    .array(fc.stringMatching(/^[a-z0-9]{1,12}$/), { minLength: 1, maxLength: 8 })
    .chain((words) => fc.constantFrom(words.join("-"), words.join("--"), `-${words.join("-")}`, `${words.join("-")}-`)),
  namesOfLength(64),
  namesOfLength(65),
);

describe("the valid-name fast path", () => {
  it("accepts exactly what the full name rules accept", async () => {
    await fc.assert(
      fc.asyncProperty(names, async (name) => {
        const findings = await fullNameFindings(name);
        // The check reads the name trimmed and NFKC-normalized, as the fast path sees it.
        const seen = name.trim().normalize("NFKC");
        expect(isValidSkillName(seen), `${JSON.stringify(name)}: ${findings.join(", ")}`).toBe(findings.length === 0);
      }),
      { numRuns: 400 },
    );
  });

  it("takes a name of exactly 64 characters and refuses one of 65, as the full rules do", async () => {
    for (const name of ["a".repeat(64), `${"ab-".repeat(21)}c`, "a".repeat(65), `${"ab-".repeat(21)}cd`]) {
      const valid = name.length <= 64;
      expect(await fullNameFindings(name), name).toEqual(valid ? [] : ["skill.name.too-long"]);
      expect(isValidSkillName(name), name).toBe(valid);
    }
  });
});
