// An add journal decides what recovery deletes, renames and writes, so it is held to the removal record's rule: only
// one this user wrote (owner, mode), every place a skill folder in a client folder of this home, the lock exactly this
// home's, and every place checked again right before recovery acts. A refused journal changes nothing and says why.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chown, readFile, rename, symlink } from "node:fs/promises";
import path from "node:path";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { fingerprintTree } from "../../../test-support/tree-fingerprint";
import { installerFolderHashes } from "../skill-lock/folder-hash";
import { recoverInterruptedAdds, writeAddJournal, type AddJournal } from "./add-journal";

const NOBODY = 65534;
const ID = "0123456789ab";
const GONE_PID = 999_999_999;
const SKILL = "---\nname: editor\ndescription: The editor skill, for journal trust tests.\n---\n\nBody.\n";
let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;
let dataDir: string;
let victim: string;
let scope: { home: string; env: NodeJS.ProcessEnv; dataDir: string };
let hash: string;

beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-add-journal-trust-");
  home = path.join(tmp.dir, "home");
  dataDir = path.join(tmp.dir, "data");
  victim = path.join(tmp.dir, "victim");
  scope = { home, env: {}, dataDir };
  await writeTree(path.join(home, ".claude", "skills", "editor"), { "SKILL.md": SKILL });
  await writeTree(path.join(victim, "editor"), { "SKILL.md": SKILL });
  hash = (await installerFolderHashes(path.join(victim, "editor")))![0]!;
});
afterEach(() => tmp.cleanup());

const snapshot = async () => Object.fromEntries(await fingerprintTree(tmp.dir));

/** An interrupted add of one copy at `place` (its writer gone), changed by `edit` as an attacker would. */
async function plant(place: string, edit: (j: AddJournal) => void = () => undefined): Promise<string> {
  const journal: AddJournal = {
    id: ID,
    pid: GONE_PID,
    op: "add",
    step: "placing",
    name: "editor",
    createdAt: new Date().toISOString(),
    places: [
      { kind: "copy", path: place, stage: path.join(path.dirname(place), `.skillshelf-staging-editor-${ID}`), hash },
    ],
  };
  edit(journal);
  await writeAddJournal(dataDir, journal);
  return path.join(dataDir, "add-journal", `${ID}.json`);
}

const homeCopy = () => path.join(home, ".claude", "skills", "editor");

describe("recovery reads an add journal only as an add wrote it", () => {
  it("undoes a journal of this user's add in this home (the copy it wrote goes)", async () => {
    await plant(homeCopy());
    const [outcome] = await recoverInterruptedAdds(scope);
    expect(outcome).toMatchObject({ outcome: "undone" });
    expect(await readFile(path.join(homeCopy(), "SKILL.md"), "utf8").catch(() => null)).toBeNull();
  });

  const shapes: Array<[string, () => Promise<unknown>, RegExp]> = [
    [
      "a place outside every client folder of the home",
      () => plant(path.join(victim, "editor")),
      /a place is not in a client folder of this home/,
    ],
    [
      "a lock file elsewhere, merely named .skill-lock.json",
      () =>
        plant(homeCopy(), (j) => {
          j.step = "placed";
          j.lock = { file: path.join(victim, ".skill-lock.json"), entry: { source: "x" } as never };
        }),
      /its lock file is not the installer's lock of this home/,
    ],
    [
      "a project that is not a plain absolute path",
      () => plant(homeCopy(), (j) => void (j.project = "../victim")),
      /its project is not a plain absolute path/,
    ],
  ];
  for (const [what, make, why] of shapes)
    it(`refuses a journal with ${what}, touching nothing`, async () => {
      await make();
      const before = await snapshot();
      const outcomes = await recoverInterruptedAdds(scope);
      expect(outcomes).toEqual([
        { target: null, outcome: "needs-attention", detail: expect.stringMatching(why) as unknown },
      ]);
      expect(await snapshot()).toEqual(before);
    });

  it("refuses a journal another user planted, touching nothing", async (ctx) => {
    if (process.getuid?.() !== 0) skipBecause(ctx, "handing a file to another user (chown) needs root");
    const file = await plant(homeCopy());
    await chown(file, NOBODY, NOBODY);
    const before = await snapshot();
    const outcomes = await recoverInterruptedAdds(scope);
    expect(outcomes).toEqual([
      {
        target: null,
        outcome: "needs-attention",
        detail: expect.stringMatching(/belongs to another user \(uid 65534, not 0\)/) as unknown,
      },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it("checks each place again right before it acts: a client folder swapped for a link to another user's is refused", async (ctx) => {
    if (process.getuid?.() !== 0) skipBecause(ctx, "handing a folder to another user (chown) needs root");
    await plant(homeCopy());
    await chown(victim, NOBODY, NOBODY);
    const skills = path.join(home, ".claude", "skills");
    await rename(skills, path.join(home, ".claude", "skills-moved"));
    await symlink(victim, skills);
    const before = await snapshot();
    const outcomes = await recoverInterruptedAdds(scope);
    expect(outcomes).toEqual([
      {
        target: homeCopy(),
        outcome: "needs-attention",
        detail: expect.stringMatching(
          /was not recovered and its journal was left: .*belongs to another user/,
        ) as unknown,
      },
    ]);
    expect(await snapshot()).toEqual(before);
    expect(await readFile(path.join(victim, "editor", "SKILL.md"), "utf8")).toBe(SKILL);
  });
});
