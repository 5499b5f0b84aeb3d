// Claude Code's own `claude plugin validate` (installed on demand outside the repository) and Skillshelf agree on every
// fixture of fixtures/claude-code/: an error there is an error here, a pass there is valid here — except where
// docs/diagnostics.md says Skillshelf is stricter on purpose (the loader fails where the validator is silent).
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import {
  claudeCodeSkillKeys,
  claudeValidate,
  ensureClaudeCode,
  type OracleVerdict,
} from "../../../test-support/claude-code-oracle";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { skipBecause } from "../../../test-support/skip";
import { findTargets } from "../skill/targets";
import { validateTarget } from "../validate-target";

const FIXTURES = fileURLToPath(new URL("./fixtures/claude-code/", import.meta.url));
const DIRECTORY_FIXTURES = fileURLToPath(new URL("./fixtures/plugin-directory/", import.meta.url));

/** Fixtures Claude Code's validator passes but its loader fails on, where Skillshelf keeps an error. */
const STRICTER_ON_PURPOSE = new Set(["marketplace-source-missing"]);

/** Fixtures that are not a plugin or marketplace folder (Claude Code validates only those). */
const NOT_FOR_THE_ORACLE = new Set(["project"]);

const fixtures = readdirSync(FIXTURES).filter((name) => !NOT_FOR_THE_ORACLE.has(name));

/** Skillshelf's verdict as `claude plugin validate` gives it: the marketplace's when the folder is one, else the plugin's. */
async function ourVerdict(dir: string): Promise<{ valid: boolean; codes: string[] }> {
  const { targets } = await findTargets(dir);
  const results = await Promise.all(targets.map((t) => validateTarget(t, "agent-skills")));
  const own = results.find((r) => r.kind === "marketplace" && r.path === dir) ?? results.find((r) => r.path === dir);
  if (!own) throw new Error(`no result for ${dir}`);
  return { valid: own.valid, codes: own.diagnostics.filter((d) => d.severity === "error").map((d) => d.code) };
}

describe("claude plugin validate as an oracle", () => {
  let reason = "";
  const verdicts = new Map<string, OracleVerdict>();
  beforeAll(async () => {
    const found = ensureClaudeCode();
    if (!found.ok) {
      reason = found.reason;
      return;
    }
    // A few at a time: each run starts the whole program, which takes seconds on a busy machine.
    const queue = [...fixtures];
    const worker = async () => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift())
        verdicts.set(name, await claudeValidate(found.bin, path.join(FIXTURES, name)));
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
  }, 900_000);

  it.for(fixtures)("agrees on %s", async (name, ctx) => {
    const oracle = verdicts.get(name);
    if (!oracle) skipBecause(ctx, reason);
    const dir = path.join(FIXTURES, name);
    expect([0, 1], `claude plugin validate exited ${oracle.status}:\n${oracle.output}`).toContain(oracle.status);
    const ours = await ourVerdict(dir);
    if (STRICTER_ON_PURPOSE.has(name)) {
      expect(oracle.status, oracle.output).toBe(0);
      expect(ours.valid).toBe(false);
      return;
    }
    const context = `Claude Code said:\n${oracle.output}\nSkillshelf's errors: ${ours.codes.join(", ") || "none"}`;
    expect(ours.valid, context).toBe(oracle.status === 0);
  });
});

describe("claude plugin validate --profile directory as an oracle", () => {
  const names = readdirSync(DIRECTORY_FIXTURES);
  let reason = "";
  const verdicts = new Map<string, OracleVerdict>();
  beforeAll(async () => {
    const found = ensureClaudeCode();
    if (!found.ok) {
      reason = found.reason;
      return;
    }
    for (const name of names)
      verdicts.set(
        name,
        await claudeValidate(found.bin, path.join(DIRECTORY_FIXTURES, name), ["--profile", "directory"]),
      );
  }, 600_000);

  it.for(names)("agrees on %s with the claude-plugin-directory profile", async (name, ctx) => {
    const oracle = verdicts.get(name);
    if (!oracle) skipBecause(ctx, reason);
    expect([0, 1], `claude plugin validate exited ${oracle.status}:\n${oracle.output}`).toContain(oracle.status);
    const dir = path.join(DIRECTORY_FIXTURES, name);
    const { targets } = await findTargets(dir);
    const ours = await validateTarget(
      targets.find((t) => t.path === dir)!,
      "claude-plugin-directory",
    );
    const errors = ours.diagnostics.filter((d) => d.severity === "error").map((d) => d.code);
    expect(ours.valid, `Claude Code said:\n${oracle.output}\nSkillshelf's errors: ${errors.join(", ") || "none"}`).toBe(
      oracle.status === 0,
    );
  });
});

describe("the skill keys Claude Code's own schema reads", () => {
  it("are never an error in a Claude Code plugin's skill (the list is read from the program, not kept by hand)", async (ctx) => {
    const found = ensureClaudeCode();
    if (!found.ok) skipBecause(ctx, found.reason);
    const keys = await claudeCodeSkillKeys(found.bin);
    if (!keys)
      throw new Error("Claude Code's SKILL.md schema was not found in the program: update claudeCodeSkillKeys.");
    expect(keys).toEqual(expect.arrayContaining(["when_to_use", "disallowed-tools", "improved_by"]));
    const tmp = await makeTempDir("skillshelf-oracle-keys-");
    try {
      const files: Record<string, string> = {
        ".claude-plugin/plugin.json": JSON.stringify({ name: "keys", version: "1.0.0" }),
      };
      const own = keys.filter((key) => key !== "name" && key !== "description");
      // `shell` takes one of Claude Code's words and `metadata` the specification's mapping; any other key plain text.
      const value = (key: string) => (key === "shell" ? "bash" : key === "metadata" ? "{ owner: tests }" : "x");
      for (const key of own)
        files[`skills/${key.toLowerCase().replace(/_/g, "-")}/SKILL.md`] =
          `---\nname: ${key.toLowerCase().replace(/_/g, "-")}\ndescription: Uses ${key}.\n${key}: ${value(key)}\n---\nDo it.\n`;
      await writeTree(tmp.dir, files);
      const { targets } = await findTargets(tmp.dir);
      const result = await validateTarget(
        targets.find((t) => t.path === tmp.dir)!,
        "agent-skills",
      );
      const errors = result.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code}: ${d.message}`);
      expect(errors).toEqual([]);
    } finally {
      await tmp.cleanup();
    }
  }, 300_000);
});
