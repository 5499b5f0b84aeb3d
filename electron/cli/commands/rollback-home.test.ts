// `--home` names whose skills to look at, never where Skillshelf's own records are: a journal planted in the data
// folder below another user's home must not decide what this process moves or deletes, and neither may a removal record
// that user's own skillshelf wrote (run as an unprivileged user through setpriv).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chmod, chown, lstat, mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { runBin, runBinUnprivileged, unprivilegedUnavailable } from "../../../test-support/cli";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { fingerprintTree } from "../../../test-support/tree-fingerprint";

let tmp: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-rollback-home-");
});
afterEach(async () => tmp.cleanup());

describe("skillshelf rollback --home ANOTHER_USERS_HOME", () => {
  it("never reads the data folder below that home: a journal planted there deletes nothing", async () => {
    const theirHome = path.join(tmp.dir, "their-home");
    const ownHome = path.join(tmp.dir, "own-home");
    const victim = path.join(tmp.dir, "victim", "precious");
    const skill = path.join(theirHome, ".claude", "skills", "tool");
    await writeTree(skill, { "SKILL.md": "---\nname: tool\ndescription: A tool skill.\n---\n" });
    await writeTree(victim, { "keep.txt": "the victim's file\n" });
    await mkdir(ownHome);
    const journalDir = path.join(theirHome, ".local", "share", "skillshelf", "journal");
    await mkdir(journalDir, { recursive: true });
    // As the old code read it: an update that "had not started", whose staged copy (the victim) recovery deletes.
    const journal = {
      id: "0123456789ab",
      pid: 999_999_999,
      op: "update",
      step: "staging",
      target: skill,
      stage: victim,
      stageOwned: true,
      backup: path.join(tmp.dir, "nowhere"),
      createdAt: new Date().toISOString(),
      keepBackups: 3,
    };
    await writeFile(path.join(journalDir, "0123456789ab.json"), JSON.stringify(journal));
    if (process.getuid?.() === 0) await chown(theirHome, 65534, 65534);
    const before = Object.fromEntries(await fingerprintTree(victim));

    const run = await runBin(["rollback", "tool", "--home", theirHome, "--platform", "linux"], {
      env: { HOME: ownHome, XDG_DATA_HOME: "", SKILLSHELF_DATA_DIR: "" },
      cwd: tmp.dir,
    });
    expect(run.stderr).toMatch(/no earlier copy/);
    expect(Object.fromEntries(await fingerprintTree(victim))).toEqual(before);
    expect(await readdir(journalDir)).toEqual(["0123456789ab.json"]);
    expect(await readdir(path.join(ownHome, ".local", "share", "skillshelf"))).toContain("journal");
  });

  it("refuses a removal record an unprivileged user's own skillshelf wrote, touching nothing of theirs", async (ctx) => {
    if (process.getuid?.() !== 0) skipBecause(ctx, "running the CLI as another user (setpriv) needs root");
    const unavailable = unprivilegedUnavailable();
    if (unavailable) skipBecause(ctx, unavailable);
    const alice = path.join(tmp.dir, "alice");
    const aliceHome = path.join(alice, "home");
    const aliceData = path.join(alice, "data");
    await writeTree(path.join(aliceHome, ".claude", "skills", "editor"), {
      "SKILL.md": "---\nname: editor\ndescription: Alice's editor skill.\n---\n",
    });
    await chmod(tmp.dir, 0o711);
    for (const at of [alice, aliceHome, path.join(aliceHome, ".claude"), path.join(aliceHome, ".claude", "skills")])
      await chown(at, 65534, 65534);
    for (const at of ["", "SKILL.md"])
      await chown(path.join(aliceHome, ".claude", "skills", "editor", at), 65534, 65534);
    const aliceEnv = { HOME: aliceHome, XDG_DATA_HOME: "", SKILLSHELF_DATA_DIR: aliceData };

    const removed = await runBinUnprivileged(
      ["remove", "editor", "--yes", "--home", aliceHome, "--platform", "linux"],
      {
        env: aliceEnv,
      },
    );
    expect(removed.code, removed.stderr + removed.stdout).toBe(0);
    const [record] = await readdir(path.join(aliceData, "removals"));
    expect((await lstat(path.join(aliceData, "removals", record!))).uid).toBe(65534);
    const before = Object.fromEntries(await fingerprintTree(alice));

    // Root, pointed at Alice's data folder (a shared SKILLSHELF_DATA_DIR, or the old --home rule), must not act on it.
    const run = await runBin(["rollback", "editor", "--home", aliceHome, "--platform", "linux"], {
      env: aliceEnv,
      cwd: tmp.dir,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/belongs to another user \(uid 65534, not 0\)/);
    expect(Object.fromEntries(await fingerprintTree(alice))).toEqual(before);
    expect(await lstat(path.join(aliceHome, ".claude", "skills", "editor")).catch(() => null)).toBeNull();
  });
});
