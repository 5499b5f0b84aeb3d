// `skillshelf validate` through the built bin: exit codes, one JSON document with --json, readable text, every kind of PATH.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeFile } from "node:fs/promises";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBin } from "../../../test-support/cli";
import { makeTempDir, writeTree } from "../../../test-support/tmp";

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../engine/skill/fixtures");
const fixture = (name: string) => path.join(FIXTURES, name);
const SKILL = (name: string, extra = "") =>
  `---\nname: ${name}\ndescription: A skill for CLI tests. Use it in tests.\n${extra}---\n\n# Steps\n\nDo it.\n`;

interface Result {
  path: string;
  kind: string;
  name: string;
  valid: boolean;
  diagnostics: Array<{ code: string; severity: string; file: string; line?: number; message: string }>;
}

/** Runs validate with --json and parses the single JSON document on stdout. */
async function validateJson(
  args: string[],
  cwd?: string,
): Promise<{ code: number; results: Result[]; stderr: string }> {
  const run = await runBin(["validate", ...args, "--json"], { cwd });
  const doc = JSON.parse(run.stdout) as { results: Result[] };
  expect(Object.keys(doc)).toEqual(["results"]);
  return { code: run.code, results: doc.results, stderr: run.stderr };
}

let tmp: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir: tmp, cleanup } = await makeTempDir("skillshelf-cli-validate-"));
  await writeTree(path.join(tmp, "folder-of-skills"), {
    "alpha/SKILL.md": SKILL("alpha"),
    "beta/SKILL.md": SKILL("beta", "author: me\n"),
    "not-a-skill/README.md": "nothing here",
  });
  await writeTree(path.join(tmp, "plugin"), {
    "plugin.json": JSON.stringify({
      $schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json",
      name: "demo-plugin",
      version: "1.0.0",
    }),
    "skills/good/SKILL.md": SKILL("good"),
    "skills/bad/SKILL.md": SKILL("Bad"),
  });
  await writeTree(path.join(tmp, "claude-plugin"), {
    ".claude-plugin/plugin.json": JSON.stringify({ name: "claude-style" }),
    "skills/one/SKILL.md": SKILL("one"),
  });
  await writeFile(path.join(tmp, "pdf.zip"), zipSync({ "pdf/SKILL.md": strToU8(SKILL("pdf")) }));
  await writeFile(path.join(tmp, "flat.skill"), zipSync({ "SKILL.md": strToU8(SKILL("claude-flat")) }));
});
afterAll(async () => cleanup());

