// Codex's [[skills.config]] switches read from config.toml text: name and path selectors, the last one winning,
// and nothing applied where an entry cannot be read.
import { describe, expect, it } from "vitest";
import { codexEnabled, parseCodexSkillConfig } from "./codex-config";

describe("parseCodexSkillConfig", () => {
  it("reads every [[skills.config]] entry in order and skips other tables", () => {
    const text = [
      'model = "o3"',
      "[skills]",
      "include_instructions = true",
      "[[skills.config]]",
      'path = "/h/.agents/skills/pdf/SKILL.md"',
      "enabled = false",
      "",
      "[[skills.config]]",
      "name = 'docs'  # literal string",
      "enabled = false",
      "[[skills.config]]",
      'name = "docs"',
      "enabled = true",
      "[mcp_servers.x]",
      'command = "y"',
    ].join("\r\n");
    const config = parseCodexSkillConfig(text);
    expect(config.problem).toBeNull();
    expect(config.rules).toEqual([
      { path: "/h/.agents/skills/pdf/SKILL.md", enabled: false },
      { name: "docs", enabled: false },
      { name: "docs", enabled: true },
    ]);
    expect(codexEnabled(config.rules, "docs", [])).toBe(true);
    expect(codexEnabled(config.rules, "pdf", ["/h/.agents/skills/pdf/SKILL.md"])).toBe(false);
    expect(codexEnabled(config.rules, "pdf", ["/elsewhere/pdf/SKILL.md"])).toBe(true);
  });

  it("applies nothing when an entry, or the inline form, cannot be read", () => {
    for (const text of [
      '[[skills.config]]\nname = "a"\nenabled = "no"',
      "[[skills.config]]\nenabled = false",
      '[[skills.config]]\nname = """a"""\nenabled = false',
      'skills.config = [{ name = "a", enabled = false }]',
      '[skills]\nconfig = [{ name = "a", enabled = false }]',
    ]) {
      const config = parseCodexSkillConfig(text);
      expect(config.rules).toEqual([]);
      expect(config.problem).toMatch(/no Codex switch is applied/);
    }
  });
});
