// Claude Code's own rules on small fixtures (fixtures/claude-code/): what `claude plugin validate` errors on is an
// error here, what it accepts is valid, and what Claude Code reads (skill keys, agents, commands, hooks) is checked.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { findTargets } from "../skill/targets";
import { validateTarget, type TargetResult } from "../validate-target";

const FIXTURES = fileURLToPath(new URL("./fixtures/claude-code/", import.meta.url));
const at = (name: string) => path.join(FIXTURES, name);

async function validateAll(name: string): Promise<TargetResult[]> {
  const { targets } = await findTargets(at(name));
  return Promise.all(targets.map((t) => validateTarget(t, "agent-skills")));
}

async function one(name: string): Promise<TargetResult> {
  const results = await validateAll(name);
  expect(results).toHaveLength(1);
  return results[0]!;
}

const codesOf = (r: TargetResult, severity?: string) =>
  r.diagnostics.filter((d) => severity === undefined || d.severity === severity).map((d) => d.code);

describe("skills Claude Code reads", () => {
  it("accept Claude Code's own keys in a plugin's skill, with one note naming them", async () => {
    const r = await one("skill-keys");
    expect(r.valid).toBe(true);
    expect(codesOf(r, "error")).toEqual([]);
    expect(codesOf(r, "warning")).toEqual([]);
    const note = r.diagnostics.find((d) => d.code === "skill.claude-code.keys")!;
    expect(note.severity).toBe("info");
    for (const key of ["argument-hint", "user-invocable", "disable-model-invocation", "when_to_use", "effort", "model"])
      expect(note.message).toContain(`"${key}"`);
  });

  it("warn about a Claude Code key of the wrong type, without making the plugin invalid", async () => {
    const r = await one("skill-keys-mistyped");
    expect(r.valid).toBe(true);
    expect(codesOf(r, "warning").sort()).toEqual(["skill.claude-code.type", "skill.claude-code.type"]);
    expect(r.diagnostics.map((d) => d.message).join("\n")).toMatch(/`user-invocable` is the text "yes"/);
  });

  it("accept the keys in a project's .claude/skills, and still refuse them in any other folder", async () => {
    const results = await validateAll("project");
    const byPath = new Map(results.map((r) => [path.relative(at("project"), r.path), r]));
    expect(byPath.get(path.join(".claude", "skills", "review"))?.valid).toBe(true);
    expect(codesOf(byPath.get(path.join(".claude", "skills", "review"))!)).toEqual(["skill.claude-code.keys"]);
    const other = byPath.get(path.join("other-skills", "review"))!;
    expect(other.valid).toBe(false);
    expect(codesOf(other, "error")).toEqual(["skill.field.unexpected"]);
  });
});

describe("Claude Code 2.1.332's new skill keys, without the oracle", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  /** Validates one skill whose frontmatter adds `extra`, as a Claude Code plugin's skill and as a project's. */
  async function inClaudeCode(extra: string): Promise<TargetResult[]> {
    const made = await makeTempDir("skillshelf-claude-keys-");
    cleanups.push(made.cleanup);
    const skill = `---\nname: review\ndescription: Does review when asked.\n${extra}\n---\nDo it.\n`;
    await writeTree(made.dir, {
      "plugin/.claude-plugin/plugin.json": JSON.stringify({ name: "keys", version: "1.0.0" }),
      "plugin/skills/review/SKILL.md": skill,
      "project/.claude/skills/review/SKILL.md": skill,
    });
    const plugin = await findTargets(path.join(made.dir, "plugin"));
    const project = await findTargets(path.join(made.dir, "project", ".claude", "skills", "review"));
    return Promise.all([...plugin.targets, ...project.targets].map((t) => validateTarget(t, "agent-skills")));
  }

  it.each([
    ["disallowed-tools", "disallowed-tools: Bash"],
    ["disallowedTools", "disallowedTools:\n  - WebFetch"],
    ["background", "background: true"],
    ["fallback", "fallback: true"],
    ["created_by", "created_by: dream-proposal"],
    ["improved_by", "improved_by: dream-proposal"],
  ])("never make %s an error in a Claude Code context, and name it in the note", async (key, line) => {
    const results = await inClaudeCode(line);
    expect(results).toHaveLength(2);
    for (const r of results) {
      expect(codesOf(r, "error"), r.path).toEqual([]);
      expect(r.valid).toBe(true);
      expect(r.diagnostics.find((d) => d.code === "skill.claude-code.keys")?.message).toContain(`"${key}"`);
    }
  });

  it("make `shell: zsh` an error, as Claude Code does, and accept bash and powershell", async () => {
    for (const r of await inClaudeCode("shell: zsh")) {
      expect(codesOf(r, "error")).toEqual(["skill.claude-code.invalid"]);
      expect(r.valid).toBe(false);
    }
    for (const shell of ["bash", "powershell"])
      for (const r of await inClaudeCode(`shell: ${shell}`)) expect(codesOf(r, "error")).toEqual([]);
  });

  it("on the fixtures the oracle checks too", async () => {
    const current = await one("skill-keys-current");
    expect(codesOf(current, "error")).toEqual([]);
    const zsh = await one("skill-shell-zsh");
    expect(codesOf(zsh, "error")).toEqual(["skill.claude-code.invalid"]);
  });
});