describe("skillshelf validate --json", () => {
  it("exits 0 for a valid skill folder and prints the documented shape", async () => {
    const { code, results } = await validateJson([fixture("valid-full")]);
    expect(code).toBe(0);
    expect(results).toEqual([
      { path: fixture("valid-full"), kind: "skill", name: "valid-full", valid: true, diagnostics: [] },
    ]);
  });

  it("exits 1 when an error is found, with code, severity, file and line", async () => {
    const { code, results } = await validateJson([fixture("name-uppercase")]);
    expect(code).toBe(1);
    expect(results[0]!.valid).toBe(false);
    expect(results[0]!.diagnostics).toContainEqual(
      expect.objectContaining({
        code: "skill.name.uppercase",
        severity: "error",
        file: path.join(fixture("name-uppercase"), "SKILL.md"),
        line: 2,
      }),
    );
  });

  it("exits 0 when only warnings are found", async () => {
    const { code, results } = await validateJson([fixture("compatibility-empty")]);
    expect(code).toBe(0);
    expect(results[0]!.diagnostics.map((d) => d.code)).toEqual(["skill.compatibility.empty"]);
  });

  it("accepts a SKILL.md path, several paths, and a folder whose children are skills", async () => {
    const { results } = await validateJson([
      path.join(fixture("valid-minimal"), "SKILL.md"),
      path.join(tmp, "folder-of-skills"),
    ]);
    expect(results.map((r) => [r.kind, r.name, path.basename(r.path)])).toEqual([
      ["skill", "valid-minimal", "SKILL.md"],
      ["skill", "alpha", "alpha"],
      ["skill", "beta", "beta"],
    ]);
    expect(results[2]!.diagnostics.map((d) => d.code)).toEqual(["skill.field.unexpected"]);
  });

  it("validates a plugin, listing its skills' diagnostics with their files", async () => {
    const { code, results } = await validateJson([path.join(tmp, "plugin")]);
    expect(code).toBe(1);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ kind: "plugin", name: "demo-plugin", valid: false });
    const upper = results[0]!.diagnostics.find((d) => d.code === "skill.name.uppercase");
    expect(upper?.file).toBe(path.join(tmp, "plugin", "skills", "bad", "SKILL.md"));
  });

  it("takes a folder with only .claude-plugin/plugin.json as a Claude Code plugin that loads, with one note on converting", async () => {
    const { code, results } = await validateJson([path.join(tmp, "claude-plugin")]);
    expect(code).toBe(0);
    expect(results[0]).toMatchObject({ kind: "plugin", format: "claude-code", loads: true, valid: true });
    expect(results[0]!.diagnostics.map((d) => d.code)).toEqual(["plugin.manifest.claude-format"]);
  });

  it("validates a .zip with --profile claude-desktop, and a .skill archive's layout", async () => {
    const good = await validateJson([path.join(tmp, "pdf.zip"), "--profile", "claude-desktop"]);
    expect(good.code).toBe(0);
    expect(good.results[0]).toMatchObject({ kind: "skill", name: "pdf", valid: true });
    const flat = await validateJson(["--profile", "claude-desktop", path.join(tmp, "flat.skill")]);
    expect(flat.code).toBe(1);
    expect(flat.results[0]!.diagnostics.map((d) => d.code)).toEqual(
      expect.arrayContaining(["desktop.archive.layout", "desktop.name.reserved"]),
    );
  });

  it("applies the desktop rules only with --profile claude-desktop", async () => {
    expect((await validateJson([fixture("claude-helper")])).code).toBe(0);
    const desktop = await validateJson([fixture("claude-helper"), "--profile", "claude-desktop"]);
    expect(desktop.code).toBe(1);
    expect(desktop.results[0]!.diagnostics.map((d) => d.code)).toEqual(["desktop.name.reserved"]);
  });

  it("checks frontmatter the fast path leaves to the lazily loaded yaml parser and lexer", async () => {
    await writeTree(path.join(tmp, "lazy"), {
      "flow/SKILL.md": SKILL("flow", `metadata: {tags: "${"[".repeat(70)}"}\n`),
      "deep/SKILL.md": SKILL("deep", `metadata: ${"[".repeat(70)}\n`),
    });
    const { code, results } = await validateJson([path.join(tmp, "lazy", "flow"), path.join(tmp, "lazy", "deep")]);
    expect(code).toBe(1);
    expect(results.map((r) => [r.name, r.diagnostics.map((d) => d.code)])).toEqual([
      ["flow", ["skill.frontmatter.yaml-style"]],
      ["deep", ["skill.frontmatter.too-deep"]],
    ]);
  });

  it("takes a plain file as a skill that reports skill.missing-file", async () => {
    const { code, results } = await validateJson([path.join(fixture("missing-file"), "README.md")]);
    expect(code).toBe(1);
    expect(results[0]!.diagnostics.map((d) => d.code)).toEqual(["skill.missing-file"]);
  });
});

describe("skillshelf validate: usage and readable output", () => {
  it("exits 2 with a clear message for a path that does not exist", async () => {
    const run = await runBin(["validate", path.join(tmp, "no-such-thing"), "--json"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("no such file or folder");
  });

  it("exits 2 for no path or an unknown profile", async () => {
    expect((await runBin(["validate"])).code).toBe(2);
    const bad = await runBin(["validate", fixture("valid-minimal"), "--profile", "cursor"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown profile");
  });

  it("prints diagnostics grouped by file, severity first, file:line:col, fix, and a summary line", async () => {
    const run = await runBin(["validate", "name-uppercase", "ref-missing", "valid-minimal"], { cwd: FIXTURES });
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^invalid\s+skill Name-Uppercase \(name-uppercase\) — 1 error$/);
    expect(lines[1]).toBe("  name-uppercase/SKILL.md");
    expect(lines[2]).toMatch(
      /^ {4}error\s+name-uppercase\/SKILL\.md:2:1 {2}The name "Name-Uppercase" has uppercase letters; a name is lowercase letters, digits and single hyphens, at most 64 characters\. \[skill\.name\.uppercase\]$/,
    );
    expect(lines[3]).toMatch(/^\s+fix: Use "name-uppercase"/);
    expect(run.stdout).toMatch(/\n {4}warning\s+ref-missing\/SKILL\.md:6:17 {2}.*\[skill\.ref\.missing\]/);
    expect(run.stdout).toMatch(/\nvalid\s+skill valid-minimal \(valid-minimal\)\n/);
    expect(lines.at(-1)).toBe("3 checked (2 valid, 1 invalid): 1 error, 2 warnings, 0 notes.");
  });

  it("prints a backticked path to a missing file with its line, column and fix", async () => {
    const run = await runBin(["validate", "ref-path-missing"], { cwd: FIXTURES });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /\n {4}warning\s+ref-path-missing\/SKILL\.md:6:41 {2}The instructions name "references\/missing\.md".* \[skill\.ref\.path-missing\]\n\s+fix: Add the file/,
    );
  });
});
