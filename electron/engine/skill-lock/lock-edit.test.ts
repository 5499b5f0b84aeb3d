// The lock editor: only the changed entry's text changes (integer-like keys, 20-digit numbers and duplicate keys keep
// their text), and an entry another writer adds meanwhile is kept.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test-support/tmp";
import { recordLockHash } from "../transaction/lock-hash";
import { lockEditHooks, removeLockEntry, upsertLockEntry } from "./lock-edit";

let tmp: { dir: string; cleanup: () => Promise<void> };
let file: string;
beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-lock-edit-");
  file = path.join(tmp.dir, ".skill-lock.json");
});
afterEach(async () => {
  delete lockEditHooks.afterRead;
  await tmp.cleanup();
});

const OLD = "1".repeat(40);
const NEW = "b".repeat(40);
const NOW = new Date("2026-11-30T12:00:00.000Z");
/** A lock as a hand or another tool may leave it: integer-like keys after others, a number past 2^53, a duplicate key. */
const ODD = `{
  "version": 3,
  "skills": {
    "zeta": { "source": "o/r", "skillFolderHash": "${OLD}", "updatedAt": "2026-01-01T00:00:00.000Z" },
    "10": { "source": "o/ten", "skillFolderHash": "${OLD}" },
    "2": { "source": "o/two", "installs": 12345678901234567890 },
    "dup": { "source": "first" },
    "dup": { "source": "second", "skillFolderHash": "${OLD}" }
  },
  "dismissed": {},
  "stamp": 98765432109876543210
}
`;

