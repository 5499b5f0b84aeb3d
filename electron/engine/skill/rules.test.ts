// Every Agent Skills and Claude Desktop code of RULES.md: a fixture that triggers it and a near miss that does not.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Profile, Severity } from "../../../shared/model";
import { readSkill } from "./read-skill";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
const A64 = "a".repeat(64);
const A65 = "a".repeat(65);

interface Row {
  code: string;
  severity: Severity;
  trigger: string;
  near: string;
  profile?: Profile;
  /** The SKILL.md line the finding must name, when it names one. */
  line?: number;
}

const rows: Row[] = [
  { code: "skill.missing-file", severity: "error", trigger: "missing-file", near: "valid-minimal" },
  { code: "skill.missing-file", severity: "error", trigger: "file-case-variant", near: "file-case-lowercase" },
  { code: "skill.file-case", severity: "warning", trigger: "file-case-lowercase", near: "valid-minimal" },
  {
    code: "skill.frontmatter.missing",
    severity: "error",
    trigger: "frontmatter-missing",
    near: "valid-minimal",
    line: 1,
  },
  {
    code: "skill.frontmatter.unclosed",
    severity: "error",
    trigger: "frontmatter-unclosed",
    near: "valid-minimal",
    line: 1,
  },
  {
    code: "skill.frontmatter.dashes",
    severity: "warning",
    trigger: "frontmatter-dashes",
    near: "frontmatter-dashes-near",
    line: 3,
  },
  {
    code: "skill.frontmatter.yaml",
    severity: "error",
    trigger: "frontmatter-duplicate-key",
    near: "valid-minimal",
    line: 4,
  },
  {
    code: "skill.frontmatter.yaml",
    severity: "error",
    trigger: "frontmatter-tab-indent",
    near: "frontmatter-block-style",
    line: 5,
  },
  {
    code: "skill.frontmatter.yaml-style",
    severity: "warning",
    trigger: "frontmatter-flow-style",
    near: "frontmatter-block-style",
    line: 4,
  },
  {
    code: "skill.frontmatter.yaml-style",
    severity: "warning",
    trigger: "frontmatter-anchor-alias",
    near: "frontmatter-block-style",
  },
  {
    code: "skill.frontmatter.yaml-style",
    severity: "warning",
    trigger: "frontmatter-tag",
    near: "valid-full",
    line: 4,
  },
  {
    code: "skill.frontmatter.not-mapping",
    severity: "error",
    trigger: "frontmatter-list",
    near: "valid-minimal",
    line: 2,
  },
  { code: "skill.frontmatter.not-mapping", severity: "error", trigger: "frontmatter-empty", near: "valid-minimal" },
  { code: "skill.frontmatter.not-mapping", severity: "error", trigger: "frontmatter-scalar", near: "valid-minimal" },
  {
    code: "skill.field.unexpected",
    severity: "error",
    trigger: "field-unexpected",
    near: "field-under-metadata",
    line: 4,
  },
  { code: "skill.name.missing", severity: "error", trigger: "name-missing", near: "valid-minimal" },
  { code: "skill.name.empty", severity: "error", trigger: "name-empty", near: "valid-minimal", line: 2 },
  { code: "skill.name.empty", severity: "error", trigger: "name-list", near: "123" },
  { code: "skill.name.too-long", severity: "error", trigger: A65, near: A64, line: 2 },
  { code: "skill.name.uppercase", severity: "error", trigger: "name-uppercase", near: "valid-minimal", line: 2 },
  { code: "skill.name.hyphen-edge", severity: "error", trigger: "name-hyphen-edge", near: "valid-minimal", line: 2 },
  {
    code: "skill.name.double-hyphen",
    severity: "error",
    trigger: "name-double-hyphen",
    near: "valid-minimal",
    line: 2,
  },
  { code: "skill.name.invalid-chars", severity: "error", trigger: "name-invalid-chars", near: "café-notes", line: 2 },
  { code: "skill.name.dir-mismatch", severity: "error", trigger: "name-dir-mismatch", near: "pdf", line: 2 },
  { code: "skill.name.non-ascii", severity: "warning", trigger: "café-notes", near: "pdf", line: 2 },
  { code: "skill.description.missing", severity: "error", trigger: "description-missing", near: "valid-minimal" },
  { code: "skill.description.empty", severity: "error", trigger: "description-empty", near: "valid-minimal", line: 3 },
  {
    code: "skill.description.empty",
    severity: "error",
    trigger: "description-mapping",
    near: "valid-minimal",
    line: 3,
  },
  {
    code: "skill.description.too-long",
    severity: "error",
    trigger: "description-too-long",
    near: "description-1024-astral",
    line: 3,
  },
  { code: "skill.compatibility.type", severity: "error", trigger: "compatibility-list", near: "valid-full", line: 4 },
  {
    code: "skill.compatibility.too-long",
    severity: "error",
    trigger: "compatibility-too-long",
    near: "compatibility-500",
    line: 4,
  },
  {
    code: "skill.compatibility.empty",
    severity: "warning",
    trigger: "compatibility-empty",
    near: "valid-full",
    line: 4,
  },
  { code: "skill.metadata.type", severity: "error", trigger: "metadata-scalar", near: "valid-full", line: 4 },
  { code: "skill.metadata.value", severity: "warning", trigger: "metadata-nested", near: "valid-full", line: 6 },
  { code: "skill.license.type", severity: "warning", trigger: "license-list", near: "valid-full", line: 4 },
  { code: "skill.allowed-tools.type", severity: "warning", trigger: "allowed-tools-list", near: "valid-full", line: 4 },
  {
    code: "skill.allowed-tools.type",
    severity: "warning",
    trigger: "allowed-tools-empty",
    near: "valid-full",
    line: 4,
  },
  { code: "skill.body.empty", severity: "warning", trigger: "body-empty", near: "valid-minimal", line: 5 },
  { code: "skill.ref.missing", severity: "warning", trigger: "ref-missing", near: "ref-present", line: 6 },
  { code: "skill.ref.missing", severity: "warning", trigger: "ref-missing", near: "ref-in-code", line: 6 },
  { code: "skill.ref.outside", severity: "error", trigger: "ref-outside", near: "ref-in-code", line: 6 },
  { code: "skill.ref.chain", severity: "info", trigger: "ref-chain", near: "ref-chain-near", line: 6 },
  { code: "skill.ref.path-missing", severity: "warning", trigger: "ref-path-missing", near: "ref-path-near", line: 6 },
  { code: "skill.ref.path-missing", severity: "warning", trigger: "ref-path-missing", near: "valid-full", line: 6 },
  {
    code: "desktop.name.reserved",
    severity: "error",
    trigger: "claude-helper",
    near: "cloud-helper",
    profile: "claude-desktop",
    line: 2,
  },
  {
    code: "desktop.name.charset",
    severity: "error",
    trigger: "café-notes",
    near: "valid-minimal",
    profile: "claude-desktop",
    line: 2,
  },
  { code: "desktop.name.charset", severity: "error", trigger: "pdf", near: "123", profile: "claude-desktop", line: 2 },
  {
    code: "desktop.name.xml",
    severity: "error",
    trigger: "desktop-name-xml",
    near: "valid-minimal",
    profile: "claude-desktop",
    line: 2,
  },
  {
    code: "desktop.description.xml",
    severity: "error",
    trigger: "desktop-description-xml",
    near: "desktop-description-plain",
    profile: "claude-desktop",
    line: 3,
  },
  {
    code: "desktop.description.length",
    severity: "warning",
    trigger: "desktop-description-long",
    near: "desktop-description-plain",
    profile: "claude-desktop",
    line: 3,
  },
  {
    code: "desktop.allowed-tools.list",
    severity: "error",
    trigger: "allowed-tools-list",
    near: "valid-full",
    profile: "claude-desktop",
    line: 4,
  },
];

