// `validate --format junit` and `--format gitlab` through the built bin: JUnit XML checked with a real XML parser against
// the shape Jenkins, GitLab and Azure read, and GitLab Code Quality against the fields GitLab documents, hostile names included.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import Ajv from "ajv";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBin } from "../../../test-support/cli";
import { makeTempDir, writeTree } from "../../../test-support/tmp";

const SKILL = (name: string, extra = "", body = "Do it.") =>
  `---\nname: ${name}\ndescription: A skill for CI report tests.\n${extra}---\n\n${body}\n`;
const MANIFEST = JSON.stringify({
  $schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json",
  name: "tools",
});
/** A name holding everything XML and terminals choke on: markup, a CDATA end, C0 and C1 controls, a bidi override. */
const HOSTILE = "a<b>&\"c']]>\u0001\u001b[31m\u0085\u202e";

let repo: string;
const cleanups: Array<() => Promise<void>> = [];
beforeAll(async () => {
  const made = await makeTempDir("skillshelf-ci-reports-");
  cleanups.push(made.cleanup);
  repo = made.dir;
  await writeTree(repo, {
    "skills/good/SKILL.md": SKILL("good"),
    "skills/bad/SKILL.md": SKILL("Bad_Name", "version: 1\n"),
    "skills/warn/SKILL.md": SKILL("warn", "", ""),
    "plugins/tools/plugin.json": MANIFEST,
    "plugins/tools/skills/inner/SKILL.md": SKILL("inner"),
    "odd/SKILL.md": SKILL(JSON.stringify(HOSTILE)),
  });
});
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

interface Case {
  "@_classname": string;
  "@_name": string;
  "@_file": string;
  failure?: Array<{ "@_message": string; "@_type": string; "#text": string }>;
  "system-out"?: string;
}

describe("--format junit", () => {
  it("writes well-formed JUnit XML: a test case per checked skill or plugin, a failure per error", async () => {
    const run = await runBin(["validate", "skills", "plugins/tools", "odd", "--format", "junit"], { cwd: repo });
    expect(run.code).toBe(1);
    expect(XMLValidator.validate(run.stdout)).toBe(true);
    const doc = new XMLParser({
      ignoreAttributes: false,
      isArray: (name) => ["testsuite", "testcase", "failure"].includes(name),
    }).parse(run.stdout) as {
      testsuites: {
        "@_tests": string;
        "@_failures": string;
        testsuite: Array<{ "@_tests": string; testcase: Case[] }>;
      };
    };
    const suite = doc.testsuites.testsuite[0]!;
    const cases = suite.testcase;
    expect(cases.map((c) => c["@_file"]).sort()).toEqual(
      ["odd", "plugins/tools", "skills/bad", "skills/good", "skills/warn"].sort(),
    );
    expect(suite["@_tests"]).toBe("5");
    expect(doc.testsuites["@_failures"]).toBe(String(cases.filter((c) => c.failure).length));
    const bad = cases.find((c) => c["@_file"] === "skills/bad")!;
    expect(bad["@_classname"]).toBe("skillshelf.skill");
    expect(bad.failure!.map((f) => f["@_type"]).sort()).toEqual(
      // "Bad_Name" in the folder "bad": one name finding (uppercase, the first rule it breaks), not three.
      ["skill.field.unexpected", "skill.name.uppercase"].sort(),
    );
    expect(bad.failure!.find((f) => f["@_type"] === "skill.name.uppercase")!["#text"]).toMatch(
      /^skills\/bad\/SKILL\.md:2:\d+: /,
    );
    expect(cases.find((c) => c["@_file"] === "skills/good")!.failure).toBeUndefined();
    const warn = cases.find((c) => c["@_file"] === "skills/warn")!;
    expect(warn.failure).toBeUndefined();
    expect(warn["system-out"]).toContain("skill.body.empty");
    expect(cases.find((c) => c["@_file"] === "plugins/tools")!["@_classname"]).toBe("skillshelf.plugin");
  });

  it("keeps hostile names readable and the XML valid: markup escaped, controls shown, nothing raw for the terminal", async () => {
    const run = await runBin(["validate", "odd", "--format", "junit"], { cwd: repo });
    expect(XMLValidator.validate(run.stdout)).toBe(true);
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    const doc = new XMLParser({ ignoreAttributes: false, processEntities: true, htmlEntities: true }).parse(run.stdout);
    const name = (doc as { testsuites: { testsuite: { testcase: Case } } }).testsuites.testsuite.testcase["@_name"];
    expect(name).toContain("a<b>&\"c']]>\\u0001\\u001b[31m\u0085\u202e");
  });

  it("exits 0 with a passing case for a valid skill", async () => {
    const run = await runBin(["validate", "skills/good", "--format", "junit"], { cwd: repo });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('tests="1" failures="0"');
    expect(run.stdout).toMatch(
      /<testcase classname="skillshelf\.skill" name="good \(skills\/good\)" file="skills\/good"\/>/,
    );
  });
});