describe("agents and commands", () => {
  it("warn about frontmatter that is not YAML (Claude Code 2.1.332 passes it), in agents/ and commands/ below it", async () => {
    const agent = await one("agent-yaml-broken");
    expect(codesOf(agent, "warning")).toEqual(["claude-plugin.frontmatter.yaml"]);
    expect(agent.valid).toBe(true);
    expect(agent.diagnostics[0]!.file).toBe(at("agent-yaml-broken/agents/reviewer.md"));
    const command = await one("command-yaml-broken");
    expect(codesOf(command, "warning")).toEqual(["claude-plugin.frontmatter.yaml"]);
    expect(command.diagnostics[0]!.file).toBe(at("command-yaml-broken/commands/git/commit.md"));
  });

  it("refuse the field types claude plugin validate refuses (an agent's name as a number, allowed-tools as a number)", async () => {
    const agent = await one("agent-name-number");
    expect(codesOf(agent, "error")).toEqual(["claude-plugin.frontmatter.invalid"]);
    expect(agent.diagnostics[0]!.message).toMatch(/`name` is a number/);
    const command = await one("command-allowed-tools-number");
    expect(codesOf(command, "error")).toEqual(["claude-plugin.frontmatter.invalid"]);
    expect(command.diagnostics[0]!.message).toMatch(/`allowed-tools` is a number/);
  });

  it("accept well-formed agents and commands, a command without frontmatter included", async () => {
    const r = await one("agent-valid");
    expect(r.valid).toBe(true);
    expect(codesOf(r).filter((c) => c !== "plugin.manifest.claude-format")).toEqual([]);
  });
});

describe("hooks", () => {
  it("warn about an unknown event (PreToolUses; ignored at runtime), in hooks.json and inline, suggesting the real one", async () => {
    const file = await one("hooks-unknown-event");
    expect(codesOf(file, "warning")).toEqual(["claude-plugin.hooks.invalid"]);
    expect(file.valid).toBe(true);
    expect(file.diagnostics[0]!.message).toMatch(/"PreToolUses" is not a hook event/);
    expect(file.diagnostics[0]!.fix).toBe('Use "PreToolUse".');
    expect(file.diagnostics[0]!.line).toBe(3);
    const inline = await one("hooks-inline-unknown-event");
    expect(codesOf(inline, "warning")).toEqual(["claude-plugin.hooks.invalid"]);
    expect(inline.diagnostics[0]!.file).toBe(at("hooks-inline-unknown-event/.claude-plugin/plugin.json"));
  });

  it("warn about an event that is a string, and a command hook without its command", async () => {
    const text = await one("hooks-event-string");
    expect(text.diagnostics.find((d) => d.severity === "warning")?.message).toMatch(
      /"hooks.PostToolUse" must be a list of matchers, but it is a string/,
    );
    const bare = await one("hooks-missing-command");
    expect(bare.diagnostics.find((d) => d.severity === "warning")?.message).toMatch(
      /"hooks.Stop\[0\].hooks\[0\].command" is missing/,
    );
  });

  it("accept command and prompt hooks with matchers and a timeout", async () => {
    const r = await one("hooks-valid");
    expect(r.valid).toBe(true);
    expect(codesOf(r, "error")).toEqual([]);
  });
});