describe.each(rows)("$code ($trigger vs $near)", (row) => {
  const profile = row.profile ?? "agent-skills";

  it("is reported by the trigger fixture, with its severity, file and line", async () => {
    const report = await readSkill(path.join(FIXTURES, row.trigger), { profile });
    const found = report.diagnostics.filter((d) => d.code === row.code);
    expect(found.length, JSON.stringify(report.diagnostics, null, 1)).toBeGreaterThan(0);
    for (const d of found) {
      expect(d.severity).toBe(row.severity);
      expect(d.message.length).toBeGreaterThan(10);
      expect(path.isAbsolute(d.file)).toBe(true);
      expect(d.file.startsWith(path.join(FIXTURES, row.trigger))).toBe(true);
    }
    if (row.line !== undefined) expect(found.map((d) => d.line)).toContain(row.line);
    if (row.severity === "error") expect(report.valid).toBe(false);
  });

  it("is not reported by the near miss", async () => {
    const report = await readSkill(path.join(FIXTURES, row.near), { profile });
    expect(report.diagnostics.map((d) => d.code)).not.toContain(row.code);
  });
});

describe("profiles", () => {
  it("reports no desktop.* code under the agent-skills profile", async () => {
    for (const fixture of [
      "claude-helper",
      "café-notes",
      "desktop-name-xml",
      "desktop-description-xml",
      "desktop-description-long",
      "allowed-tools-list",
    ]) {
      const report = await readSkill(path.join(FIXTURES, fixture));
      expect(report.diagnostics.filter((d) => d.code.startsWith("desktop."))).toEqual([]);
    }
  });

  it("accepts the valid fixtures in both profiles with no diagnostics at all", async () => {
    for (const profile of ["agent-skills", "claude-desktop"] as const) {
      for (const fixture of [
        "valid-minimal",
        "valid-full",
        "ref-present",
        "field-under-metadata",
        "123",
        A64,
        "cloud-helper",
        "ref-in-code",
        "frontmatter-block-style",
      ]) {
        const report = await readSkill(path.join(FIXTURES, fixture), { profile });
        expect({ fixture, profile, diagnostics: report.diagnostics }).toEqual({ fixture, profile, diagnostics: [] });
        expect(report.valid).toBe(true);
      }
    }
  });
});