/** The fields GitLab's Code Quality documentation lists as required for each issue, as a JSON schema. */
const CODE_QUALITY_SCHEMA = {
  type: "array",
  items: {
    type: "object",
    required: ["description", "check_name", "fingerprint", "severity", "location"],
    properties: {
      description: { type: "string", minLength: 1 },
      check_name: { type: "string", minLength: 1 },
      fingerprint: { type: "string", pattern: "^[0-9a-f]{32}$" },
      severity: { enum: ["info", "minor", "major", "critical", "blocker"] },
      location: {
        type: "object",
        required: ["path", "lines"],
        properties: {
          path: { type: "string", minLength: 1 },
          lines: { type: "object", required: ["begin"], properties: { begin: { type: "integer", minimum: 1 } } },
        },
      },
    },
  },
};

interface Issue {
  check_name: string;
  fingerprint: string;
  severity: string;
  location: { path: string; lines: { begin: number } };
}

describe("--format gitlab", () => {
  it("writes the Code Quality fields GitLab reads, paths relative to the repository", async () => {
    const run = await runBin(["validate", ".", "--format", "gitlab"], { cwd: repo });
    expect(run.code).toBe(1);
    const issues = JSON.parse(run.stdout) as Issue[];
    const validate = new Ajv({ allErrors: true }).compile(CODE_QUALITY_SCHEMA);
    expect(validate(issues), JSON.stringify(validate.errors)).toBe(true);
    const upper = issues.find((i) => i.check_name === "skill.name.uppercase")!;
    expect(upper).toMatchObject({ severity: "major", location: { path: "skills/bad/SKILL.md", lines: { begin: 2 } } });
    expect(issues.find((i) => i.check_name === "skill.body.empty")!.severity).toBe("minor");
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
  });

  it("keeps fingerprints stable across runs and when lines above a finding move", async () => {
    const dir = await makeTempDir("skillshelf-fingerprint-");
    cleanups.push(dir.cleanup);
    await writeTree(dir.dir, { "s/SKILL.md": SKILL("Upper") });
    const first = JSON.parse(
      (await runBin(["validate", "s", "--format", "gitlab"], { cwd: dir.dir })).stdout,
    ) as Issue[];
    const again = JSON.parse(
      (await runBin(["validate", "s", "--format", "gitlab"], { cwd: dir.dir })).stdout,
    ) as Issue[];
    expect(again).toEqual(first);
    await writeFile(
      path.join(dir.dir, "s/SKILL.md"),
      `---\n# moved\nname: Upper\ndescription: A skill.\n---\n\nDo it.\n`,
    );
    const moved = JSON.parse(
      (await runBin(["validate", "s", "--format", "gitlab"], { cwd: dir.dir })).stdout,
    ) as Issue[];
    const before = first.find((i) => i.check_name === "skill.name.uppercase")!;
    const after = moved.find((i) => i.check_name === "skill.name.uppercase")!;
    expect(after.location.lines.begin).toBe(before.location.lines.begin + 1);
    expect(after.fingerprint).toBe(before.fingerprint);
  });

  it("prints an empty array when nothing is wrong", async () => {
    const run = await runBin(["validate", "skills/good", "--format", "gitlab"], { cwd: repo });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([]);
  });
});

describe("--files", () => {
  it("checks only the skills, plugins and archives holding the given files, each once", async () => {
    const run = await runBin(
      [
        "validate",
        "--files",
        "--format",
        "junit",
        "skills/bad/SKILL.md",
        "skills/bad/SKILL.md",
        "plugins/tools/plugin.json",
        "README.md",
        "skills/good/notes.txt",
      ],
      { cwd: repo },
    );
    expect(run.code).toBe(1);
    const files = [...run.stdout.matchAll(/ file="([^"]+)"/g)].map((m) => m[1]);
    expect(files).toEqual(["skills/bad", "plugins/tools"]);
  });

  it("maps .claude-plugin manifests to their plugin and exits 0 with nothing to check", async () => {
    const dir = await makeTempDir("skillshelf-files-");
    cleanups.push(dir.cleanup);
    await writeTree(dir.dir, {
      "p/.claude-plugin/plugin.json": JSON.stringify({ name: "p" }),
      "p/skills/one/SKILL.md": SKILL("one"),
    });
    const run = await runBin(["validate", "--files", "--json", "p/.claude-plugin/plugin.json"], { cwd: dir.dir });
    const results = (JSON.parse(run.stdout) as { results: Array<{ kind: string; path: string }> }).results;
    expect(results.map((r) => [r.kind, path.relative(dir.dir, r.path)])).toEqual([["plugin", "p"]]);
    const none = await runBin(["validate", "--files", "README.md"], { cwd: dir.dir });
    expect(none.code).toBe(0);
    expect(none.stdout).toContain("0 checked");
  });
});
