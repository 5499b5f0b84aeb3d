// The Desktop hand-off: a real archive saved where the user finds it, never replacing a file, the Desktop tree
// untouched; opening and revealing through the system's opener (a recording stand-in for open/explorer/xdg-open on PATH).
import { chmod, mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFixtureHome, fixtureDesktopRoot } from "../../../test-support/fixture-homes";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { hashSkillFolder } from "../discovery/hash";
import { readSkillArchive } from "../skill/archive";
import { desktopUploadSteps, openWithSystem, prepareDesktopHandoff, revealInFolder } from "./desktop-handoff";
import { PackRefusedError } from "../archive/pack";

let tmp: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir: tmp, cleanup } = await makeTempDir("skillshelf-handoff-")));
afterAll(async () => cleanup());

const NEW_VERSION =
  "---\nname: agentkey\ndescription: Keeps API keys out of prompts. Use when a task needs a secret.\nversion: 1.8.0\nauthor: Example\n---\n\n# AgentKey 1.8.0\n";

async function newSkill(where: string, text = NEW_VERSION): Promise<string> {
  const dir = path.join(tmp, where, "agentkey-1.8.0");
  await writeTree(dir, { "SKILL.md": text, "references/protocol.md": "# Protocol\n" });
  return dir;
}

describe("prepareDesktopHandoff", () => {
  it("saves NAME-VERSION.skill in <dataDir>/handoff when there is no Downloads folder, passing the desktop profile, Desktop's tree untouched", async () => {
    const { home, env } = await buildFixtureHome("linux", path.join(tmp, "linux"));
    const desktopRoot = fixtureDesktopRoot(home, "linux");
    const before = await hashSkillFolder(desktopRoot);
    const dataDir = path.join(tmp, "linux", "data");
    const handoff = await prepareDesktopHandoff(await newSkill("linux"), {
      name: "agentkey",
      version: "1.8.0",
      home,
      env,
      platform: "linux",
      dataDir,
    });

    expect(handoff.archive).toBe(path.join(dataDir, "handoff", "agentkey-1.8.0.skill"));
    expect(handoff.files).toEqual(["agentkey/SKILL.md", "agentkey/references/protocol.md"]);
    expect(Object.keys(unzipSync(await readFile(handoff.archive))).sort()).toEqual(handoff.files);
    expect(await readSkillArchive(handoff.archive, { profile: "claude-desktop" })).toMatchObject({
      valid: true,
      version: "1.8.0",
    });
    expect(handoff.moved).toEqual(["version", "author"]);
    expect(handoff.steps).toEqual(desktopUploadSteps(handoff.archive, "agentkey", "1.8.0"));
    expect(handoff.steps.join("\n")).toContain("Customize → Skills");
    expect(handoff.steps.join("\n")).toContain(handoff.archive);
    expect(await hashSkillFolder(desktopRoot)).toBe(before);
  });

  it("one file per version: the same version again reuses its file; a different file of that name is never replaced", async () => {
    const outDir = path.join(tmp, "suffix", "out");
    const dir = await newSkill("suffix");
    const first = await prepareDesktopHandoff(dir, { name: "agentkey", version: "1.8.0", outDir });
    const bytes = await readFile(first.archive);
    const again = await prepareDesktopHandoff(dir, { name: "agentkey", version: "1.8.0", outDir });
    expect(again.archive).toBe(first.archive);
    expect(again.steps).toEqual(first.steps);
    expect(await readdir(outDir)).toEqual(["agentkey-1.8.0.skill"]);

    await writeFile(path.join(dir, "SKILL.md"), NEW_VERSION + "\nA changed line.\n");
    const changed = await prepareDesktopHandoff(dir, { name: "agentkey", version: "1.8.0", outDir });
    expect(path.basename(changed.archive)).toBe("agentkey-1.8.0-2.skill");
    expect(Buffer.compare(await readFile(first.archive), bytes)).toBe(0);
    expect((await readdir(outDir)).sort()).toEqual(["agentkey-1.8.0-2.skill", "agentkey-1.8.0.skill"]);
  });

  it("uses the Downloads folder when it exists (XDG_DOWNLOAD_DIR on Linux), and keeps a hostile version out of the path", async () => {
    const home = path.join(tmp, "downloads", "home");
    await mkdir(path.join(home, "Downloads"), { recursive: true });
    const onMac = await prepareDesktopHandoff(await newSkill("downloads-mac"), {
      name: "agentkey",
      version: "1.8.0",
      home,
      platform: "darwin",
      env: {},
      dataDir: path.join(tmp, "unused"),
    });
    expect(path.dirname(onMac.archive)).toBe(path.join(home, "Downloads"));
    await writeTree(home, {
      ".config/user-dirs.dirs": 'XDG_DESKTOP_DIR="$HOME/Desktop"\nXDG_DOWNLOAD_DIR="$HOME/Téléchargements"\n',
    });
    await mkdir(path.join(home, "Téléchargements"));
    const handoff = await prepareDesktopHandoff(await newSkill("downloads"), {
      name: "agentkey",
      version: "../../1.8\u001b[2J",
      home,
      platform: "linux",
      env: {},
      dataDir: path.join(tmp, "unused"),
    });
    expect(path.dirname(handoff.archive)).toBe(path.join(home, "Téléchargements"));
    expect(path.basename(handoff.archive)).toBe("agentkey-_.._1.8__2J.skill");
  });

  it("refuses a new version whose name is not the installed skill's, leaving no file behind", async () => {
    const outDir = path.join(tmp, "mismatch", "out");
    const error = await prepareDesktopHandoff(await newSkill("mismatch"), {
      name: "agent-key",
      version: "1.8.0",
      outDir,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PackRefusedError);
    expect((error as PackRefusedError).diagnostics.map((d) => d.code)).toEqual(["desktop.handoff.name"]);
    expect(await readdir(outDir)).toEqual([]);
  });
});

describe.skipIf(process.platform === "win32")(
  "openWithSystem and revealInFolder (argv, never a shell string; skipped on Windows: the stand-in openers are sh scripts)",
  () => {
    let bin: string;
    let log: string;
    let file: string;
    beforeAll(async () => {
      bin = path.join(tmp, "bin");
      log = path.join(tmp, "opener.log");
      await mkdir(bin, { recursive: true });
      // Stand-ins for the system openers: each records its name and arguments, one per line.
      for (const name of ["open", "xdg-open", "explorer.exe"]) {
        const exit = name === "explorer.exe" ? 1 : 0; // explorer exits 1 even when it worked
        await writeFile(path.join(bin, name), `#!/bin/sh\nprintf '%s\\n' "${name}" "$@" >> "${log}"\nexit ${exit}\n`);
        await chmod(path.join(bin, name), 0o755);
      }
      file = path.join(tmp, "a folder; $(touch pwned)", "agentkey-1.8.0.skill");
      await writeTree(path.dirname(file), { "agentkey-1.8.0.skill": "zip" });
    });
    const env = () => ({ PATH: bin });
    const calls = async () => {
      const text = await readFile(log, "utf8");
      await writeFile(log, "");
      return text.trimEnd().split("\n");
    };

    it("macOS: open FILE and open -R FILE", async () => {
      expect(await openWithSystem(file, { platform: "darwin", env: env() })).toMatchObject({ ok: true });
      expect(await calls()).toEqual(["open", file]);
      expect(await revealInFolder(file, { platform: "darwin", env: env() })).toMatchObject({ ok: true });
      expect(await calls()).toEqual(["open", "-R", file]);
    });

    it("Windows: explorer FILE and explorer /select,FILE (its exit code 1 is not a failure)", async () => {
      expect(await openWithSystem(file, { platform: "win32", env: env() })).toMatchObject({ ok: true });
      expect(await calls()).toEqual(["explorer.exe", file]);
      expect(await revealInFolder(file, { platform: "win32", env: env() })).toMatchObject({ ok: true });
      expect(await calls()).toEqual(["explorer.exe", `/select,${file}`]);
    });

    it("Linux: xdg-open FILE, and xdg-open on its folder to reveal; the odd folder name is passed as one argument", async () => {
      expect(await openWithSystem(file, { platform: "linux", env: env() })).toMatchObject({
        ok: true,
        message: `Opened ${file}.`,
      });
      expect(await calls()).toEqual(["xdg-open", file]);
      expect(await revealInFolder(file, { platform: "linux", env: env() })).toMatchObject({ ok: true });
      expect(await calls()).toEqual(["xdg-open", path.dirname(file)]);
      await expect(readFile(path.join(tmp, "pwned"))).rejects.toMatchObject({ code: "ENOENT" });
    });

    it("reports failures: a missing opener, an opener that fails, a file that is not there", async () => {
      const missing = await openWithSystem(file, { platform: "linux", env: { PATH: path.join(tmp, "empty") } });
      expect(missing).toEqual({
        ok: false,
        message: `Skillshelf couldn't open Claude Desktop. Open it yourself and upload the file at ${file}.`,
        detail: "xdg-open was not found on this system.",
      });
      const failing = path.join(tmp, "failing-bin");
      await writeTree(failing, { "xdg-open": "#!/bin/sh\nexit 4\n" });
      await chmod(path.join(failing, "xdg-open"), 0o755);
      expect(await openWithSystem(file, { platform: "linux", env: { PATH: failing } })).toEqual({
        ok: false,
        message: `Skillshelf couldn't open Claude Desktop. Open it yourself and upload the file at ${file}.`,
        detail: "xdg-open failed (exit code 4).",
      });
      expect(await revealInFolder(file, { platform: "linux", env: { PATH: failing } })).toEqual({
        ok: false,
        message: `Skillshelf couldn't show the file in its folder. The file is at ${file}.`,
        detail: "xdg-open failed (exit code 4).",
      });
      expect(await openWithSystem(path.join(tmp, "nope.skill"), { platform: "linux", env: env() })).toMatchObject({
        ok: false,
        message: expect.stringContaining("is not a file"),
      });
    });
  },
);
