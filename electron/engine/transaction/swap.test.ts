import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  stat,
  symlink,
  utimes,
  writeFile,
} from "node:fs/promises";
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import path from "node:path";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { diffFolders } from "../apply/diff";
import { lockTarget } from "./journal";
import { readManifest } from "./manifest";
import { targetKey } from "../app-data/data-paths";
import { applyFolderUpdate, listBackups, recoverInterrupted, rollback } from "./swap";
import { fingerprintTree } from "../../../test-support/tree-fingerprint";

let tmp: { dir: string; cleanup: () => Promise<void> };
let dataDir: string;
let skills: string;
let target: string;
beforeEach(async () => {
  tmp = await makeTempDir();
  dataDir = path.join(tmp.dir, "data");
  skills = path.join(tmp.dir, "home", ".claude", "skills");
  target = path.join(skills, "demo");
});
afterEach(async () => tmp.cleanup());

const skillMd = (version: string) =>
  `---\nname: demo\ndescription: The demo skill.\nmetadata:\n  version: "${version}"\n---\n\n# Demo ${version}\n`;

async function release(version: string, extra: Record<string, string> = {}): Promise<string> {
  const dir = path.join(tmp.dir, `release-${version}`, "demo");
  await writeTree(dir, { "SKILL.md": skillMd(version), "scripts/run.sh": `#!/bin/sh\necho ${version}\n`, ...extra });
  await chmod(path.join(dir, "scripts/run.sh"), 0o755);
  return dir;
}

const snapshot = async (dir: string) => Object.fromEntries(await fingerprintTree(dir));

