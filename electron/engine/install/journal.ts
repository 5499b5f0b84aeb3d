// The record of a folder swap in progress, written before each step, so start-up can finish or undo an interrupted one.
import { mkdir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { writeJsonAtomic } from "../fs/write";
import { journalRoot } from "./data-dir";
import type { InstallManifest } from "./manifest";

/** One swap: move `target` to `backup`, then `stage` to `target`. */
export interface SwapJournal {
  id: string;
  op: "update" | "rollback";
  /** "staging": the stage may be incomplete; "staged": it is complete and flushed, the renames may begin. */
  step: "staging" | "staged";
  target: string;
  stage: string;
  /** True when the stage is Skillshelf's temporary copy (deleted on undo); false when it is a backup (rollback). */
  stageOwned: boolean;
  backup: string;
  createdAt: string;
  keepBackups: number;
  /** Version and manifest of the copy being replaced (they go with its backup). */
  oldVersion: string | null;
  oldManifest: InstallManifest | null;
  /** Version and manifest of the copy moved into place (null manifest: not known, e.g. a rollback to a hand-made copy). */
  newVersion: string | null;
  newManifest: InstallManifest | null;
}

/** The journal file of one swap. */
export function journalFile(dataDir: string, id: string): string {
  return path.join(journalRoot(dataDir), `${id}.json`);
}

/** Writes (or rewrites) a swap's journal atomically. */
export async function writeJournal(dataDir: string, journal: SwapJournal): Promise<void> {
  await mkdir(journalRoot(dataDir), { recursive: true });
  await writeJsonAtomic(journalFile(dataDir, journal.id), journal);
}

/** Deletes a finished swap's journal. */
export async function removeJournal(dataDir: string, id: string): Promise<void> {
  await rm(journalFile(dataDir, id), { force: true });
}

/** Removes temporary files a crash left in the journal folder mid-write (the journal they were replacing still counts). */
export async function removeTornJournalWrites(dataDir: string): Promise<void> {
  const dir = journalRoot(dataDir);
  for (const name of await readdir(dir).catch(() => [] as string[])) if (/^\..*\.tmp$/.test(name)) await rm(path.join(dir, name), { force: true });
}

/** Every journal left in the data folder (unreadable ones are reported with their file, not thrown). */
export async function readJournals(dataDir: string): Promise<Array<{ file: string; journal: SwapJournal | null }>> {
  const dir = journalRoot(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const out: Array<{ file: string; journal: SwapJournal | null }> = [];
  for (const name of names.filter((n) => n.endsWith(".json")).sort()) {
    const file = path.join(dir, name);
    try {
      const value = JSON.parse(await readFile(file, "utf8")) as SwapJournal;
      out.push({ file, journal: value && typeof value.target === "string" && typeof value.stage === "string" && typeof value.backup === "string" ? value : null });
    } catch {
      out.push({ file, journal: null });
    }
  }
  return out;
}
