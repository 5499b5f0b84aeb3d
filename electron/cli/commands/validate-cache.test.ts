// `validate` keeps its cache in the cache folder unless --no-cache or the settings say not to; a damaged cache is
// ignored with a note on stderr and the output stays what an uncached run prints.
import { existsSync } from "node:fs";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runBin } from "../../../test-support/cli";
import { SKILL_FIXTURES as FIXTURES, validateFolders } from "../../../test-support/validate-folders";

let tmp: Awaited<ReturnType<typeof validateFolders>>["tmp"];
let env: NodeJS.ProcessEnv;
let skills: string;
let cacheFile: string;

describe("validate's cache", () => {
  beforeEach(async () => {
    ({ tmp, skills, env, cacheFile } = await validateFolders());
  });
  afterEach(() => tmp.cleanup());

  it("is written by default, and not with --no-cache", async () => {
    // A result is kept only when what it read is older than the 2-second racy window.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const plain = await runBin(["validate", skills, "--no-cache"], { env });
    expect(existsSync(cacheFile)).toBe(false);
    const cached = await runBin(["validate", skills], { env });
    expect(cached.stdout).toBe(plain.stdout);
    expect(existsSync(cacheFile)).toBe(true);
  });

  it("prints, in every format, what an uncached run prints when the read worker shares the reading", async () => {
    await cp(FIXTURES, path.join(skills, "all"), { recursive: true, verbatimSymlinks: true });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const shared = { ...env, SKILLSHELF_SCAN_WORKER_MIN: "1" };
    for (const format of ["text", "json", "sarif"]) {
      const plain = await runBin(["validate", skills, "--no-cache", "--format", format], { env });
      const first = await runBin(["validate", skills, "--format", format], { env: shared });
      const again = await runBin(["validate", skills, "--format", format], { env: shared });
      expect(first.stdout, format).toBe(plain.stdout);
      expect(again.stdout, format).toBe(plain.stdout);
      expect([first.code, again.code]).toEqual([plain.code, plain.code]);
    }
  });

  it("finds a marketplace made in a skill folder it kept, as an uncached run does", async () => {
    // One skill folder holds an empty .claude-plugin from the start: adding a file there leaves the skill folder's own
    // identity unchanged. Another gets .claude-plugin only later, which changes its folder.
    await mkdir(path.join(skills, "valid-minimal", ".claude-plugin"));
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await runBin(["validate", skills], { env });
    const kept = await runBin(["validate", skills], { env });
    expect(kept.stdout).not.toContain("marketplace");
    const marketplace = JSON.stringify({ name: "m", owner: { name: "o" }, plugins: [] });
    for (const name of ["valid-minimal", "name-uppercase"]) {
      await mkdir(path.join(skills, name, ".claude-plugin"), { recursive: true });
      await writeFile(path.join(skills, name, ".claude-plugin", "marketplace.json"), marketplace);
    }
    const plain = await runBin(["validate", skills, "--no-cache"], { env });
    expect(plain.stdout.match(/^\S+ +marketplace /gm)).toHaveLength(2);
    const run = await runBin(["validate", skills], { env });
    expect(run.stdout).toBe(plain.stdout);
    expect(run.code).toBe(plain.code);
  });

  it("is off when the settings turn it off", async () => {
    await mkdir(path.join(tmp.dir, "config"), { recursive: true });
    await writeFile(
      path.join(tmp.dir, "config", "settings.json"),
      JSON.stringify({ version: 1, validationCache: false }),
    );
    await runBin(["validate", skills], { env });
    expect(existsSync(cacheFile)).toBe(false);
  });

  it("ignores a damaged record found during the run with a note, and prints what an uncached run prints", async () => {
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await runBin(["validate", skills], { env });
    const lines = (await readFile(cacheFile, "utf8")).split("\n");
    expect(lines).toHaveLength(3);
    lines[1] = lines[1]!.replace(/"v":(true|false)/, '"v":"yes"');
    await writeFile(cacheFile, lines.join("\n"));
    // The kept run would print the same output again without reading the cache at all.
    await rm(path.join(tmp.dir, "cache", "validate", "runs"), { recursive: true, force: true });
    const plain = await runBin(["validate", skills, "--no-cache"], { env });
    const run = await runBin(["validate", skills], { env });
    expect(run.stdout).toBe(plain.stdout);
    expect(run.code).toBe(plain.code);
    expect(run.stderr).toMatch(
      /^note: a record in the validation cache .* was ignored \(it has the wrong shape\); it will be rebuilt\.\n$/,
    );
    expect((await runBin(["validate", skills], { env })).stderr).toBe("");
  });

  it("ignores a damaged cache with a note and prints what an uncached run prints", async () => {
    await mkdir(path.dirname(cacheFile), { recursive: true });
    await writeFile(cacheFile, '{"format":2,"rules":"x","records":[{"k":');
    const plain = await runBin(["validate", skills, "--no-cache"], { env });
    const run = await runBin(["validate", skills], { env });
    expect(run.stdout).toBe(plain.stdout);
    expect(run.code).toBe(plain.code);
    expect(run.stderr).toMatch(
      /^note: the validation cache .* was ignored \(is not valid JSON\); it will be rebuilt\.\n$/,
    );
    expect((await runBin(["validate", skills], { env })).stderr).toBe("");
  });
});
