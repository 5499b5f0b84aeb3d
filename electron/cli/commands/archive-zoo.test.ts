// `validate` and `update --from` with the archive zoo through the built CLI (the engine's tests cover every fixture
// and every refused name): one verdict for every producer, the macOS metadata left out and said so, a hostile
// archive refused with its reason and the installed copy untouched.
import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { expectedTree, ZOO, ZOO_FIXTURES } from "../../../test-support/archive-zoo";
import { tarGzOf, zipOf } from "../../../test-support/archives";
import { runBin } from "../../../test-support/cli";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { fingerprintTree } from "../../../test-support/tree-fingerprint";

let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;
let skillDir: string;
let env: Record<string, string>;
const OLD = "---\nname: zoo-skill\ndescription: The old zoo skill. Use it in tests.\n---\n\n# Old\n";
const NEW = "---\nname: zoo-skill\ndescription: A hostile zoo skill. Use it in tests.\n---\n\n# New\n";

beforeEach(async () => {
  tmp = await makeTempDir();
  home = path.join(tmp.dir, "home");
  skillDir = path.join(home, ".claude", "skills", "zoo-skill");
  await writeTree(skillDir, { "SKILL.md": OLD });
  env = {
    SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
    SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"),
    SKILLSHELF_CONFIG_DIR: path.join(tmp.dir, "config"),
  };
});
afterEach(async () => tmp.cleanup());

const update = (args: string[]) =>
  runBin(["update", ...args, "--home", home, "--platform", "linux", "--github-api", "http://127.0.0.1:9"], {
    env,
    cwd: tmp.dir,
  });

describe("the archive zoo through the CLI", () => {
  it("validate finds one valid skill in every fixture, tar and tar.gz included", async () => {
    const run = await runBin(["validate", "--json", ...ZOO_FIXTURES.map((f) => path.join(ZOO, f.file))], { env });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const results = (JSON.parse(run.stdout) as { results: Array<{ name: string; valid: boolean }> }).results;
    expect(results.map((r) => [r.name, r.valid])).toEqual(ZOO_FIXTURES.map(() => ["zoo-skill", true]));
  });

  it.each(["macos-archive-utility.zip", "python-writestr.zip", "infozip.zip", "gnu-tar.tar.gz"])(
    "update --from %s installs exactly the folder's files, saying what was left out",
    async (file) => {
      const fixture = ZOO_FIXTURES.find((f) => f.file === file)!;
      const run = await update(["zoo-skill", "--yes", "--from", path.join(ZOO, file)]);
      expect(run.code, run.stderr).toBe(0);
      if (file.startsWith("macos"))
        expect(run.stdout).toContain("left out: zoo-skill/.DS_Store, __MACOSX/ (macOS metadata");
      else expect(run.stdout).not.toContain("left out");
      expect(await fingerprintTree(skillDir)).toEqual(await expectedTree(fixture.modes));
    },
  );

  it("refuses an archive planting .git/config (zip) or a bidi name (tar.gz), the installed copy untouched", async () => {
    const before = await fingerprintTree(skillDir);
    const archives: Array<[string, Uint8Array, RegExp]> = [
      ["git.zip", zipOf({ "zoo-skill/SKILL.md": NEW, "zoo-skill/.git/config": "[core]\n\tfsmonitor = x\n" }), /\.git/],
      [
        "bidi.tar.gz",
        tarGzOf([
          { name: "zoo-skill/SKILL.md", body: NEW },
          { name: "zoo-skill/evil\u202Etxt.md", body: "x" },
        ]),
        /U\+202E/,
      ],
    ];
    for (const [file, bytes, reason] of archives) {
      const archive = path.join(tmp.dir, file);
      await writeFile(archive, bytes);
      const run = await update(["zoo-skill", "--yes", "--from", archive]);
      expect(run.code, file).toBe(1);
      expect(run.stderr, file).toMatch(reason);
      expect(await fingerprintTree(skillDir), file).toEqual(before);
      const validate = await runBin(["validate", "--json", archive], { env });
      expect(validate.code, file).toBe(1);
      expect(validate.stdout, file).toMatch(/skill\.archive\.entry-refused/);
    }
    expect((await readdir(tmp.dir)).sort()).toEqual(["bidi.tar.gz", "data", "git.zip", "home"]);
    expect(await readdir(path.join(tmp.dir, "data", "staging"))).toEqual([]);
  });
});