describe("applyFolderUpdate", () => {
  it("swaps in the new version, keeps the user's files and exec bits, and backs up the old copy", async () => {
    await writeTree(target, { "SKILL.md": skillMd("1.0.0"), "notes/mine.md": "my notes\n", "old.txt": "from 1.0.0\n" });
    const before = await snapshot(target);
    const next = await release("2.0.0", { "new.txt": "added\n" });
    const plan = await diffFolders(target, next);
    expect(plan.added).toEqual(["new.txt", "scripts/run.sh"]);
    expect(plan.changed).toEqual(["SKILL.md"]);
    expect(plan.kept).toEqual(["notes/mine.md", "old.txt"]);
    expect(plan.files.find((f) => f.path === "SKILL.md")?.diff).toMatch(/-# Demo 1\.0\.0\n\+# Demo 2\.0\.0/);
    const result = await applyFolderUpdate(target, next, { dataDir, keep: plan.kept });
    expect(result).toMatchObject({ version: "2.0.0", previousVersion: "1.0.0", kept: ["notes/mine.md", "old.txt"] });
    expect(await readFile(path.join(target, "SKILL.md"), "utf8")).toBe(skillMd("2.0.0"));
    expect(await readFile(path.join(target, "notes/mine.md"), "utf8")).toBe("my notes\n");
    expect((await lstat(path.join(target, "scripts/run.sh"))).mode & 0o111).not.toBe(0);
    expect(await snapshot(result.backup)).toEqual(before);
    expect((await readdir(skills)).sort()).toEqual(["demo"]);
    expect((await readManifest(dataDir, target))?.files).toHaveProperty("new.txt");
    expect(await readdir(path.join(dataDir, "journal"))).toEqual([]);
  });

  it("knows after one update which files are the release's: a file the release drops is removed, the user's are kept", async () => {
    await writeTree(target, { "SKILL.md": skillMd("1.0.0") });
    const v2 = await release("2.0.0", { "dropped.txt": "only in 2\n", "edited.txt": "release text\n" });
    await applyFolderUpdate(target, v2, { dataDir });
    await writeFile(path.join(target, "mine.txt"), "user file\n");
    await writeFile(path.join(target, "edited.txt"), "user edit\n");
    const v3 = await release("3.0.0");
    const plan = await diffFolders(target, v3, { manifest: await readManifest(dataDir, target) });
    expect(plan.removed).toEqual(["dropped.txt"]);
    expect(plan.kept).toEqual(["edited.txt", "mine.txt"]);
    expect(plan.files.find((f) => f.path === "mine.txt")?.note).toMatch(/your file/);
    await applyFolderUpdate(target, v3, { dataDir, keep: plan.kept });
    expect((await readdir(target)).sort()).toEqual(["SKILL.md", "edited.txt", "mine.txt", "scripts"]);
  });

  it("describes binary changes by size", async () => {
    await writeTree(target, { "SKILL.md": skillMd("1.0.0"), "logo.png": new Uint8Array([0x89, 0x50, 0, 1, 2]) });
    const next = await release("2.0.0", {});
    await writeFile(path.join(next, "logo.png"), new Uint8Array([0x89, 0x50, 0, 1, 2, 3, 4]));
    const plan = await diffFolders(target, next);
    expect(plan.files.find((f) => f.path === "logo.png")).toMatchObject({
      change: "changed",
      binary: true,
      note: "not text, 5 bytes → 7 bytes",
    });
  });

  it("updates a skill linked into several clients once, in its real folder", async () => {
    await writeTree(target, { "SKILL.md": skillMd("1.0.0") });
    const agents = path.join(tmp.dir, "home", ".agents", "skills");
    await mkdir(agents, { recursive: true });
    await symlink(target, path.join(agents, "demo"));
    await expect(
      applyFolderUpdate(path.join(agents, "demo"), await release("2.0.0"), { dataDir }),
    ).rejects.toMatchObject({ code: "install.target.unsafe" });
    await applyFolderUpdate(target, await release("2.0.0"), { dataDir });
    expect(await readlink(path.join(agents, "demo"))).toBe(target);
    expect(await readFile(path.join(agents, "demo", "SKILL.md"), "utf8")).toBe(skillMd("2.0.0"));
  });

  it("refuses a new copy holding a link out of its folder, leaving the skill as it was", async () => {
    await writeTree(target, { "SKILL.md": skillMd("1.0.0") });
    const before = await snapshot(target);
    const next = await release("2.0.0");
    await symlink("/etc/passwd", path.join(next, "passwd"));
    await expect(applyFolderUpdate(target, next, { dataDir })).rejects.toMatchObject({
      code: "install.target.unsafe",
      message: expect.stringMatching(/"passwd" is a link/),
    });
    expect(await snapshot(target)).toEqual(before);
    expect((await readdir(skills)).sort()).toEqual(["demo"]);
    expect(await recoverInterrupted(dataDir)).toEqual([]);
  });
});

describe("rollback", () => {
  it("restores the previous copy byte for byte, and is itself undoable", async () => {
    await writeTree(target, { "SKILL.md": skillMd("1.0.0"), "data.bin": new Uint8Array([0, 1, 2, 255]) });
    await chmod(path.join(target, "data.bin"), 0o600);
    const v1 = await snapshot(target);
    await applyFolderUpdate(target, await release("2.0.0"), { dataDir });
    const v2 = await snapshot(target);
    const back = await rollback(target, dataDir);
    expect(back).toMatchObject({ version: "1.0.0", previousVersion: "2.0.0" });
    expect(await snapshot(target)).toEqual(v1);
    expect((await lstat(path.join(target, "data.bin"))).mode & 0o777).toBe(0o600);
    await rollback(target, dataDir);
    expect(await snapshot(target)).toEqual(v2);
  });

  it("keeps the newest N backups and says when there is none", async () => {
    await writeTree(target, { "SKILL.md": skillMd("1.0.0") });
    await expect(rollback(target, dataDir)).rejects.toMatchObject({ code: "install.rollback.none" });
    for (const v of ["2.0.0", "3.0.0", "4.0.0"])
      await applyFolderUpdate(target, await release(v), { dataDir, keepBackups: 2 });
    const backups = await listBackups(target, dataDir);
    expect(backups.map((b) => b.version)).toEqual(["3.0.0", "2.0.0"]);
    expect((await readdir(path.dirname(backups[0]!.dir))).length).toBe(2);
  });

  it("drops the restored backup from the record, so keeping 3 still keeps 3 real copies", async () => {
    await writeTree(target, { "SKILL.md": skillMd("1.0.0") });
    for (const v of ["2.0.0", "3.0.0", "4.0.0"]) await applyFolderUpdate(target, await release(v), { dataDir });
    const [restored] = await listBackups(target, dataDir);
    expect(restored!.version).toBe("3.0.0");
    await rollback(target, dataDir);
    const record = JSON.parse(await readFile(path.join(dataDir, "backups", `${targetKey(target)}.json`), "utf8")) as {
      backups: Array<{ dir: string }>;
    };
    expect(record.backups.map((b) => b.dir)).not.toContain(restored!.dir);
    expect(record.backups).toHaveLength(3);
    expect((await listBackups(target, dataDir)).map((b) => b.version)).toEqual(["4.0.0", "2.0.0", "1.0.0"]);
    await applyFolderUpdate(target, await release("5.0.0"), { dataDir });
    const kept = await listBackups(target, dataDir);
    expect(kept.map((b) => b.version)).toEqual(["3.0.0", "4.0.0", "2.0.0"]);
    expect((await readdir(path.dirname(kept[0]!.dir))).length).toBe(3);
  });
});

describe("recoverInterrupted", () => {
  it("clears staging folders a killed run left long ago, and keeps recent ones", async () => {
    const staging = path.join(dataDir, "staging");
    await writeTree(path.join(staging, "old-run"), { "download-x": "partial" });
    await writeTree(path.join(staging, "current-run"), { "download-y": "partial" });
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(path.join(staging, "old-run"), twoHoursAgo, twoHoursAgo);
    expect(await recoverInterrupted(dataDir)).toEqual([]);
    expect(await readdir(staging)).toEqual(["current-run"]);
  });

  it("never runs two swaps of one folder at once, and leaves a swap of a live process alone", async () => {
    await writeTree(target, { "SKILL.md": skillMd("1.0.0") });
    const [a, b] = await Promise.allSettled([
      applyFolderUpdate(target, await release("2.0.0"), { dataDir }),
      applyFolderUpdate(target, await release("3.0.0"), { dataDir }),
    ]);
    expect([a.status, b.status].sort()).toEqual(["fulfilled", "rejected"]);
    expect(((a.status === "rejected" ? a : b) as PromiseRejectedResult).reason).toMatchObject({ code: "install.busy" });
    const journal = {
      id: "0123456789ab",
      pid: process.ppid,
      op: "update",
      step: "staged",
      target,
      stage: path.join(skills, ".skillshelf-staging-demo-0123456789ab"),
      stageOwned: true,
      backup: path.join(dataDir, "backups", targetKey(target), "2026-live"),
      createdAt: "",
      keepBackups: 3,
      oldVersion: null,
      oldManifest: null,
      newVersion: null,
      newManifest: null,
    };
    await writeFile(path.join(dataDir, "journal", "0123456789ab.json"), JSON.stringify(journal), { mode: 0o600 });
    expect(await recoverInterrupted(dataDir)).toEqual([]);
    expect(await readdir(path.join(dataDir, "journal"))).toEqual(["0123456789ab.json"]);
  });

  // A process cannot SIGKILL itself on Windows (it exits with status 1 instead), so the crash points are not reached there.
  it.skipIf(process.platform === "win32")(
    "never leaves a lock that blocks the next update, wherever a crash stops the lock being taken",
    async () => {
      const child = fileURLToPath(new URL("../../../test-support/lock-child.ts", import.meta.url));
      const repo = fileURLToPath(new URL("../../..", import.meta.url));
      const journalDir = path.join(dataDir, "journal");
      let finished = false;
      let killed = 0;
      for (let nth = 1; !finished && nth <= 20; nth++) {
        await rm(dataDir, { recursive: true, force: true });
        const run = spawnSync(process.execPath, ["--import", "tsx", child, dataDir, target, String(nth)], {
          encoding: "utf8",
          cwd: repo,
        });
        expect(run.status === 0 || run.signal === "SIGKILL", `${nth}: ${run.stderr}`).toBe(true);
        finished = run.status === 0;
        if (finished) continue;
        killed++;
        await recoverInterrupted(dataDir);
        const release = await lockTarget(dataDir, target);
        expect(await readdir(journalDir), `killed after call ${nth}`).toEqual([`${targetKey(target)}.lock`]);
        await release();
      }
      expect(finished).toBe(true);
      // The file-system calls were really intercepted: mkdir, the temp file, the link, the temp's removal at least.
      expect(killed).toBeGreaterThanOrEqual(4);
    },
  );

  it("takes over the lock of a killed run, clears its torn lock write but never a live process's, and leaves no lock behind", async () => {
    await writeTree(target, { "SKILL.md": skillMd("1.0.0") });
    const journalDir = path.join(dataDir, "journal");
    const lock = `${targetKey(target)}.lock`;
    const gone = spawnSync(process.execPath, ["-e", "0"]).pid!;
    const live = [
      `.${lock}.${process.ppid}.0123456789abcdef.lock-tmp`,
      `.abc.json.${process.ppid}.0123456789abcdef.tmp`,
    ];
    await writeTree(journalDir, {
      [lock]: String(gone),
      [`.${lock}.${gone}.0123456789abcdef.lock-tmp`]: String(gone),
      [`.abc.json.${gone}.0123456789abcdef.tmp`]: "{",
      [`.abd.json.0123456789abcdef.tmp`]: "{",
      [live[0]!]: String(process.ppid),
      [live[1]!]: "{",
    });
    expect(await recoverInterrupted(dataDir)).toEqual([]);
    expect((await readdir(journalDir)).sort()).toEqual([...live].sort());
    for (const name of live) await rm(path.join(journalDir, name));
    await writeTree(journalDir, { [lock]: String(gone) });
    const result = await applyFolderUpdate(target, await release("2.0.0"), { dataDir });
    expect(result.version).toBe("2.0.0");
    expect(await readdir(journalDir)).toEqual([]);
  });
});

/** Why the cross-device case cannot run here, or null: it needs /dev/shm on another file system than the temp folder. */
function otherDeviceUnavailable(): string | null {
  try {
    return statSync("/dev/shm").dev === statSync(tmpdir()).dev
      ? "/dev/shm is on the same file system as the temp folder"
      : null;
  } catch {
    return "there is no /dev/shm to hold a data folder on another file system";
  }
}
const crossDeviceSkip = otherDeviceUnavailable();

describe("backups when the data folder is on another file system", () => {
  it("keeps the backup beside the skill (a rename, never a copy across devices)", async (ctx) => {
    if (crossDeviceSkip) skipBecause(ctx, crossDeviceSkip);
    const otherData = await mkdtemp("/dev/shm/skillshelf-data-");
    try {
      expect((await stat(otherData)).dev).not.toBe((await stat(tmp.dir)).dev);
      await writeTree(target, { "SKILL.md": skillMd("1.0.0") });
      const before = await snapshot(target);
      const result = await applyFolderUpdate(target, await release("2.0.0"), { dataDir: otherData });
      expect(result.backup.startsWith(path.join(skills, ".skillshelf-backups") + path.sep)).toBe(true);
      expect(await snapshot(result.backup)).toEqual(before);
      await rollback(target, otherData);
      expect(await snapshot(target)).toEqual(before);
    } finally {
      await rm(otherData, { recursive: true, force: true });
    }
  });
});
