// Writes the places of one skill under an add journal (add and share): the journal names every staged copy, link made
// aside and backup before the first write, so a crash is finished or undone at the next start, and a failure midway is
// undone at once.
import path from "node:path";
import { newBackupDir } from "../transaction/backups";
import { stagePathOf } from "../app-data/data-paths";
import { installerFolderHashes } from "../skill-lock/folder-hash";
import { upsertLockEntry, type LockEditResult, type LockEntry } from "../skill-lock/lock-edit";
import {
  asidePathOf,
  newAddId,
  recoverAddJournal,
  removeAddJournal,
  writeAddJournal,
  type AddJournal,
  type AddJournalPlace,
} from "./add-journal";
import type { Scope } from "./clients";
import { applyPlacement, placeKindOf, type AppliedPlacement, type PlannedPlacement } from "./place";

/** Points a test can stop an add at (the crash test kills the process there). */
export type AddStep = "journal-written" | "place-written" | "placed" | "lock-written";

/** What placeJournaled needs: the places, the copy to write, and the lock entry to write once every place is. */
export interface JournaledPlaces {
  name: string;
  places: PlannedPlacement[];
  skillDir: string;
  dataDir: string;
  /** The home (or project) the places are in: recorded in the journal, and what recovery checks them against. */
  scope: Scope;
  lock?: () => Promise<{ file: string; entry: LockEntry } | null>;
  onStep?: (step: AddStep) => void | Promise<void>;
}

/** Writes every place (in order) and then the lock entry; returns what each place did and the lock edit. */
export async function placeJournaled(
  work: JournaledPlaces,
): Promise<{ applied: AppliedPlacement[]; lock: LockEditResult | null }> {
  const id = newAddId();
  const needsHash = work.places.some((p) => ["copy", "copy-over-link", "swap"].includes(placeKindOf(p) ?? ""));
  const hash = needsHash ? ((await installerFolderHashes(work.skillDir))?.[0] ?? undefined) : undefined;
  const journalPlaces: Array<AddJournalPlace | null> = [];
  for (const planned of work.places) {
    const kind = placeKindOf(planned);
    if (!kind) {
      journalPlaces.push(null);
      continue;
    }
    const copyKind = kind === "copy" || kind === "copy-over-link";
    journalPlaces.push({
      kind,
      path: planned.path,
      ...(copyKind ? { stage: stagePathOf(planned.path, id) } : { aside: asidePathOf(planned.path, id) }),
      ...(planned.linkTo ? { linkTo: planned.linkTo } : {}),
      ...(hash && (copyKind || kind === "swap") ? { hash } : {}),
      ...(planned.occupant.kind === "link" ? { previousLink: planned.occupant.target } : {}),
      ...(kind === "link-over-copy" ? { backup: await newBackupDir(work.dataDir, planned.path, id) } : {}),
    });
  }
  const journal: AddJournal = {
    id,
    pid: process.pid,
    op: "add",
    step: "placing",
    name: work.name,
    createdAt: new Date().toISOString(),
    places: journalPlaces.filter((p): p is AddJournalPlace => p !== null),
    ...(work.scope.project ? { project: path.resolve(work.scope.project) } : {}),
  };
  const written = journal.places.length > 0;
  if (written) {
    await writeAddJournal(work.dataDir, journal);
    await work.onStep?.("journal-written");
  }
  const applied: AppliedPlacement[] = [];
  try {
    for (const [i, planned] of work.places.entries()) {
      applied.push(await applyPlacement(planned, work.skillDir, work.dataDir, journalPlaces[i] ?? {}));
      if (journalPlaces[i]) await work.onStep?.("place-written");
    }
  } catch (error) {
    if (written) await recoverAddJournal({ ...work.scope, dataDir: work.dataDir }, journal).catch(() => undefined);
    throw error;
  }
  const lock = (await work.lock?.()) ?? null;
  if (written || lock) {
    await writeAddJournal(work.dataDir, { ...journal, step: "placed", ...(lock ? { lock } : {}) });
    await work.onStep?.("placed");
  }
  const edit = lock ? await upsertLockEntry(lock.file, work.name, lock.entry) : null;
  if (edit) await work.onStep?.("lock-written");
  await removeAddJournal(work.dataDir, id);
  return { applied, lock: edit };
}
