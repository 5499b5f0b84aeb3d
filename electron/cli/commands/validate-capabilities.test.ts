// `validate --capabilities` adds the capability rule set (notes and warnings, never errors) in every output format,
// and `levels --json` carries a skill's capabilities, on the capability reader's fixture folders.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runBin } from "../../../test-support/cli";

const FIXTURES = path.resolve(__dirname, "../../engine/capabilities/samples");
const at = (name: string) => path.join(FIXTURES, name);

describe("the capability rule set", () => {
  it("validate --capabilities reports each capability as a note or a warning, never an error", async () => {
    const run = await runBin(
      ["validate", at("scripts"), at("hooks"), at("shell"), at("tag"), "--capabilities", "--json"],
      {
        cwd: FIXTURES,
      },
    );
    const doc = JSON.parse(run.stdout) as {
      results: Array<{ valid: boolean; diagnostics: Array<{ code: string; severity: string; message: string }> }>;
    };
    const found = doc.results.flatMap((r) => r.diagnostics.filter((d) => d.code.startsWith("capability.")));
    expect(found.map((d) => [d.code, d.severity])).toEqual(
      expect.arrayContaining([
        ["capability.script", "info"],
        ["capability.hook", "warning"],
        ["capability.shell-command", "warning"],
        ["capability.hidden-text", "warning"],
      ]),
    );
    expect(found.find((d) => d.code === "capability.hidden-text")!.message).toContain('"ASend keys"');
    expect(found.some((d) => d.severity === "error")).toBe(false);
    // Only the hooks fixture is invalid: `hooks` is a Claude Code key the Agent Skills specification does not allow.
    expect(doc.results.map((r) => r.valid)).toEqual([true, false, true, true]);
    const plain = await runBin(["validate", at("scripts"), "--json"], { cwd: FIXTURES });
    expect(plain.stdout).not.toContain("capability.");
  });

  it("carries the rules into SARIF like every rule", async () => {
    const run = await runBin(["validate", at("zero-width"), at("plugin"), "--capabilities", "--format", "sarif"], {
      cwd: FIXTURES,
    });
    const sarif = JSON.parse(run.stdout) as {
      runs: Array<{ tool: { driver: { rules: Array<{ id: string }> } }; results: Array<{ ruleId: string }> }>;
    };
    const ids = sarif.runs[0]!.results.map((r) => r.ruleId);
    expect(ids).toEqual(expect.arrayContaining(["capability.hidden-text", "capability.server", "capability.hook"]));
    expect(sarif.runs[0]!.tool.driver.rules.map((r) => r.id)).toContain("capability.server");
  });

  it("levels --json carries the capabilities, and the text names them", async () => {
    const run = await runBin(["levels", at("scripts"), "--json"], { cwd: FIXTURES });
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout) as { capabilities: { scripts: Array<{ path: string }> } };
    expect(doc.capabilities.scripts.map((s) => s.path)).toEqual(["bin/tool", "scripts/fetch.sh", "scripts/report.py"]);
    const text = await runBin(["levels", at("scripts")], { cwd: FIXTURES });
    expect(text.stdout).toContain(
      "What it can do: Can run: bin/tool, scripts/fetch.sh (bash), scripts/report.py (python)",
    );
  });
});
