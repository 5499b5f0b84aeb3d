// A skill reader failure is contained: that skill is reported and skipped, the others load.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { readPlugin } from "./read-plugin";

vi.mock("../skill/read-skill", async (importOriginal) => {
  const original = await importOriginal<typeof import("../skill/read-skill")>();
  return {
    ...original,
    readSkill: async (dir: string, options?: Parameters<typeof original.readSkill>[1]) => {
      if (path.basename(dir) === "beta") throw new Error("simulated reader failure");
      return original.readSkill(dir, options);
    },
  };
});

describe("discoverSkills", () => {
  it("turns a throwing skill read into plugin.skill.read-failed on that skill only", async () => {
    const report = await readPlugin(fileURLToPath(new URL("./fixtures/skills-mixed", import.meta.url)));
    const beta = report.skills.find((s) => path.basename(s.dir) === "beta");
    expect(beta?.valid).toBe(false);
    expect(beta?.diagnostics.map((d) => d.code)).toEqual(["plugin.skill.read-failed"]);
    expect(beta?.diagnostics[0]?.message).toContain("simulated reader failure");
    expect(report.skills.find((s) => path.basename(s.dir) === "alpha")?.valid).toBe(true);
    expect(report.loads).toBe(true);
  });
});
