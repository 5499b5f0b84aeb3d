// `skillshelf add` refusing sources it cannot add whole, through the built CLI: a sentence and exit 1, never a stack
// trace, nothing written and no journal left for later commands to report.
import { spawnSync } from "node:child_process";
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runBin } from "../../../test-support/cli";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir, writeTree } from "../../../test-support/tmp";

const SKILL = (name: string, body: string) => `---\nname: ${name}\ndescription: The ${name} skill.\n---\n\n${body}\n`;

let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;
const env = () => ({ SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"), XDG_STATE_HOME: "", CLAUDE_CONFIG_DIR: "" });
const run = (...args: string[]) =>
  runBin([...args, "--home", home, "--platform", "linux"], { env: env(), cwd: tmp.dir });
const gone = async (p: string) => (await lstat(p).catch(() => null)) === null;
const STACK = /^\s+at /m;
/** Python that removes a chain of folders named `d` (and the files at its end) by going in and coming back up. */
const UNMAKE = [
  "import os, sys",
  "os.chdir(sys.argv[1]); n = 0",
  "while os.path.isdir('d'): os.chdir('d'); n += 1",
  "for f in os.listdir('.'): os.unlink(f)",
  "for _ in range(n): os.chdir('..'); os.rmdir('d')",
].join("\n");

beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-add-refusals-");
  home = path.join(tmp.dir, "home");
  await writeTree(home, { ".keep": "" });
});
afterEach(() => tmp.cleanup());

describe("skillshelf add refuses, in a sentence", () => {
  it("two skills of one name with --all, naming both folders, before anything moves", async () => {
    await writeTree(path.join(tmp.dir, "src"), {
      "a/dup/SKILL.md": SKILL("dup", "First."),
      "b/dup/SKILL.md": SKILL("dup", "Second."),
    });
    const add = await run("add", "./src", "--all", "--client", "claude-code", "--client", "cursor", "--yes");
    expect(add.code).toBe(1);
    expect(add.stderr).not.toMatch(STACK);
    expect(add.stderr).toContain('holds two skills named "dup", in a/dup/ and b/dup/');
    for (const p of [".agents", ".claude", ".cursor"]) expect(await gone(path.join(home, p))).toBe(true);
    expect(await readdir(path.join(tmp.dir, "data", "journal")).catch(() => [])).toEqual([]);
    const later = await run("add", "./src/a/dup", "--yes");
    expect(later.code, later.stderr).toBe(0);
    expect(later.stdout + later.stderr).not.toContain("needs-attention");
  });

  it("a source of 3,000 nested folders (a path longer than the system allows)", async (ctx) => {
    const deep = path.join(tmp.dir, "deep");
    const make = [
      "import os, sys",
      "os.makedirs(sys.argv[1]); os.chdir(sys.argv[1])",
      "for _ in range(3000): os.mkdir('d'); os.chdir('d')",
      "open('SKILL.md', 'w').write(sys.argv[2])",
    ].join("\n");
    const made = spawnSync("python3", ["-c", make, deep, SKILL("deep", "Deep.")], { encoding: "utf8" });
    if (made.error) skipBecause(ctx, "python3 is not installed (it builds the folder chain Node cannot)");
    try {
      expect(made.status, made.stderr).toBe(0);
      const add = await run("add", "./deep", "--yes");
      expect(add.code).toBe(1);
      expect(add.stderr).not.toMatch(STACK);
      expect(add.stderr).toContain("holds folders nested so deeply that a path in it is longer than the system allows");
      expect(await gone(path.join(home, ".agents"))).toBe(true);
    } finally {
      // Node's recursive rm walks by whole paths and cannot remove the chain: it is removed from the inside out.
      spawnSync("python3", ["-c", UNMAKE, deep]);
    }
  });
});
