// What pack writes is read by the tools people use (unzip -t, 7z t, Python's zipfile) and unpacks to the folder; pack
// writes no name installing would refuse, and an --out folder that does not exist is created, or one clear refusal.
import { spawnSync } from "node:child_process";
import { cp, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectedTree, ZOO } from "../../../test-support/archive-zoo";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { fingerprintTree } from "../../../test-support/tree-fingerprint";
import { extractArchive } from "./extract";
import { packSkill, PackRefusedError } from "./pack";

let tmp: { dir: string; cleanup: () => Promise<void> };
let packed: string;
beforeAll(async () => {
  tmp = await makeTempDir();
  const source = path.join(tmp.dir, "src", "zoo-skill");
  await cp(path.join(ZOO, "source", "zoo-skill"), source, { recursive: true });
  packed = (await packSkill(source, { out: path.join(tmp.dir, "not", "there", "yet", "zoo-skill.skill") })).file;
});
afterAll(async () => tmp.cleanup());

const has = (tool: string, args: string[]) => spawnSync(tool, args, { stdio: "ignore" }).status === 0;

describe("what pack writes", () => {
  it("creates a missing --out folder and unpacks to exactly the folder (non-ASCII name, long path, exec bit)", async () => {
    expect(packed).toBe(path.join(tmp.dir, "not", "there", "yet", "zoo-skill.skill"));
    const out = path.join(tmp.dir, "ours");
    await extractArchive(packed, out);
    expect(await fingerprintTree(path.join(out, "zoo-skill"))).toEqual(await expectedTree(true));
  });

  it("passes unzip -t, and unzip unpacks the same tree", async (ctx) => {
    if (!has("unzip", ["-v"])) skipBecause(ctx, "unzip is not installed");
    const test = spawnSync("unzip", ["-t", packed], { encoding: "utf8" });
    expect(test.status, test.stdout + test.stderr).toBe(0);
    expect(test.stdout).toMatch(/No errors detected/);
    const out = path.join(tmp.dir, "unzip");
    const run = spawnSync("unzip", ["-q", packed, "-d", out], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(await fingerprintTree(path.join(out, "zoo-skill"))).toEqual(await expectedTree(true));
  });

  it("passes 7z t", async (ctx) => {
    if (!has("7z", ["i"])) skipBecause(ctx, "7z (p7zip-full) is not installed");
    const test = spawnSync("7z", ["t", packed], { encoding: "utf8" });
    expect(test.status, test.stdout + test.stderr).toBe(0);
    expect(test.stdout).toMatch(/Everything is Ok/);
  });

  it("passes Python's zipfile, with the names it reads", async (ctx) => {
    if (!has("python3", ["--version"])) skipBecause(ctx, "python3 is not installed");
    const script =
      "import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nprint('\\n'.join(sorted(z.namelist())))";
    const run = spawnSync("python3", ["-c", script, packed], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("zoo-skill/references/café.md\n");
    expect(run.stdout).toContain("zoo-skill/scripts/run.sh\n");
  });
});

describe("pack refuses", () => {
  const SKILL = "---\nname: odd\ndescription: A skill with an odd file. Use it in tests.\n---\n\n# Odd\n";

  it.each([
    ["a Windows device name", "CON.md", /Windows reserves/],
    ["a bidi override", "evil\u202Etxt.md", /U\+202E/],
    ["a line break", "two\nlines.md", /line break/],
    ["a .Git folder", ".Git/config", /version-control/],
  ])("a file named with %s, with one clear reason", async (_what, name, reason) => {
    const dir = path.join(tmp.dir, "odd", String(name.length), "odd");
    await writeTree(dir, { "SKILL.md": SKILL, [name]: "x" });
    const error = await packSkill(dir, { out: path.join(tmp.dir, "odd.skill") }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PackRefusedError);
    const diagnostics = (error as PackRefusedError).diagnostics;
    expect(diagnostics.map((d) => d.code)).toEqual(["pack.name.refused"]);
    expect(diagnostics[0]!.message).toMatch(reason);
  });

  it("an --out whose folder cannot be made (a file is in the way), with one clear reason", async () => {
    const dir = path.join(tmp.dir, "plain", "plain");
    await writeTree(dir, { "SKILL.md": SKILL.replace("name: odd", "name: plain") });
    await mkdir(path.join(tmp.dir, "blocked"), { recursive: true });
    await writeFile(path.join(tmp.dir, "blocked", "file"), "x");
    const error = await packSkill(dir, { out: path.join(tmp.dir, "blocked", "file", "x.skill") }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PackRefusedError);
    expect((error as PackRefusedError).diagnostics.map((d) => d.code)).toEqual(["pack.out.unwritable"]);
  });
});
