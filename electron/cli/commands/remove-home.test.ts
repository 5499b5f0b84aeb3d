// `remove --home DIR` takes skills out of DIR's client folders, but its record goes into the data folder of the user
// running Skillshelf (never below DIR), and the undo it promises is one that finds that record. A home that belongs
// to another user lends this process none of its folders: not its own, and not a link of it that leads elsewhere.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chmod, chown, lchown, lstat, mkdir, readdir, readFile, stat, symlink } from "node:fs/promises";
import path from "node:path";
import { runBin } from "../../../test-support/cli";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { fingerprintTree } from "../../../test-support/tree-fingerprint";

const NOBODY = 65534;
const SKILL = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill, for remove tests.\n---\n\nBody.\n`;
let tmp: { dir: string; cleanup: () => Promise<void> };
let ownHome: string;
let theirHome: string;
/** The running user's environment: data folder from HOME alone (no override), as a person runs it. */
let env: NodeJS.ProcessEnv;

beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-remove-home-");
  ownHome = path.join(tmp.dir, "own-home");
  theirHome = path.join(tmp.dir, "their-home");
  await mkdir(ownHome);
  await mkdir(theirHome);
  env = { HOME: ownHome, XDG_DATA_HOME: "", SKILLSHELF_DATA_DIR: "", GITHUB_TOKEN: "" };
});
afterEach(async () => tmp.cleanup());

const cli = (args: string[]) => runBin([...args, "--home", theirHome, "--platform", "linux"], { env, cwd: tmp.dir });
/**
 * What in the data folder is not private (folders 0700, files 0600); the kept copies inside backups/KEY/ID keep the
 * skill's own modes (a rollback puts them back as they were), behind their 0700 folders.
 */
async function privateModes(data: string): Promise<string[]> {
  const wrong: string[] = [];
  const walk = async (dir: string, depth: string[]) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const at = path.join(dir, entry.name);
      const mode = ((await lstat(at)).mode & 0o777).toString(8);
      const keptCopy = depth[0] === "backups" && depth.length === 2;
      if (!keptCopy && mode !== (entry.isDirectory() ? "700" : "600")) wrong.push(`${mode} ${at}`);
      if (entry.isDirectory() && !keptCopy) await walk(at, [...depth, entry.name]);
    }
  };
  await walk(data, []);
  return wrong;
}
const modeOf = async (p: string) => ((await stat(p)).mode & 0o777).toString(8);

describe("skillshelf remove --home DIR", () => {
  it("records the removal in the running user's private data folder, and the rollback it prints puts it back", async () => {
    await writeTree(path.join(tmp.dir, "src", "editor"), { "SKILL.md": SKILL("editor"), "a.md": "A\n" });
    const added = await cli(["add", path.join(tmp.dir, "src", "editor"), "--client", "claude-code", "--yes"]);
    expect(added.stderr).not.toMatch(/\bat \S+ \(/);
    expect(added.code).toBe(0);

    await writeTree(path.join(tmp.dir, "v2", "editor"), { "SKILL.md": SKILL("editor").replace("Body.", "Body 2.") });
    const updated = await cli(["update", "editor", "--from", path.join(tmp.dir, "v2", "editor"), "--yes"]);
    expect(updated.code).toBe(0);
    const removed = await cli(["remove", "editor", "--yes"]);
    expect(removed.code).toBe(0);
    const promise = /`(skillshelf rollback [^`]+)` puts it back/.exec(removed.stdout)?.[1];
    expect(promise).toBe(`skillshelf rollback editor --home ${theirHome}`);
    expect(await lstat(path.join(theirHome, ".claude", "skills", "editor")).catch(() => null)).toBeNull();
    expect(await lstat(path.join(theirHome, ".local")).catch(() => null)).toBeNull();

    const data = path.join(ownHome, ".local", "share", "skillshelf");
    expect(await privateModes(data)).toEqual([]);
    const records = await readdir(path.join(data, "removals"));
    expect(records).toEqual([expect.stringMatching(/^editor\.\d+-[0-9a-f]{8}\.json$/)]);
    expect(await modeOf(data)).toBe("700");
    expect(await modeOf(path.join(data, "removals"))).toBe("700");
    expect(await modeOf(path.join(data, "removals", records[0]!))).toBe("600");

    const args = promise!.split(" ").slice(1);
    const rolledBack = await runBin([...args, "--platform", "linux"], { env, cwd: tmp.dir });
    expect(rolledBack.stderr).not.toMatch(/\bat \S+ \(/);
    expect(rolledBack.code).toBe(0);
    expect(await readFile(path.join(theirHome, ".claude", "skills", "editor", "a.md"), "utf8")).toBe("A\n");
  });

  it("refuses a home of another user: its folders, and its link to one of this user's folders, are left alone", async (ctx) => {
    if (process.getuid?.() !== 0) skipBecause(ctx, "handing a home to another user (chown) needs root");
    // Root's own folder, reachable only through a link Alice made in her home.
    const rootOnly = path.join(tmp.dir, "root-only");
    await writeTree(path.join(rootOnly, "editor"), { "SKILL.md": SKILL("editor") });
    await chmod(rootOnly, 0o700);
    await mkdir(path.join(theirHome, ".gemini"));
    await symlink(rootOnly, path.join(theirHome, ".gemini", "skills"));
    await writeTree(path.join(theirHome, ".cursor", "skills", "editor"), { "SKILL.md": SKILL("editor") });
    for (const p of [
      ".",
      ".gemini",
      ".cursor",
      ".cursor/skills",
      ".cursor/skills/editor",
      ".cursor/skills/editor/SKILL.md",
    ])
      await chown(path.join(theirHome, p), NOBODY, NOBODY);
    await lchown(path.join(theirHome, ".gemini", "skills"), NOBODY, NOBODY);
    const before = Object.fromEntries(await fingerprintTree(rootOnly));
    const theirsBefore = Object.fromEntries(await fingerprintTree(path.join(theirHome, ".cursor")));

    for (const client of ["gemini-cli", "cursor"]) {
      const run = await cli(["remove", "editor", "--client", client, "--yes"]);
      expect(run.stderr + run.stdout).toMatch(/does not change/);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /Skillshelf does not change .* belongs to another user \(uid 65534\).*Nothing was changed\./,
      );
      expect(run.stdout).not.toMatch(/puts it back/);
    }
    expect(Object.fromEntries(await fingerprintTree(rootOnly))).toEqual(before);
    expect(Object.fromEntries(await fingerprintTree(path.join(theirHome, ".cursor")))).toEqual(theirsBefore);
    expect(await lstat(path.join(ownHome, ".local", "share", "skillshelf", "removals")).catch(() => null)).toBeNull();

    const share = await cli(["share", "editor", "--client", "gemini-cli"]);
    expect(share.code).toBe(1);
    expect(Object.fromEntries(await fingerprintTree(rootOnly))).toEqual(before);
  });
});
