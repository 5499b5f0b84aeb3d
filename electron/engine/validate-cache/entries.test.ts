// A kept result's paths: each file the rules read whole has the identity of the descriptor it was read through, every
// other path is stat'ed, and both name the same file as a later run's lstat does.
import { lstatSync, statSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { readSkillWithFiles } from "../skill/read-skill";
import { entriesOf } from "./entries";
import { identityOf } from "./identity";

const SKILL = `---
name: demo
description: A demo skill. Use when testing.
---
See [the guide](references/guide.md).
`;

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** A skill folder on disk, read as the cache reads it, with the time its reading began far in its future. */
async function readDemo() {
  const tmp = await makeTempDir("skillshelf-entries-");
  cleanup = tmp.cleanup;
  const dir = path.join(tmp.dir, "demo");
  await writeTree(dir, { "SKILL.md": SKILL, "references/guide.md": "# Guide\n", "notes.txt": "n\n" });
  const read = await readSkillWithFiles(dir, {}, false);
  const later = BigInt(Date.now() + 60_000) * 1_000_000n;
  return { dir, read, later };
}

const lstatIdentity = (p: string) => identityOf(lstatSync(p, { bigint: true }));

describe("a kept result's paths", () => {
  it("keep the stat each file was read with, and stat the folders and the files only the hash reads", async () => {
    const { dir, read, later } = await readDemo();
    expect([...read.reads.stats.keys()].sort()).toEqual(["SKILL.md", "references/guide.md"]);
    const entries = entriesOf(dir, read.listing, read.reads, later)!;
    expect(Object.fromEntries(entries.entries)).toEqual({
      ".": identityOf(statSync(dir, { bigint: true })),
      "SKILL.md": lstatIdentity(path.join(dir, "SKILL.md")),
      references: lstatIdentity(path.join(dir, "references")),
      "references/guide.md": lstatIdentity(path.join(dir, "references", "guide.md")),
      "notes.txt": lstatIdentity(path.join(dir, "notes.txt")),
    });
    // The result's own paths first: the folders and the files the rules read; then what only the hash reads.
    expect(entries.own).toBe(4);
    expect(entries.entries.at(-1)?.[0]).toBe("notes.txt");
  });

  it("take a read file's identity from its read, not from a stat taken afterwards", async () => {
    const { dir, read, later } = await readDemo();
    const asRead = read.reads.stats.get("SKILL.md")!;
    read.reads.stats.set("SKILL.md", { ...asRead, mtimeNs: asRead.mtimeNs - 1n });
    const entries = entriesOf(dir, read.listing, read.reads, later);
    const skill = entries?.entries.find(([rel]) => rel === "SKILL.md")?.[1];
    expect(skill).toBe(identityOf({ ...asRead, mtimeNs: asRead.mtimeNs - 1n }));
    expect(skill).not.toBe(lstatIdentity(path.join(dir, "SKILL.md")));
  });

  it("are not kept when a file read whole changed within the racy window before the reading began", async () => {
    const { dir, read } = await readDemo();
    const asRead = read.reads.stats.get("references/guide.md")!;
    expect(entriesOf(dir, read.listing, read.reads, asRead.mtimeNs + 1_000_000n)).toBeNull();
  });
});
