// Placeholder expansion of §9.2: exact names only, every occurrence, one non-recursive pass.
import { describe, expect, it } from "vitest";
import { expandPlaceholders } from "./placeholders";

const values = { PLUGIN_ROOT: "/p/root", PLUGIN_DATA: "/p/data" };

describe("expandPlaceholders", () => {
  it("replaces every exact occurrence of both placeholders", () => {
    expect(expandPlaceholders("${PLUGIN_ROOT}/a:${PLUGIN_DATA}/b:${PLUGIN_ROOT}", values)).toBe(
      "/p/root/a:/p/data/b:/p/root",
    );
  });

  it.each([
    "${FOO}",
    "$PLUGIN_ROOT",
    "${PLUGIN_ROOT_SUFFIX}",
    "${plugin_root}",
    "${ PLUGIN_ROOT }",
    "$${PLUGIN}",
    "{PLUGIN_DATA}",
  ])("leaves %s literal", (text) => {
    expect(expandPlaceholders(text, values)).toBe(text);
  });

  it("does not scan replaced text again", () => {
    expect(expandPlaceholders("${PLUGIN_ROOT}", { PLUGIN_ROOT: "${PLUGIN_DATA}", PLUGIN_DATA: "/never" })).toBe(
      "${PLUGIN_DATA}",
    );
  });

  it("handles replacement text with $ patterns literally", () => {
    expect(expandPlaceholders("${PLUGIN_DATA}", { PLUGIN_ROOT: "", PLUGIN_DATA: "$& $1 $$" })).toBe("$& $1 $$");
  });
});
