// The typed schema checks the rest of the engine uses: ok with the value, or the failing paths in plain words.
import { describe, expect, it } from "vitest";
import { validateMcpConfig, validatePluginManifest, validateSkillMeta } from "./schemas";

describe("schema checks", () => {
  it("validateSkillMeta returns the typed response when it passes", () => {
    const response = {
      protocol_version: 1,
      skill_version_latest: "2.0.0",
      client_detected: "codex",
      update_doc_url: "https://d.example",
    };
    const result = validateSkillMeta(response);
    expect(result).toEqual({ ok: true, value: response, errors: [] });
  });

  it("validateSkillMeta names every failing path and keyword", () => {
    const result = validateSkillMeta({
      protocol_version: 1,
      skill_version_latest: "v2",
      client_detected: "Codex",
      update_command: "x",
    });
    expect(result.ok).toBe(false);
    const found = result.errors.map((e) => `${e.path} ${e.keyword}`);
    expect(found).toEqual(
      expect.arrayContaining([
        "/skill_version_latest pattern",
        "/client_detected pattern",
        " required",
        " dependentRequired",
      ]),
    );
    for (const e of result.errors) expect(e.message.length).toBeGreaterThan(0);
  });

  it("validatePluginManifest and validateMcpConfig check the closed 1.0.0 documents", () => {
    expect(
      validatePluginManifest({ $schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json", name: "x" }).ok,
    ).toBe(true);
    expect(
      validatePluginManifest({
        $schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json",
        name: "x",
        skills: [],
      }).errors[0]?.keyword,
    ).toBe("additionalProperties");
    expect(
      validateMcpConfig({ $schema: "https://agent-plugins.org/schemas/1.0.0/mcp.schema.json", mcpServers: {} }).ok,
    ).toBe(true);
    const bad = validateMcpConfig({
      $schema: "https://agent-plugins.org/schemas/1.0.0/mcp.schema.json",
      mcpServers: { s: { type: "stdio" } },
    });
    expect(bad.errors.some((e) => e.path === "/mcpServers/s" && e.keyword === "required")).toBe(true);
  });

  it("gives the same answer on repeated calls (compiled once)", () => {
    for (let i = 0; i < 3; i++) expect(validateMcpConfig([]).ok).toBe(false);
  });
});
