// What recovery and rollback trust in the data folder: only journals, records and locks of this user that no one else
// may write, naming only paths of the shape Skillshelf gives them. The cross-user cases hand files to another user
// (chown, as root) and skip with the reason elsewhere.
import { afterEach, beforeEach, describe, expect, it, type TestContext } from "vitest";
import { chmod, chown, mkdir, readdir, stat, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { fingerprintTree } from "../../../test-support/tree-fingerprint";
import { backupsRoot, dataDir as dataDirOf, journalRoot } from "./data-dir";
import { lockTarget } from "../transaction/journal";
import { targetKey } from "./data-paths";
import { applyFolderUpdate, listBackups, recoverInterrupted } from "../transaction/swap";

const NOBODY = 65534;
let tmp: { dir: string; cleanup: () => Promise<void> };
let dataDir: string;
let target: string;
let victim: string;

beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-trust-");
  dataDir = path.join(tmp.dir, "data");
  target = path.join(tmp.dir, "home", ".claude", "skills", "demo");
  victim = path.join(tmp.dir, "victim", "precious");
  await writeTree(target, { "SKILL.md": "---\nname: demo\ndescription: Demo.\n---\n" });
  await writeTree(victim, { "keep.txt": "the victim's file\n" });
});
afterEach(async () => {
  await chmod(tmp.dir, 0o700).catch(() => undefined);
  await tmp.cleanup();
});

const snapshot = async (dir: string) => Object.fromEntries(await fingerprintTree(dir));

/** A journal as an attacker writes it: recovery of the old code deletes `stage` (the victim) as an undone update. */
function plantedJournal(id = "0123456789ab"): Record<string, unknown> {
  return {
    id,
    pid: 999_999_999,
    op: "update",
    step: "staging",
    target,
    stage: victim,
    stageOwned: true,
    backup: path.join(tmp.dir, "nowhere"),
    createdAt: new Date().toISOString(),
    keepBackups: 3,
    oldVersion: null,
    oldManifest: null,
    newVersion: null,
    newManifest: null,
  };
}

async function plant(journal: Record<string, unknown>, name = `${String(journal.id)}.json`): Promise<string> {
  await mkdir(journalRoot(dataDir), { recursive: true });
  const file = path.join(journalRoot(dataDir), name);
  await writeFile(file, JSON.stringify(journal), { mode: 0o600 });
  return file;
}

function needRoot(ctx: TestContext): void {
  if (process.platform === "win32") skipBecause(ctx, "file owners and modes are POSIX");
  if (process.getuid?.() !== 0) skipBecause(ctx, "handing a file to another user (chown) needs root");
}

describe("the data folder's place", () => {
  it("follows the running user's home, never the home being scanned; SKILLSHELF_DATA_DIR still overrides", () => {
    expect(dataDirOf({}, "linux")).toBe(path.join(homedir(), ".local/share/skillshelf"));
    expect(dataDirOf({ SKILLSHELF_DATA_DIR: "/x/data" }, "linux")).toBe("/x/data");
    expect(dataDirOf({}, "darwin")).toBe(path.join(homedir(), "Library/Application Support/Skillshelf"));
    // It takes no home: a third argument (the scanned --home) is a type error, not a silently used path.
    // @ts-expect-error the data folder never comes from --home
    expect(dataDirOf({}, "linux", "/home/alice")).toBe(path.join(homedir(), ".local/share/skillshelf"));
  });
});

describe("what Skillshelf writes in its data folder", () => {
  it.skipIf(process.platform === "win32")("is private: folders 0700, records 0600", async () => {
    await writeTree(path.join(tmp.dir, "release", "demo"), {
      "SKILL.md": "---\nname: demo\ndescription: Demo 2.\n---\n",
    });
    await applyFolderUpdate(target, path.join(tmp.dir, "release", "demo"), { dataDir });
    for (const dir of [dataDir, journalRoot(dataDir), backupsRoot(dataDir), path.join(dataDir, "manifests")])
      expect(((await stat(dir)).mode & 0o777).toString(8)).toBe("700");
    const records = [
      path.join(backupsRoot(dataDir), `${targetKey(target)}.json`),
      path.join(dataDir, "manifests", `${targetKey(target)}.json`),
    ];
    for (const file of records) expect(((await stat(file)).mode & 0o777).toString(8)).toBe("600");
  });
});

