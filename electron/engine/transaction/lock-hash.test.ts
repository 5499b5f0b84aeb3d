// The installer's lock entry after a content update: one entry's hash (and updatedAt) changed, everything else as it was.
import { chmod, readFile, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test-support/tmp";
import { recordLockHash } from "./lock-hash";

let tmp: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-lock-hash-");
});
afterEach(async () => {
  await tmp.cleanup();
});

const NEW = "b".repeat(40);
const NOW = new Date("2026-11-30T12:00:00.000Z");

describe("recordLockHash", () => {
  it("changes only the entry's skillFolderHash and updatedAt, keeping other entries, keys, order, indentation and mode", async () => {
    const lock = {
      version: 3,
      skills: {
        zeta: {
          source: "acme/skills",
          sourceType: "github",
          sourceUrl: "https://github.com/acme/skills.git",
          skillPath: "skills/zeta/SKILL.md",
          skillFolderHash: "1".repeat(40),
          installedAt: "2026-01-01T00:00:00.000Z",
          updatedAt: "2026-01-01T00:00:00.000Z",
        },
        alpha: {
          source: "acme/skills",
          sourceType: "github",
          sourceUrl: "https://github.com/acme/skills.git",
          skillPath: "skills/alpha/SKILL.md",
          skillFolderHash: "2".repeat(40),
          installedAt: "2026-01-02T00:00:00.000Z",
          updatedAt: "2026-01-02T00:00:00.000Z",
          extra: { kept: [1, 2] },
        },
      },
      dismissed: { findSkillsPrompt: true },
      lastSelectedAgents: ["claude-code", "codex"],
    };
    const file = path.join(tmp.dir, ".skill-lock.json");
    await writeFile(file, JSON.stringify(lock, null, 4));
    await chmod(file, 0o640);
    const result = await recordLockHash(file, ["alpha"], NEW, NOW);
    expect(result).toEqual({ ok: true, file });
    const text = await readFile(file, "utf8");
    const expected = structuredClone(lock);
    expected.skills.alpha.skillFolderHash = NEW;
    expected.skills.alpha.updatedAt = NOW.toISOString();
    expect(text).toBe(JSON.stringify(expected, null, 4));
    expect(Object.keys(JSON.parse(text) as object)).toEqual(["version", "skills", "dismissed", "lastSelectedAgents"]);
    expect(Object.keys((JSON.parse(text) as typeof lock).skills)).toEqual(["zeta", "alpha"]);
    expect((await stat(file)).mode & 0o777).toBe(0o640);
  });

  it("keeps a trailing newline and two-space indentation, and adds no updatedAt where the entry had none", async () => {
    const file = path.join(tmp.dir, "lock.json");
    await writeFile(
      file,
      `{\n  "version": 3,\n  "skills": {\n    "a": {\n      "source": "o/r",\n      "skillFolderHash": "x"\n    }\n  }\n}\n`,
    );
    expect((await recordLockHash(file, ["missing-folder-name", "a"], NEW, NOW)).ok).toBe(true);
    expect(await readFile(file, "utf8")).toBe(
      `{\n  "version": 3,\n  "skills": {\n    "a": {\n      "source": "o/r",\n      "skillFolderHash": "${NEW}"\n    }\n  }\n}\n`,
    );
  });

  it("leaves a corrupt lock, a lock without the entry and a linked lock as they are, saying why", async () => {
    const corrupt = path.join(tmp.dir, "corrupt.json");
    await writeFile(corrupt, "{ not json");
    const bad = await recordLockHash(corrupt, ["a"], NEW, NOW);
    expect(bad).toMatchObject({ ok: false, reason: expect.stringContaining("not valid JSON") });
    expect(await readFile(corrupt, "utf8")).toBe("{ not json");

    const other = path.join(tmp.dir, "other.json");
    await writeFile(other, JSON.stringify({ version: 3, skills: { b: { skillFolderHash: "x" } } }));
    expect(await recordLockHash(other, ["a"], NEW, NOW)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('no entry for "a"'),
    });

    const linked = path.join(tmp.dir, "linked.json");
    await symlink(other, linked);
    const refused = await recordLockHash(linked, ["b"], NEW, NOW);
    expect(refused).toMatchObject({ ok: false, reason: expect.stringContaining("could not be") });
    expect(JSON.parse(await readFile(other, "utf8"))).toEqual({ version: 3, skills: { b: { skillFolderHash: "x" } } });
  });
});

describe("recordLockHash against a lock another process rewrites during the update", () => {
  it("refuses a lock nested 100,000 levels deep (written while the folder was swapped) with a sentence, never a RangeError", async () => {
    const file = path.join(tmp.dir, ".skill-lock.json");
    await writeFile(file, JSON.stringify({ version: 3, skills: { a: { skillFolderHash: "x" } } }));
    const depth = 100_000;
    const deep = `{"skills":{"a":{"skillFolderHash":"x","extra":${"[".repeat(depth)}${"]".repeat(depth)}}}}`;
    // The concurrent writer: the installer (or anyone) replaces the lock between the scan and the recording.
    await writeFile(file, deep);
    const result = await recordLockHash(file, ["a"], NEW, NOW);
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/more than 64 levels deep/) });
    expect(await readFile(file, "utf8")).toBe(deep);
  });
});
