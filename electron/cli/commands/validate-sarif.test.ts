// `validate --format sarif` against the official SARIF 2.1.0 JSON schema (as shipped in @microsoft/jest-sarif), over
// file names GitHub code scanning trips on: spaces, `#`, `%`, non-ASCII, and files outside the working folder.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequire } from "node:module";
import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBin } from "../../../test-support/cli";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { headingAnchor } from "./diagnostic-rules";

const require = createRequire(import.meta.url);
const SCHEMA = require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json");
const DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../docs/diagnostics.md");
const SKILL = (name: string, extra = "") =>
  `---\nname: ${name}\ndescription: A skill for SARIF tests.\n${extra}---\n\nDo it.\n`;

interface Rule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string; markdown: string };
  helpUri: string;
}
interface Log {
  runs: Array<{
    tool: { driver: { rules: Rule[] } };
    originalUriBaseIds: { SRCROOT: { uri: string } };
    results: Array<{
      ruleId: string;
      message: { text: string };
      locations: Array<{ physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } }>;
    }>;
  }>;
}

const ODD = ["my skills/a#b%c", "ünï/ß-skill", "100% sure"];
let work: string;
let outside: string;
const cleanups: Array<() => Promise<void>> = [];
let log: Log;
let raw: string;

beforeAll(async () => {
  const a = await makeTempDir("skillshelf sarif #% ü-");
  const b = await makeTempDir("skillshelf-outside-");
  cleanups.push(a.cleanup, b.cleanup);
  work = a.dir;
  outside = b.dir;
  await writeTree(work, Object.fromEntries(ODD.map((dir) => [`${dir}/SKILL.md`, SKILL("Wrong_Name", "version: 1\n")])));
  await writeTree(outside, { "far #1/SKILL.md": SKILL("Far") });
  const run = await runBin(["validate", ...ODD, path.join(outside, "far #1"), "--format", "sarif"], { cwd: work });
  expect(run.stderr).toBe("");
  raw = run.stdout;
  log = JSON.parse(raw) as Log;
});
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe("SARIF output", () => {
  it("is valid against the official SARIF 2.1.0 schema, formats included", () => {
    // The schema's `language` pattern has a stray `]`, legal only in a regular expression without the u flag.
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA, "utf8")) as object);
    expect(validate(JSON.parse(raw)), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it("percent-encodes relative artifact URIs, which resolve against SRCROOT to the real files", () => {
    const run = log.runs[0]!;
    const base = run.originalUriBaseIds.SRCROOT.uri;
    expect(base).toBe(`${pathToFileURL(work).href}/`);
    const inside = run.results.map((r) => r.locations[0]!.physicalLocation.artifactLocation).filter((l) => l.uriBaseId);
    expect(inside.length).toBeGreaterThan(0);
    const files = new Set(inside.map((l) => fileURLToPath(new URL(l.uri, base))));
    expect(files).toEqual(new Set(ODD.map((dir) => path.join(work, dir, "SKILL.md"))));
    for (const l of inside) expect(l.uri).toMatch(/^[A-Za-z0-9\-._~!$&'()*+,;=:@/%]+$/);
    expect(inside.map((l) => l.uri)).toContain("my%20skills/a%23b%25c/SKILL.md");
  });

  it("writes files outside the working folder as absolute file:// URIs without a base", () => {
    const far = log.runs[0]!.results.map((r) => r.locations[0]!.physicalLocation.artifactLocation).filter(
      (l) => !l.uriBaseId,
    );
    expect(far.length).toBeGreaterThan(0);
    for (const l of far) {
      expect(l.uri.startsWith("file:///")).toBe(true);
      expect(fileURLToPath(l.uri)).toBe(path.join(outside, "far #1", "SKILL.md"));
    }
  });

  it("describes each rule from docs/diagnostics.md: a name, short and full description, generic help and a helpUri anchor", () => {
    const doc = readFileSync(DOC, "utf8");
    const anchors = new Set([...doc.matchAll(/^#{1,6} (.+)$/gm)].map((m) => headingAnchor(m[1]!)));
    const rules = log.runs[0]!.tool.driver.rules;
    const messages = new Set(log.runs[0]!.results.map((r) => r.message.text));
    expect(rules.map((r) => r.id)).toEqual(expect.arrayContaining(["skill.field.unexpected", "skill.name.uppercase"]));
    for (const rule of rules) {
      const row = doc.split("\n").find((line) => line.startsWith(`| \`${rule.id}\` |`))!;
      expect(row, rule.id).toBeDefined();
      expect(rule.name).toMatch(/^[A-Z][A-Za-z0-9]+$/);
      expect(rule.shortDescription.text).not.toBe(rule.id);
      expect(rule.fullDescription.text.startsWith(rule.shortDescription.text)).toBe(true);
      expect(row.replace(/`/g, "")).toContain(rule.fullDescription.text);
      expect(rule.help.text).toContain("Fix: ");
      expect(messages.has(rule.help.text)).toBe(false);
      const uri = new URL(rule.helpUri);
      expect(fileURLToPath(uri)).toBe(DOC);
      expect(anchors.has(uri.hash.slice(1))).toBe(true);
    }
    const unexpected = rules.find((r) => r.id === "skill.field.unexpected")!;
    expect(unexpected.help.text).not.toContain('version: "1');
    expect(unexpected.helpUri.endsWith("#agent-skills-skill")).toBe(true);
  });
});
