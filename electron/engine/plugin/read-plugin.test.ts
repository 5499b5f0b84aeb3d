// Every plugin-level code of RULES.md: a fixture that triggers it, a near miss that does not, and the failure level.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Severity } from "../../../shared/model";
import { readPlugin } from "./read-plugin";
import type { PluginReport } from "./types";

const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));
const fixture = (name: string): string => path.join(FIXTURES, name);

/** What a client does with the plugin after the finding (spec §11 failure levels). */
type Level = "fatal" | "component-invalid" | "report-and-ignore";

interface CodeCase {
  code: string;
  severity: Severity;
  level: Level;
  triggers: string[];
  nearMisses: string[];
}

const CASES: CodeCase[] = [
  // A folder with .claude-plugin/plugin.json and no plugin.json is a Claude Code plugin that loads (claude-plugin.test.ts),
  // with one note on how it would convert, never an Agent Plugin missing its manifest.
  {
    code: "plugin.manifest.missing",
    severity: "error",
    level: "fatal",
    triggers: ["manifest-missing", "manifest-wrong-case"],
    nearMisses: ["good", "claude-and-root", "claude-format"],
  },
  {
    code: "plugin.manifest.claude-format",
    severity: "info",
    level: "report-and-ignore",
    triggers: ["claude-format"],
    nearMisses: ["claude-and-root", "manifest-missing"],
  },
  {
    code: "plugin.manifest.json",
    severity: "error",
    level: "fatal",
    triggers: ["manifest-not-json", "manifest-array", "manifest-empty"],
    nearMisses: ["good", "minimal"],
  },
  {
    code: "plugin.manifest.schema",
    severity: "error",
    level: "fatal",
    triggers: ["manifest-no-schema", "manifest-schema-2", "manifest-schema-mcp", "manifest-schema-http"],
    nearMisses: ["good", "minimal"],
  },
  {
    code: "plugin.manifest.unknown-field",
    severity: "warning",
    level: "report-and-ignore",
    triggers: ["unknown-fields"],
    nearMisses: ["good", "minimal"],
  },
  {
    code: "plugin.manifest.type",
    severity: "error",
    level: "fatal",
    triggers: [
      "type-repository",
      "type-author-extra",
      "type-author-string",
      "type-author-number",
      "type-keywords",
      "type-keyword-item",
      "type-version",
      "type-description",
      "type-extension-member",
    ],
    nearMisses: ["good", "loose-metadata"],
  },
  {
    code: "plugin.name.invalid",
    severity: "error",
    level: "fatal",
    triggers: [
      "name-uppercase",
      "name-double-hyphen",
      "name-double-dot",
      "name-leading-hyphen",
      "name-empty",
      "name-too-long",
      "name-number",
      "name-missing",
    ],
    nearMisses: ["name-periods", "name-max-length", "name-other-folder", "minimal"],
  },
  {
    code: "plugin.extensions.type",
    severity: "warning",
    level: "report-and-ignore",
    triggers: ["extensions-list", "extensions-null"],
    nearMisses: ["good"],
  },
  {
    code: "plugin.version.semver",
    severity: "info",
    level: "report-and-ignore",
    triggers: ["version-not-semver", "version-two-parts"],
    nearMisses: ["good"],
  },
  {
    code: "plugin.skills.not-dir",
    severity: "error",
    level: "component-invalid",
    triggers: ["skills-file"],
    nearMisses: ["good", "minimal"],
  },
  {
    code: "plugin.mcp.json",
    severity: "error",
    level: "component-invalid",
    triggers: ["mcp-not-json", "mcp-array", "mcp-folder"],
    nearMisses: ["good", "mcp-empty-servers"],
  },
  // An mcp.json naming another version's schema is not the 1.0.0 identifier (plugin.mcp.schema); plugin.mcp.version-mismatch
  // is kept for a supported version that differs from plugin.json's, which cannot happen while 1.0.0 is the only one.
  {
    code: "plugin.mcp.schema",
    severity: "error",
    level: "component-invalid",
    triggers: ["mcp-no-schema", "mcp-plugin-schema", "mcp-other-version"],
    nearMisses: ["good", "mcp-empty-servers"],
  },
  {
    code: "plugin.mcp.top-level",
    severity: "error",
    level: "component-invalid",
    triggers: ["mcp-extra-top-level", "mcp-servers-list", "mcp-servers-missing"],
    nearMisses: ["good", "mcp-empty-servers"],
  },
];