describe("where claude plugin validate errors, so does Skillshelf", () => {
  it("refuses a plugin name with spaces (the manifest is refused, so the plugin does not load)", async () => {
    const r = await one("name-spaces");
    expect(codesOf(r, "error")).toEqual(["claude-plugin.name.spaces"]);
    expect(r.loads).toBe(false);
    expect(r.diagnostics[0]!.fix).toBe('Use "my-tools".');
  });

  it("refuses a component path the manifest lists that does not exist, and skills naming a file", async () => {
    expect(codesOf(await one("path-missing"), "error")).toEqual(["claude-plugin.path.missing"]);
    const file = await one("skills-file");
    expect(codesOf(file, "error")).toEqual(["claude-plugin.skills.file"]);
    expect(file.diagnostics.find((d) => d.code === "claude-plugin.skills.file")?.fix).toBe(
      'Point at the folder: "./skills/review".',
    );
  });

  it("refuses a marketplace name with spaces, and only warns when an entry's version differs from plugin.json", async () => {
    const spaces = (await validateAll("marketplace-name-spaces")).find((r) => r.kind === "marketplace")!;
    expect(codesOf(spaces, "error")).toEqual(["marketplace.name.spaces"]);
    const mismatch = (await validateAll("marketplace-version-mismatch")).find((r) => r.kind === "marketplace")!;
    expect(mismatch.valid).toBe(true);
    expect(codesOf(mismatch, "warning")).toEqual(["marketplace.entry.version-mismatch"]);
    expect(mismatch.diagnostics[0]!.message).toMatch(/says version "2.0.0" but its plugin.json says "1.0.0"/);
  });

  it("keeps its error for a marketplace source folder that does not exist (stricter on purpose)", async () => {
    const r = (await validateAll("marketplace-source-missing")).find((x) => x.kind === "marketplace")!;
    expect(codesOf(r, "error")).toEqual(["marketplace.entry.source-missing"]);
  });
});

describe("a plugin's skills/ folder", () => {
  it("does not count a folder holding only a lowercase skill.md as a skill, and keeps the warning", async () => {
    const r = await one("lowercase-skill-md");
    expect(r.skills?.map((s) => s.name)).toEqual(["good"]);
    expect(codesOf(r, "warning")).toEqual(["claude-plugin.skills.file-case"]);
  });
});

describe("a marketplace is found whatever sits at its root", () => {
  const summary = (results: TargetResult[], root: string) =>
    results.map((r) => `${r.kind} ${path.relative(root, r.path) || "."} ${r.valid ? "valid" : "invalid"}`).sort();

  it("beside a root plugin.json without $schema: the marketplace and every plugin it lists, no Agent Plugin", async () => {
    const root = at("marketplace-root-plugin-json");
    expect(summary(await validateAll("marketplace-root-plugin-json"), root)).toEqual([
      "marketplace . valid",
      `plugin ${path.join("plugins", "alpha")} valid`,
      `plugin ${path.join("plugins", "beta")} valid`,
      `plugin ${path.join("plugins", "gamma")} valid`,
    ]);
  });

  it("beside a root SKILL.md: the skill, the marketplace and its plugins", async () => {
    const root = at("marketplace-root-skill");
    const expected = [
      "marketplace . valid",
      `plugin ${path.join("plugins", "alpha")} valid`,
      `plugin ${path.join("plugins", "beta")} valid`,
      "skill . valid",
    ];
    expect(summary(await validateAll("marketplace-root-skill"), root)).toEqual(expected);
  });

  it("from the .claude-plugin folder or its marketplace.json, as from the marketplace root", async () => {
    const root = at("marketplace-root-skill");
    for (const sub of [".claude-plugin", path.join(".claude-plugin", "marketplace.json")]) {
      const results = await validateAll(path.join("marketplace-root-skill", sub));
      expect(summary(results, root)).toContain("marketplace . valid");
      expect(results.filter((r) => r.kind === "plugin")).toHaveLength(2);
    }
  });
});
