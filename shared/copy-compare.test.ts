import { describe, expect, it } from "vitest";
import { diffLines, sideBySide } from "./copy-compare";

describe("diffLines", () => {
  it("classifies a unified diff's lines and drops its file headers", () => {
    const diff = [
      "Index: SKILL.md",
      "===================================================================",
      "--- SKILL.md",
      "+++ SKILL.md",
      "@@ -1,3 +1,3 @@",
      " ---",
      "-description: Old words.",
      "+description: New words.",
      "----",
      "\\ No newline at end of file",
      "",
    ].join("\n");
    expect(diffLines(diff)).toEqual([
      { kind: "hunk", text: "@@ -1,3 +1,3 @@" },
      { kind: "context", text: "---" },
      { kind: "removed", text: "description: Old words." },
      { kind: "added", text: "description: New words." },
      { kind: "removed", text: "---" },
    ]);
  });
});

describe("sideBySide", () => {
  it("puts removed and added runs next to each other, padding the shorter side", () => {
    const rows = sideBySide([
      { kind: "hunk", text: "@@ -1,4 +1,3 @@" },
      { kind: "context", text: "name: x" },
      { kind: "removed", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "added", text: "B" },
      { kind: "context", text: "end" },
      { kind: "added", text: "tail" },
    ]);
    expect(rows).toEqual([
      { kind: "hunk", left: "@@ -1,4 +1,3 @@", right: "@@ -1,4 +1,3 @@" },
      { kind: "same", left: "name: x", right: "name: x" },
      { kind: "changed", left: "a", right: "B" },
      { kind: "changed", left: "b", right: null },
      { kind: "same", left: "end", right: "end" },
      { kind: "changed", left: null, right: "tail" },
    ]);
  });
});
