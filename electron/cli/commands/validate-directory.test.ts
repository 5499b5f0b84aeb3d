// `validate --profile claude-plugin-directory` through the built bin: the plugin directory's submission codes appear in
// every output format, on the engine's plugin-directory fixtures, and not at all without the profile.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runBin } from "../../../test-support/cli";

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../engine/plugin/fixtures/plugin-directory",
);
const PROFILE = ["--profile", "claude-plugin-directory"];

describe("the claude-plugin-directory profile", () => {
  it.each(["text", "json", "sarif", "github", "junit", "gitlab"])(
    "reports the directory's codes in the %s format, with exit 1 for a refused submission",
    async (format) => {
      const run = await runBin(["validate", "short-readme", ...PROFILE, "--format", format], { cwd: FIXTURES });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toContain("directory.readme.short");
      expect(run.stdout).toContain("directory.icon.invalid");
      const plain = await runBin(["validate", "short-readme", "--format", format], { cwd: FIXTURES });
      expect(plain.code, plain.stderr).toBe(0);
      expect(plain.stdout).not.toContain("directory.");
    },
  );

  it("describes the codes as SARIF rules linked to their section of diagnostics.md", async () => {
    const run = await runBin(["validate", "short-readme", ...PROFILE, "--format", "sarif"], { cwd: FIXTURES });
    const sarif = JSON.parse(run.stdout) as {
      runs: Array<{ tool: { driver: { rules: Array<{ id: string; helpUri?: string }> } } }>;
    };
    const rule = sarif.runs[0]!.tool.driver.rules.find((r) => r.id === "directory.readme.short");
    expect(rule?.helpUri).toMatch(/diagnostics\.md#claude-code-plugin-directory-submission/);
  });

  it("refuses a profile it does not know, naming the three it does", async () => {
    const run = await runBin(["validate", "complete", "--profile", "directory"], { cwd: FIXTURES });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("agent-skills, claude-desktop or claude-plugin-directory");
  });
});
