import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runBin } from "../../../test-support/cli";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { fingerprintTree } from "../../../test-support/tree-fingerprint";

let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;
let skillDir: string;
let env: Record<string, string>;

const skillMd = (version: string) =>
  `---\nname: report\ndescription: The report skill, for rollback tests.\nmetadata:\n  version: "${version}"\n---\n\n# report\n\nVersion ${version}.\n`;

beforeEach(async () => {
  tmp = await makeTempDir();
  home = path.join(tmp.dir, "home");
  skillDir = path.join(home, ".claude", "skills", "report");
  await writeTree(skillDir, { "SKILL.md": skillMd("1.0.0"), "data.txt": "one\n" });
  await writeTree(path.join(tmp.dir, "v2", "report"), { "SKILL.md": skillMd("2.0.0"), "data.txt": "two\n" });
  env = {
    SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
    SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"),
    SKILLSHELF_CONFIG_DIR: path.join(tmp.dir, "config"),
  };
});
afterEach(async () => tmp.cleanup());

const flags = () => ["--home", home, "--platform", "linux"];
const print = async (dir: string) => JSON.stringify([...(await fingerprintTree(dir))]);

describe("skillshelf rollback", () => {
  it("says there is nothing to roll back before any update (exit 1)", async () => {
    const run = await runBin(["rollback", "report", ...flags()], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/no earlier copy/);
  });

  it("restores the copy the update replaced, byte for byte, and can itself be undone", async () => {
    const v1 = await print(skillDir);
    const up = await runBin(["update", "report", "--from", path.join(tmp.dir, "v2", "report"), "--yes", ...flags()], {
      env,
    });
    expect(up.code, up.stderr).toBe(0);
    const v2 = await print(skillDir);
    const back = await runBin(["rollback", "report", ...flags()], { env });
    expect(back.code).toBe(0);
    expect(back.stdout).toMatch(/Restored "report" 1\.0\.0 .*the copy it replaced \(2\.0\.0\) is kept at/);
    expect(await print(skillDir)).toBe(v1);
    const again = await runBin(["rollback", skillDir, "--json", ...flags()], { env });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ restored: true, version: "2.0.0", replacedVersion: "1.0.0" });
    expect(await print(skillDir)).toBe(v2);
  });

  it("finishes or undoes an update a crash interrupted before it does anything else", async () => {
    const child = fileURLToPath(new URL("../../../test-support/swap-child.ts", import.meta.url));
    const killed = await new Promise<string | null>((resolve) => {
      const p = spawn(
        process.execPath,
        ["--import", "tsx", child, skillDir, path.join(tmp.dir, "v2", "report"), env.SKILLSHELF_DATA_DIR!, "old-moved"],
        { stdio: "ignore" },
      );
      p.on("close", (_code, signal) => resolve(signal));
    });
    expect(killed).toBe("SIGKILL");
    expect(await readdir(path.dirname(skillDir))).not.toContain("report");
    const run = await runBin(["rollback", "report", ...flags()], { env });
    expect(run.code).toBe(0);
    // Recovery moved the new version into place; the rollback then restored the old one.
    expect(await readFile(path.join(skillDir, "data.txt"), "utf8")).toBe("one\n");
    expect((await readdir(path.dirname(skillDir))).sort()).toEqual(["report"]);
    expect(await readdir(path.join(tmp.dir, "data", "journal"))).toEqual([]);
  });
});
