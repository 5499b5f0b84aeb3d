// The repository walk against a generated corpus shaped like public repositories, through the built bin: every skill,
// plugin (with and without manifests) and marketplace is found once, in every output format; scan reads the skills of
// plugins that have no manifest.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBin } from "../../../test-support/cli";
import { corpusPath, writeRepoCorpus, type CorpusExpectation } from "../../../test-support/repo-corpus";
import { makeTempDir, writeTree } from "../../../test-support/tmp";

interface Result {
  path: string;
  kind: string;
  name: string;
  valid: boolean;
  loads?: boolean;
  format?: string;
  skills?: Array<{ name: string }>;
  diagnostics: Array<{ code: string; severity: string; file: string; line?: number }>;
}

let repo: string;
let home: string;
let expected: CorpusExpectation;
const cleanups: Array<() => Promise<void>> = [];
beforeAll(async () => {
  const made = await makeTempDir("skillshelf-corpus-");
  const emptyHome = await makeTempDir("skillshelf-home-");
  cleanups.push(made.cleanup, emptyHome.cleanup);
  repo = path.join(made.dir, "repo");
  home = emptyHome.dir;
  expected = await writeRepoCorpus(repo);
});
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe("validate on a generated repository", () => {
  it("finds every skill, plugin and marketplace once, and reads each plugin's skills", async () => {
    const run = await runBin(["validate", ".", "--json"], { cwd: repo });
    const results = (JSON.parse(run.stdout) as { results: Result[] }).results;
    const of = (kind: string) => results.filter((r) => r.kind === kind);
    expect(
      of("skill")
        .map((r) => corpusPath(repo, r.path))
        .sort(),
    ).toEqual(expected.skills);
    expect(
      of("plugin")
        .map((r) => ({
          path: corpusPath(repo, r.path),
          name: r.name,
          format: r.format,
          skills: (r.skills ?? []).map((s) => s.name).sort(),
        }))
        .sort((a, b) => a.path.localeCompare(b.path)),
    ).toEqual(expected.plugins.map((p) => ({ path: p.path, name: p.name, format: p.format, skills: p.skills })));
    expect(of("marketplace").map((r) => [corpusPath(repo, r.path), r.name])).toEqual([[".", "corpus-market"]]);
    expect(results.length).toBe(expected.skills.length + expected.plugins.length + expected.marketplaces.length);
    expect(of("plugin").every((r) => r.loads === true && r.valid)).toBe(true);
    expect(results.flatMap((r) => r.diagnostics).filter((d) => d.severity !== "info")).toEqual([]);
    expect(results.flatMap((r) => r.diagnostics.map((d) => d.code))).not.toContain("plugin.manifest.missing");
    expect(run.code).toBe(0);
  });

  it("says in text what it found where, the marketplace included", async () => {
    const run = await runBin(["validate", "."], { cwd: repo });
    const summary = run.stdout.split("\n")[0]!;
    expect(summary).toContain("1 marketplace (the folder itself)");
    expect(summary).toContain("5 plugins (4 in plugins/, 1 in shared/)");
    expect(summary).toContain("9 skills (");
    expect(summary).not.toContain("plugins/data-tools/skills/");
    expect(run.stdout).toMatch(/^valid\s+marketplace corpus-market \(/m);
    expect(run.stdout).toMatch(/^valid\s+plugin summariser \(shared\/entry-only\)/m);
    expect(run.stdout).toContain(
      `${expected.skills.length + expected.plugins.length + 1} checked (${expected.skills.length + expected.plugins.length + 1} valid, 0 invalid)`,
    );
  });

  it("reports a broken marketplace entry in SARIF and GitHub annotations with the file and line", async () => {
    const broken = await makeTempDir("skillshelf-broken-market-");
    cleanups.push(broken.cleanup);
    await writeTree(broken.dir, {
      ".claude-plugin/marketplace.json": JSON.stringify(
        { name: "m", owner: { name: "o" }, plugins: [{ name: "bad", source: "./../outside" }] },
        null,
        2,
      ),
    });
    const sarif = await runBin(["validate", ".", "--format", "sarif"], { cwd: broken.dir });
    const log = JSON.parse(sarif.stdout) as {
      runs: Array<{
        results: Array<{
          ruleId: string;
          level: string;
          locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }>;
        }>;
      }>;
    };
    const result = log.runs[0]!.results.find((r) => r.ruleId === "marketplace.entry.source")!;
    expect(result.level).toBe("error");
    expect(result.locations[0]!.physicalLocation.artifactLocation.uri).toBe(".claude-plugin/marketplace.json");
    expect(result.locations[0]!.physicalLocation.region.startLine).toBe(9);
    expect(sarif.code).toBe(1);
    const github = await runBin(["validate", ".", "--format", "github"], { cwd: broken.dir });
    expect(github.stdout).toMatch(
      /^::error file=\.claude-plugin\/marketplace\.json,line=9,col=\d+,title=marketplace\.entry\.source::/m,
    );
  });
});

describe("validate on a skills repository whose marketplace lists the repository itself", () => {
  it("checks every skill on its own and the marketplace once, as for Anthropic's skills repository", async () => {
    const made = await makeTempDir("skillshelf-skills-repo-");
    cleanups.push(made.cleanup);
    const skill = (name: string) =>
      `---\nname: ${name}\ndescription: The ${name} skill. Use it in tests.\n---\n\nDo it.\n`;
    await writeTree(made.dir, {
      ".claude-plugin/marketplace.json": JSON.stringify({
        name: "example-skills",
        owner: { name: "Example" },
        plugins: [
          { name: "document-skills", source: "./", strict: false, skills: ["./skills/pdf", "./skills/docx"] },
          { name: "other-skills", source: "./", strict: false, skills: ["./skills/art"] },
        ],
      }),
      "skills/pdf/SKILL.md": skill("pdf"),
      "skills/docx/SKILL.md": skill("docx"),
      "skills/art/SKILL.md": skill("art"),
      "template/SKILL.md": skill("template"),
    });
    const run = await runBin(["validate", ".", "--json"], { cwd: made.dir });
    const results = (JSON.parse(run.stdout) as { results: Result[] }).results;
    expect(results.map((r) => `${r.kind}:${corpusPath(made.dir, r.path)}`).sort()).toEqual([
      "marketplace:.",
      "skill:skills/art",
      "skill:skills/docx",
      "skill:skills/pdf",
      "skill:template",
    ]);
    expect(run.code).toBe(0);
  });
});

describe("scan --include of a folder of plugins", () => {
  it("finds the skills of plugins that have no manifest", async () => {
    const run = await runBin([
      "scan",
      "--home",
      home,
      "--platform",
      "linux",
      "--include",
      path.join(repo, expected.pluginsFolder),
      "--json",
    ]);
    const result = JSON.parse(run.stdout) as {
      skills: Array<{ name: string; pluginId?: string }>;
      plugins: Array<{ name: string; format: string; loads: boolean; skills: Array<{ name: string }> }>;
    };
    const pluginSkills = result.plugins.flatMap((p) => p.skills.map((s) => s.name));
    for (const name of expected.manifestlessSkills) expect(pluginSkills).toContain(name);
    expect(result.plugins.filter((p) => p.format === "claude-code").map((p) => [p.name, p.loads])).toEqual([
      ["data-tools", true],
      ["review-kit", true],
      ["writing-kit", true],
    ]);
    expect(result.skills.filter((s) => expected.manifestlessSkills.includes(s.name)).every((s) => s.pluginId)).toBe(
      true,
    );
  });
});
