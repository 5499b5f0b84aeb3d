// `skillshelf update` for a Claude Desktop copy, through the built bin: the .skill is produced and passes the desktop
// profile with exactly the expected files, the Desktop tree is left as it was, and --wait reports the arrival when the
// new version shows up in the tree.
import { spawn } from "node:child_process";
import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, runBin } from "../../../test-support/cli";
import { buildFixtureHome, fixtureDesktopTree } from "../../../test-support/fixture-homes";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { hashSkillFolder } from "../../engine/discovery/hash";
import { readSkillArchive } from "../../engine/skill/archive";
import { readHistory } from "../../engine/lifecycle/history";

let tmp: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir: tmp, cleanup } = await makeTempDir("skillshelf-update-desktop-")));
afterAll(async () => cleanup());

const NEW_SKILL =
  '---\nname: brand-voice\ndescription: Rewrites text in the company\'s brand voice.\nmetadata:\n  version: "2.1.0"\n---\n# Brand voice 2.1\n\nSee [words](references/words.md).\n';

async function setup(name: string, platform: "linux" | "darwin" = "linux") {
  const { home, env } = await buildFixtureHome(platform, path.join(tmp, name));
  const tree = fixtureDesktopTree(home, platform);
  const release = path.join(tmp, name, "brand-voice-2.1.0.zip");
  await writeFile(
    release,
    zipSync({ "brand-voice/SKILL.md": strToU8(NEW_SKILL), "brand-voice/references/words.md": strToU8("# Words\n") }),
  );
  const data = path.join(tmp, name, "data");
  return { home, tree, release, data, env: { ...env, SKILLSHELF_DATA_DIR: data } };
}

describe("skillshelf update (Claude Desktop copy)", () => {
  it("goes through the lifecycle service: the hand-off is in the history, and --platform darwin reaches it", async () => {
    const { home, tree, release, data, env } = await setup("darwin", "darwin");
    // On Linux the hand-off goes to XDG_DOWNLOAD_DIR; on macOS to ~/Downloads: where it lands says which platform ran.
    await writeTree(home, {
      ".config/user-dirs.dirs": 'XDG_DOWNLOAD_DIR="$HOME/Linux-Downloads"\n',
      "Linux-Downloads/.keep": "",
      "Downloads/.keep": "",
    });
    const target = path.join(tree, "skills", "brand-voice");
    const run = await runBin(["update", target, "--from", release, "--home", home, "--platform", "darwin", "--json"], {
      env,
    });
    expect(run.code, run.stderr + run.stdout).toBe(0);
    const report = JSON.parse(run.stdout) as { kind: string; archive: string; steps: string[] };
    expect(report).toMatchObject({
      kind: "desktop-upload",
      archive: path.join(home, "Downloads", "brand-voice-2.1.0.skill"),
    });
    expect(report.steps.join("\n")).toContain(report.archive);
    expect(await readdir(path.join(home, "Linux-Downloads"))).toEqual([".keep"]);
    const history = await readHistory(data);
    expect(history.records).toEqual([
      expect.objectContaining({
        kind: "handoff",
        name: "brand-voice",
        target,
        to: "2.1.0",
      }),
    ]);
  });

  it("produces a .skill that passes the desktop profile, prints the steps, and leaves the Desktop tree untouched", async () => {
    const { home, tree, release, data, env } = await setup("plain");
    const before = await hashSkillFolder(tree);
    const run = await runBin(
      [
        "update",
        path.join(tree, "skills", "brand-voice"),
        "--from",
        release,
        "--home",
        home,
        "--platform",
        "linux",
        "--json",
      ],
      { env },
    );
    expect(run.code, run.stderr + run.stdout).toBe(0);
    const report = JSON.parse(run.stdout) as {
      kind: string;
      archive: string;
      version: string;
      steps: string[];
      moved: string[];
    };
    expect(report).toMatchObject({
      kind: "desktop-upload",
      archive: path.join(data, "handoff", "brand-voice-2.1.0.skill"),
      version: "2.1.0",
      moved: [],
    });
    expect(report.steps.length).toBeGreaterThan(3);
    expect(Object.keys(unzipSync(await readFile(report.archive))).sort()).toEqual([
      "brand-voice/SKILL.md",
      "brand-voice/references/words.md",
    ]);
    expect(await readSkillArchive(report.archive, { profile: "claude-desktop" })).toMatchObject({
      valid: true,
      version: "2.1.0",
    });
    expect(await hashSkillFolder(tree)).toBe(before);
  });

  it(
    "--wait reports the arrival once the new version is written into the Desktop tree",
    { timeout: 120_000 },
    async () => {
      const { home, tree, release, data, env } = await setup("wait");
      const child = spawn(
        process.execPath,
        [
          BIN,
          "update",
          path.join(tree, "skills", "brand-voice"),
          "--from",
          release,
          "--home",
          home,
          "--platform",
          "linux",
          "--wait",
          "--wait-minutes",
          "2",
        ],
        { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
      );
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
      try {
        for (let i = 0; i < 600 && !stdout.includes("Waiting for Claude Desktop"); i++)
          await new Promise((r) => setTimeout(r, 100));
        expect(stdout, stderr).toContain("Waiting for Claude Desktop");
        expect(await readdir(path.join(data, "handoff"))).toEqual(["brand-voice-2.1.0.skill"]);
        await writeTree(path.join(tree, "skills", "brand-voice"), { "SKILL.md": NEW_SKILL });
        expect(await exited, stderr).toBe(0);
        expect(stdout).toContain(`Updated — Claude Desktop now has version 2.1.0 (${tree}).`);
      } finally {
        child.kill("SIGKILL");
      }
    },
  );
});
