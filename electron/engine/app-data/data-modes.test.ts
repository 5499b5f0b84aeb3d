// The data folder is this user's alone: after an add, a remove, a Claude Desktop hand-off with no Downloads folder, an
// update and its undo (each through the lifecycle service or the swap it uses), every folder Skillshelf made there is
// 0700 and every file it wrote 0600. Only the kept copies themselves (a skill folder moved whole into backups/) keep
// the modes the skill had, so that putting one back changes nothing.
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { prepareDesktopHandoff } from "../desktop-handoff/desktop-handoff";
import { LifecycleService } from "../lifecycle/service";
import { applyFolderUpdate } from "../transaction/swap";
import { backupsRoot } from "./data-dir";

const md = (version: string) =>
  `---\nname: tidy\ndescription: The tidy skill.\nmetadata:\n  version: "${version}"\n---\n# Tidy ${version}\n`;

let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;
let dataDir: string;
let service: LifecycleService;
beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-data-modes-");
  home = path.join(tmp.dir, "home");
  dataDir = path.join(tmp.dir, "data");
  service = new LifecycleService({ dataDir, home, platform: "linux", env: {} });
});
afterEach(async () => {
  await service.dispose();
  await tmp.cleanup();
});

/** Every entry of the data folder whose mode is not 0700 (folder) or 0600 (file), kept copies' contents aside. */
async function strayModes(): Promise<string[]> {
  const stray: string[] = [];
  const keptCopies = backupsRoot(dataDir);
  const walk = async (dir: string): Promise<void> => {
    for (const name of await readdir(dir)) {
      const at = path.join(dir, name);
      const info = await lstat(at);
      const mode = info.mode & 0o777;
      const kept = path.dirname(path.dirname(at)) === keptCopies && info.isDirectory();
      if (info.isDirectory() ? mode !== 0o700 : !info.isFile() || mode !== 0o600)
        if (!kept) stray.push(`${path.relative(dataDir, at)} ${mode.toString(8)}`);
      if (info.isDirectory() && !kept) await walk(at);
    }
  };
  const top = (await lstat(dataDir)).mode & 0o777;
  if (top !== 0o700) stray.push(`. ${top.toString(8)}`);
  await walk(dataDir);
  return stray;
}

describe("the data folder's modes", () => {
  it("are 0700 for folders and 0600 for files after add, remove, a hand-off fallback, an update and its undo", async () => {
    const source = path.join(tmp.dir, "src", "tidy");
    await writeTree(source, { "SKILL.md": md("1.0.0"), "scripts/run.sh": "#!/bin/sh\necho tidy\n" });
    const steps: Record<string, string[]> = {};

    const added = await service.add(source, { cwd: tmp.dir, clients: ["agents", "claude-code"] });
    expect(added.applied).toBe(true);
    steps.add = await strayModes();

    const copy = path.join(home, ".agents", "skills", "tidy");
    const newer = path.join(tmp.dir, "src2", "tidy");
    await writeTree(newer, { "SKILL.md": md("2.0.0") });
    await applyFolderUpdate(copy, newer, { dataDir });
    await service.rollback({ name: "tidy", dir: copy, realDir: copy });
    steps.update = await strayModes();

    const handoff = await prepareDesktopHandoff(newer, {
      name: "tidy",
      version: "2.0.0",
      home,
      env: {},
      platform: "linux",
      dataDir,
    });
    expect(handoff.archive).toBe(path.join(dataDir, "handoff", "tidy-2.0.0.skill"));
    steps.handoff = await strayModes();

    await service.remove(await service.planRemove("tidy"));
    steps.remove = await strayModes();

    expect(steps).toEqual({ add: [], update: [], handoff: [], remove: [] });
  });
});
