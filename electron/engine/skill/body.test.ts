// The body rules' messages: counts in them are grouped as the views and the CLI show them ("9,553", never "9553").
import { describe, expect, it } from "vitest";
import { checkBody } from "./body";
import { DiagnosticSink } from "./diagnostics";

describe("checkBody", () => {
  it("writes the token estimate and the recommendation with thousands separators", () => {
    const sink = new DiagnosticSink("/s/SKILL.md");
    checkBody("word ".repeat(7642), 5, sink);
    const tokens = sink.items.find((d) => d.code === "skill.body.tokens")!;
    expect(tokens.message).toContain("about 9,553 tokens");
    expect(tokens.message).toContain("under 5,000");
  });
});