describe("the lock editor", () => {
  it("changes only the updated entry's values, keeping integer-like keys, big numbers and duplicate keys", async () => {
    await writeFile(file, ODD);
    expect(await recordLockHash(file, ["zeta"], NEW, NOW)).toEqual({ ok: true, file });
    expect(await readFile(file, "utf8")).toBe(
      ODD.replace(
        `"zeta": { "source": "o/r", "skillFolderHash": "${OLD}", "updatedAt": "2026-01-01T00:00:00.000Z" }`,
        `"zeta": { "source": "o/r", "skillFolderHash": "${NEW}", "updatedAt": "${NOW.toISOString()}" }`,
      ),
    );
    await writeFile(file, ODD);
    expect((await recordLockHash(file, ["dup"], NEW, NOW)).ok).toBe(true);
    expect(await readFile(file, "utf8")).toBe(
      ODD.replace(`"source": "second", "skillFolderHash": "${OLD}"`, `"source": "second", "skillFolderHash": "${NEW}"`),
    );
  });

  it("adds and replaces whole entries (upsert) and removes one with its duplicates, the rest byte for byte", async () => {
    await writeFile(file, ODD);
    const entry = { source: "acme/skills", sourceType: "github", skillFolderHash: NEW };
    expect(await upsertLockEntry(file, "new-one", entry)).toEqual({ ok: true, file, changed: true });
    const added = await readFile(file, "utf8");
    expect(added).toBe(
      ODD.replace(
        `"dup": { "source": "second", "skillFolderHash": "${OLD}" }\n`,
        `"dup": { "source": "second", "skillFolderHash": "${OLD}" },\n    "new-one": {\n      "source": "acme/skills",\n      "sourceType": "github",\n      "skillFolderHash": "${NEW}"\n    }\n`,
      ),
    );
    expect(await upsertLockEntry(file, "new-one", entry)).toMatchObject({ ok: true, changed: false });
    expect(await upsertLockEntry(file, "10", { source: "o/ten2" })).toMatchObject({ ok: true, changed: true });
    expect(await readFile(file, "utf8")).toBe(
      added.replace(
        `"10": { "source": "o/ten", "skillFolderHash": "${OLD}" }`,
        `"10": {\n      "source": "o/ten2"\n    }`,
      ),
    );
    await writeFile(file, ODD);
    expect(await removeLockEntry(file, "dup")).toMatchObject({ ok: true, changed: true });
    const removed = await readFile(file, "utf8");
    expect(removed).toBe(
      ODD.replace(
        `,\n    "dup": { "source": "first" },\n    "dup": { "source": "second", "skillFolderHash": "${OLD}" }`,
        "",
      ),
    );
    expect(await removeLockEntry(file, "dup")).toMatchObject({ ok: true, changed: false });
    expect(await removeLockEntry(file, "zeta")).toMatchObject({ ok: true, changed: true });
    expect(await readFile(file, "utf8")).toBe(
      removed.replace(
        `"zeta": { "source": "o/r", "skillFolderHash": "${OLD}", "updatedAt": "2026-01-01T00:00:00.000Z" },\n    `,
        "",
      ),
    );
  });

  it("creates a version 3 lock when there is none, edits one-line and CRLF locks in their style, and refuses a version 2 lock", async () => {
    expect(await upsertLockEntry(file, "a", { source: "o/r" })).toMatchObject({ ok: true, changed: true });
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({
      version: 3,
      skills: { a: { source: "o/r" } },
      dismissed: {},
    });
    await writeFile(file, `{"version":3,"skills":{}}`);
    await upsertLockEntry(file, "a", { source: "o/r" });
    await upsertLockEntry(file, "b", { source: "o/s" });
    expect(await readFile(file, "utf8")).toBe(`{"version":3,"skills":{"a":{"source":"o/r"},"b":{"source":"o/s"}}}`);
    await writeFile(file, `{\r\n  "version": 3,\r\n  "skills": {}\r\n}\r\n`);
    await upsertLockEntry(file, "a", { source: "o/r" });
    expect(await readFile(file, "utf8")).toBe(
      `{\r\n  "version": 3,\r\n  "skills": {\r\n    "a": {\r\n      "source": "o/r"\r\n    }\r\n  }\r\n}\r\n`,
    );
    const v2 = `{"version":2,"skills":{"a":{}}}`;
    await writeFile(file, v2);
    expect(await upsertLockEntry(file, "b", {})).toMatchObject({
      ok: false,
      reason: expect.stringContaining("version 2"),
    });
    expect(await removeLockEntry(file, "a")).toMatchObject({ ok: false });
    expect(await readFile(file, "utf8")).toBe(v2);
  });

  it("keeps an entry another writer wrote between the read and the rename (compare and retry)", async () => {
    for (let round = 0; round < 10; round++) {
      await writeFile(
        file,
        JSON.stringify({ version: 3, skills: { a: { skillFolderHash: OLD }, b: { skillFolderHash: OLD } } }, null, 2),
      );
      const results = await Promise.all([
        recordLockHash(file, ["a"], NEW, NOW),
        recordLockHash(file, ["b"], NEW, NOW),
        upsertLockEntry(file, "c", { skillFolderHash: NEW }),
      ]);
      expect(results.every((r) => r.ok)).toBe(true);
      const skills = (JSON.parse(await readFile(file, "utf8")) as { skills: Record<string, unknown> }).skills;
      expect(skills).toEqual({ a: { skillFolderHash: NEW }, b: { skillFolderHash: NEW }, c: { skillFolderHash: NEW } });
    }
  });

  it("keeps what another program (the installer) writes between our read and our rename, trying again on it", async () => {
    await writeFile(file, JSON.stringify({ version: 3, skills: { a: { skillFolderHash: OLD } } }, null, 2));
    let writes = 0;
    lockEditHooks.afterRead = async () => {
      if (writes++ > 0) return;
      const lock = JSON.parse(await readFile(file, "utf8")) as { skills: Record<string, unknown> };
      lock.skills.other = { source: "written-meanwhile" };
      await writeFile(file, JSON.stringify(lock, null, 2));
    };
    expect(await recordLockHash(file, ["a"], NEW, NOW)).toEqual({ ok: true, file });
    expect(writes).toBe(2);
    expect((JSON.parse(await readFile(file, "utf8")) as { skills: unknown }).skills).toEqual({
      a: { skillFolderHash: NEW },
      other: { source: "written-meanwhile" },
    });
    lockEditHooks.afterRead = async () => {
      await writeFile(file, JSON.stringify({ version: 3, skills: { a: {}, n: writes++ } }));
    };
    expect(await upsertLockEntry(file, "x", {})).toMatchObject({
      ok: false,
      reason: expect.stringContaining("kept changing"),
    });
  });

  it("keeps a UTF-8 byte-order mark the lock starts with, byte for byte, through every kind of edit", async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const entry = { source: "acme/skills", sourceType: "github", skillFolderHash: NEW };
    await writeFile(file, Buffer.concat([bom, Buffer.from(ODD)]));
    expect(await upsertLockEntry(file, "new-one", entry)).toEqual({ ok: true, file, changed: true });
    const upserted = await readFile(file);
    expect(upserted.subarray(0, 3)).toEqual(bom);
    expect(upserted.subarray(3, 4).toString()).toBe("{");
    await writeFile(file, Buffer.concat([bom, Buffer.from(ODD)]));
    expect((await recordLockHash(file, ["zeta"], NEW, NOW)).ok).toBe(true);
    expect(await readFile(file)).toEqual(
      Buffer.concat([
        bom,
        Buffer.from(
          ODD.replace(
            `"zeta": { "source": "o/r", "skillFolderHash": "${OLD}", "updatedAt": "2026-01-01T00:00:00.000Z" }`,
            `"zeta": { "source": "o/r", "skillFolderHash": "${NEW}", "updatedAt": "${NOW.toISOString()}" }`,
          ),
        ),
      ]),
    );
    expect((await removeLockEntry(file, "10")).ok).toBe(true);
    expect((await readFile(file)).subarray(0, 3)).toEqual(bom);
  });
});