const codes = (report: PluginReport): string[] => report.diagnostics.map((d) => d.code);

describe.each(CASES)("$code", ({ code, severity, level, triggers, nearMisses }) => {
  it.each(triggers)("is reported for fixtures/%s, at its severity and failure level", async (name) => {
    const report = await readPlugin(fixture(name));
    const found = report.diagnostics.filter((d) => d.code === code);
    expect(found.length, JSON.stringify(report.diagnostics, null, 1)).toBeGreaterThan(0);
    for (const d of found) {
      expect(d.severity).toBe(severity);
      expect(path.isAbsolute(d.file)).toBe(true);
      expect(d.file.startsWith(fixture(name))).toBe(true);
      expect(d.message.length).toBeGreaterThan(10);
      if (d.severity === "error") expect(d.fix).toBeTruthy();
    }
    expect(report.loads).toBe(level !== "fatal");
    if (level === "fatal") {
      expect(report.skills).toEqual([]);
      expect(report.mcpServers).toEqual([]);
    }
    if (severity === "error") expect(report.valid).toBe(false);
  });
  it.each(nearMisses)("is not reported for fixtures/%s", async (name) => {
    const report = await readPlugin(fixture(name));
    expect(codes(report)).not.toContain(code);
  });
});

describe("valid fixtures", () => {
  it.each([
    "good",
    "minimal",
    "name-periods",
    "name-max-length",
    "name-other-folder",
    "loose-metadata",
    "mcp-empty-servers",
    "claude-and-root",
  ])("fixtures/%s is valid and loads", async (name) => {
    const report = await readPlugin(fixture(name));
    expect(report.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    expect(report.valid).toBe(true);
    expect(report.loads).toBe(true);
  });

  it("reads the complete plugin: name, version, manifest, skills and servers", async () => {
    const report = await readPlugin(fixture("good"));
    expect(report.name).toBe("demo-plugin");
    expect(report.version).toBe("1.2.0");
    expect(report.manifest?.license).toBe("MIT");
    expect(report.skills.map((s) => s.name).sort()).toEqual(["goodbye", "hello"]);
    expect(report.mcpServers).toEqual([
      { name: "local", type: "stdio", valid: true, command: "./bin/server" },
      { name: "bare", type: "stdio", valid: true, command: "node" },
      { name: "remote", type: "streamable-http", valid: true, url: "https://mcp.example.com/mcp" },
      { name: "legacy", type: "sse", valid: true, url: "http://127.0.0.1:8080/sse" },
    ]);
  });

  it("uses the folder's name when the manifest has none", async () => {
    const report = await readPlugin(fixture("manifest-missing"));
    expect(report.name).toBe("manifest-missing");
    expect(report.manifest).toBeNull();
  });
});

describe("diagnostic positions", () => {
  const lineOf = (file: string, needle: string): number =>
    readFileSync(file, "utf8")
      .split("\n")
      .findIndex((l) => l.includes(needle)) + 1;

  it("points unknown fields at their key's line", async () => {
    const report = await readPlugin(fixture("unknown-fields"));
    const file = path.join(fixture("unknown-fields"), "plugin.json");
    const lines = report.diagnostics.filter((d) => d.code === "plugin.manifest.unknown-field").map((d) => d.line);
    expect(lines.sort()).toEqual(
      [
        lineOf(file, '"skills"'),
        lineOf(file, '"mcpServers"'),
        lineOf(file, '"com.example.flag"'),
        lineOf(file, '"constructor"'),
      ].sort(),
    );
  });

  it("points a nested wrong type at the nested key", async () => {
    const report = await readPlugin(fixture("type-author-extra"));
    const d = report.diagnostics.find((x) => x.code === "plugin.manifest.type");
    expect(d?.line).toBe(lineOf(path.join(fixture("type-author-extra"), "plugin.json"), '"twitter"'));
  });

  it("points a JSON syntax error at the offending line", async () => {
    const report = await readPlugin(fixture("manifest-not-json"));
    const d = report.diagnostics.find((x) => x.code === "plugin.manifest.json");
    expect(d?.line).toBe(4);
  });

  it("points mcp.json top-level problems at their key", async () => {
    const report = await readPlugin(fixture("mcp-extra-top-level"));
    const d = report.diagnostics.find((x) => x.code === "plugin.mcp.top-level");
    expect(d?.line).toBe(lineOf(path.join(fixture("mcp-extra-top-level"), "mcp.json"), '"servers"'));
  });
});

describe("recovery", () => {
  it("one bad skill among good ones: the good ones load, the plugin loads but is not valid", async () => {
    const report = await readPlugin(fixture("skills-mixed"));
    expect(report.loads).toBe(true);
    expect(report.valid).toBe(false);
    const byDir = Object.fromEntries(report.skills.map((s) => [path.basename(s.dir), s]));
    expect(Object.keys(byDir).sort()).toEqual(["alpha", "beta", "broken"]);
    expect(byDir.alpha?.valid).toBe(true);
    expect(byDir.beta?.valid).toBe(true);
    expect(byDir.broken?.valid).toBe(false);
    expect(byDir.broken?.diagnostics.some((d) => d.severity === "error")).toBe(true);
  });

  it("never searches below skills/NAME/, ignores loose files and folders without SKILL.md, and says why skills/NAME/skill.md is not loaded", async () => {
    const report = await readPlugin(fixture("skills-mixed"));
    const dirs = report.skills.map((s) => path.relative(fixture("skills-mixed"), s.dir));
    expect(dirs).not.toContain(path.join("skills", "group", "nested"));
    expect(dirs).not.toContain(path.join("skills", "lowercase"));
    expect(dirs).not.toContain(path.join("skills", "empty-folder"));
    expect(report.diagnostics.map((d) => [d.code, path.relative(fixture("skills-mixed"), d.file)])).toEqual([
      ["plugin.skills.file-case", path.join("skills", "lowercase", "skill.md")],
    ]);
  });

  it("a broken mcp.json disables MCP while the skills still load", async () => {
    const report = await readPlugin(fixture("mcp-not-json"));
    expect(report.loads).toBe(true);
    expect(report.mcpServers).toEqual([]);
    expect(report.skills.map((s) => s.name)).toEqual(["hello"]);
    expect(report.skills[0]?.valid).toBe(true);
  });

  it("a skills file disables skills while MCP still loads", async () => {
    const report = await readPlugin(fixture("skills-file"));
    expect(report.skills).toEqual([]);
    expect(report.mcpServers.map((s) => [s.name, s.valid])).toEqual([["remote", true]]);
  });

  it("unknown manifest fields are reported and ignored: inline components are not read", async () => {
    const report = await readPlugin(fixture("unknown-fields"));
    expect(report.loads).toBe(true);
    expect(report.valid).toBe(true);
    expect(report.mcpServers).toEqual([]);
    expect(report.skills.map((s) => s.name)).toEqual(["hello"]);
    expect(report.manifest).toHaveProperty("mcpServers");
  });

  it("a fatal manifest discovers no components at all", async () => {
    const report = await readPlugin(fixture("type-repository"));
    expect(report.loads).toBe(false);
    expect(report.skills).toEqual([]);
  });
});