describe("recoverInterrupted trusts only its own journals", () => {
  it("refuses a journal whose paths are not the shape Skillshelf writes (a stage that is not beside the folder)", async () => {
    const before = await snapshot(victim);
    const file = await plant(plantedJournal());
    const outcomes = await recoverInterrupted(dataDir);
    expect(outcomes).toEqual([
      {
        target: null,
        outcome: "needs-attention",
        detail: expect.stringMatching(/was not used: its backup is not where Skillshelf keeps backups; it was left/),
      },
    ]);
    expect(await snapshot(victim)).toEqual(before);
    expect(await readdir(path.dirname(file))).toContain(path.basename(file));
  });

  it.skipIf(process.platform === "win32")(
    "refuses a journal of the right shape that others may write (mode 0666), touching nothing",
    async () => {
      await mkdir(path.join(path.dirname(target), ".skillshelf-staging-demo-0123456789ab"));
      const journal = {
        ...plantedJournal(),
        stage: path.join(path.dirname(target), ".skillshelf-staging-demo-0123456789ab"),
        backup: path.join(backupsRoot(dataDir), targetKey(target), "b-0123456789ab"),
      };
      const file = await plant(journal);
      await chmod(file, 0o666);
      const outcomes = await recoverInterrupted(dataDir);
      expect(outcomes[0]).toMatchObject({
        outcome: "needs-attention",
        detail: expect.stringMatching(/may be written by other users \(mode 666\)/),
      });
      expect(await readdir(path.dirname(target))).toContain(".skillshelf-staging-demo-0123456789ab");
    },
  );

  it("refuses a journal owned by another user, and a data folder owned by another user, touching nothing", async (ctx) => {
    needRoot(ctx);
    const before = await snapshot(victim);
    const file = await plant(plantedJournal());
    await chown(file, NOBODY, NOBODY);
    expect((await recoverInterrupted(dataDir))[0]).toMatchObject({
      outcome: "needs-attention",
      detail: expect.stringMatching(/belongs to another user \(uid 65534, not 0\)/),
    });
    await chown(dataDir, NOBODY, NOBODY);
    expect(await recoverInterrupted(dataDir)).toEqual([
      {
        target: null,
        outcome: "needs-attention",
        detail: expect.stringMatching(/data folder is not safe to use \(.*belongs to another user/),
      },
    ]);
    await expect(applyFolderUpdate(target, victim, { dataDir })).rejects.toMatchObject({
      code: "install.data.untrusted",
    });
    expect(await snapshot(victim)).toEqual(before);
  });

  it("never takes over or deletes a lock another user planted, and ignores backup records that are not ours", async (ctx) => {
    needRoot(ctx);
    const lock = path.join(journalRoot(dataDir), `${targetKey(target)}.lock`);
    await mkdir(path.dirname(lock), { recursive: true });
    await writeFile(lock, "999999999");
    await chown(lock, NOBODY, NOBODY);
    await recoverInterrupted(dataDir);
    expect(await readdir(path.dirname(lock))).toContain(path.basename(lock));
    await expect(lockTarget(dataDir, target)).rejects.toMatchObject({ code: "install.busy" });

    const record = path.join(backupsRoot(dataDir), `${targetKey(target)}.json`);
    await mkdir(path.dirname(record), { recursive: true });
    await writeFile(
      record,
      JSON.stringify({ target, backups: [{ dir: victim, createdAt: "x", version: null, manifest: null }] }),
    );
    expect(await listBackups(target, dataDir)).toEqual([]);
    await chmod(record, 0o600);
    await chown(record, NOBODY, NOBODY);
    expect(await listBackups(target, dataDir)).toEqual([]);
  });
});
