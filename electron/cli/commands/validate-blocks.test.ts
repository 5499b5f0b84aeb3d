// The marks of a run's pieces: byte offsets (not characters) of each piece in what was printed, with its counts.
import { describe, expect, it } from "vitest";
import type { ValidationResult } from "../../../shared/results";
import { RunMarks, readableBlock, readableTail } from "./validate-blocks";

const result = (valid: boolean, severities: Array<"error" | "warning" | "info">): ValidationResult => ({
  path: "/skills/ünï",
  kind: "skill",
  name: "ünï",
  valid,
  diagnostics: severities.map((severity) => ({ code: "x.y", severity, message: "Då.", file: "/skills/ünï/SKILL.md" })),
});

describe("a run's marks", () => {
  it("say where each piece lies in the UTF-8 bytes printed, with its errors, warnings, notes and validity", () => {
    const marks = new RunMarks();
    const pieces = [result(false, ["error", "warning", "info", "info"]), result(true, [])];
    const printed: string[] = ["Séarched\n\n"];
    marks.skip(printed[0]!);
    for (const r of pieces) {
      const block = readableBlock(r, "/skills");
      marks.piece(block.text, r, block.counts);
      printed.push(block.text);
    }
    const bytes = Buffer.from(printed.join(""));
    const m = marks.done()!;
    expect([...m.subarray(2, 6)]).toEqual([1, 1, 2, 0]);
    expect([...m.subarray(8, 12)]).toEqual([0, 0, 0, 1]);
    expect(bytes.toString("utf8", m[0], m[1])).toBe(printed[1]);
    expect(bytes.toString("utf8", m[6], m[7])).toBe(printed[2]);
    expect(m[7]).toBe(bytes.length);
    expect(printed[2]).toBe("valid    skill ünï (ünï)\n");
    expect(readableTail({ checked: 2, invalid: 1, error: 1, warning: 0, info: 2 })).toBe(
      "\n2 checked (1 valid, 1 invalid): 1 error, 0 warnings, 2 notes.\n",
    );
    marks.spoil();
    expect(marks.done()).toBeNull();
  });
});
