// `skillshelf validate` on a whole repository, and the CI formats (SARIF 2.1.0, GitHub annotations), through the built bin.
import { mkdir, symlink } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBin } from "../../../test-support/cli";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { SEARCH_MAX_DEPTH } from "../../engine/skill/target-search";

const SKILL = (name: string, extra = "") =>
  `---\nname: ${name}\ndescription: A skill for repository tests. Use it in tests.\n${extra}---\n\nDo it.\n`;
const MANIFEST = (name: string) =>
  JSON.stringify({ $schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json", name });

let repo: string;
let outside: string;
const cleanups: Array<() => Promise<void>> = [];
beforeAll(async () => {
  const made = await makeTempDir("skillshelf-repo-");
  const other = await makeTempDir("skillshelf-outside-");
  cleanups.push(made.cleanup, other.cleanup);
  repo = made.dir;
  outside = other.dir;
  const files: Record<string, string> = {
    "README.md": "# Skills\n",
    "template/SKILL.md": SKILL("template"),
    "plugins/tools/plugin.json": MANIFEST("tools"),
    "plugins/tools/skills/inner/SKILL.md": SKILL("inner"),
    ".git/objects/SKILL.md": SKILL("objects"),
    "node_modules/dep/SKILL.md": SKILL("dep"),
    ".claude/skills/local/SKILL.md": SKILL("local"),
    "skills/broken/SKILL.md": SKILL("Broken_Name"),
  };
  for (let i = 0; i < 17; i++) files[`skills/s${i}/SKILL.md`] = SKILL(`s${i}`);
  await writeTree(repo, files);
  await writeTree(outside, { "far/SKILL.md": SKILL("far") });
  await symlink(outside, path.join(repo, "linked-out"));
  let deep = path.join(repo, "deep");
  for (let i = 0; i < SEARCH_MAX_DEPTH + 1; i++) deep = path.join(deep, `d${i}`);
  await mkdir(deep, { recursive: true });
  await writeTree(deep, { "SKILL.md": SKILL(path.basename(deep)) });
});
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe("validate on a repository root", () => {
  it("finds every skill and plugin below it, skipping version control, dependencies and links out", async () => {
    const run = await runBin(["validate", ".", "--json"], { cwd: repo });
    const doc = JSON.parse(run.stdout) as {
      results: Array<{ path: string; kind: string; valid: boolean; diagnostics: Array<{ file: string }> }>;
    };
    const found = doc.results.map((r) => `${r.kind}:${path.relative(repo, r.path)}`).sort();
    const expected = [
      "plugin:plugins/tools",
      "skill:.claude/skills/local",
      "skill:skills/broken",
      "skill:template",
      ...Array.from({ length: 17 }, (_, i) => `skill:skills/s${i}`),
    ].sort();
    expect(found).toEqual(expected);
    const plugin = doc.results.find((r) => r.kind === "plugin")!;
    expect(plugin.valid).toBe(true);
    expect(run.code).toBe(1);
  });

  it("says in text how many were found where, what was skipped and the limit reached", async () => {
    const run = await runBin(["validate", "."], { cwd: repo });
    const summary = run.stdout.split("\n")[0]!;
    expect(summary).toContain("20 skills (");
    expect(summary).toContain("18 in skills/");
    expect(summary).toContain("1 in ./");
    expect(summary).toContain("1 plugin (1 in plugins/)");
    expect(summary).toContain("2 dependency or version-control folders skipped");
    expect(summary).toContain("1 links leading outside not followed");
    expect(summary).toContain(`deeper than ${SEARCH_MAX_DEPTH} levels`);
    expect(run.stdout).toContain("21 checked (20 valid, 1 invalid)");
  });

  it("reports one clear error for a folder holding nothing", async () => {
    const empty = await makeTempDir("skillshelf-empty-");
    cleanups.push(empty.cleanup);
    await writeTree(empty.dir, { "notes/README.md": "nothing\n" });
    const run = await runBin(["validate", empty.dir, "--json"]);
    const doc = JSON.parse(run.stdout) as { results: Array<{ diagnostics: Array<{ code: string }> }> };
    expect(doc.results.flatMap((r) => r.diagnostics.map((d) => d.code))).toEqual(["skill.missing-file"]);
    expect(run.code).toBe(1);
  });
});

describe("CI formats", () => {
  it("--format sarif writes a SARIF 2.1.0 log with a rule per code and results with file, line and column", async () => {
    const run = await runBin(["validate", "skills/broken", "--format", "sarif"], { cwd: repo });
    const log = JSON.parse(run.stdout) as {
      version: string;
      runs: Array<{
        tool: { driver: { name: string; rules: Array<{ id: string }> } };
        results: Array<{
          ruleId: string;
          level: string;
          message: { text: string };
          locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }>;
        }>;
      }>;
    };
    expect(log.version).toBe("2.1.0");
    const runLog = log.runs[0]!;
    expect(runLog.tool.driver.name).toBe("skillshelf");
    const result = runLog.results.find((r) => r.ruleId === "skill.name.uppercase")!;
    expect(result.level).toBe("error");
    expect(result.locations[0]!.physicalLocation.artifactLocation.uri).toBe("skills/broken/SKILL.md");
    expect(result.locations[0]!.physicalLocation.region.startLine).toBe(2);
    expect(runLog.tool.driver.rules.map((r) => r.id)).toContain("skill.name.uppercase");
    expect(run.code).toBe(1);
  });

  it("--format github writes one workflow annotation per diagnostic, escaped as GitHub requires", async () => {
    const dir = await makeTempDir("skillshelf-gh-");
    cleanups.push(dir.cleanup);
    await writeTree(dir.dir, { "odd,name/SKILL.md": SKILL("odd-name", "version: 100%\n") });
    const run = await runBin(["validate", "odd,name", "--format", "github"], { cwd: dir.dir });
    const lines = run.stdout.trim().split("\n");
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(line).toMatch(
        /^::(error|warning|notice) file=odd%2Cname\/SKILL\.md(,line=\d+(,col=\d+)?)?,title=[a-z.-]+::/,
      );
    expect(run.stdout).not.toMatch(/\u001b/);
  });

  it("refuses an unknown format and --json with another format as bad usage", async () => {
    expect((await runBin(["validate", ".", "--format", "xml"], { cwd: repo })).code).toBe(2);
    expect((await runBin(["validate", ".", "--format", "sarif", "--json"], { cwd: repo })).code).toBe(2);
  });
});
