// An update a killed run left unfinished, written as Skillshelf's own journal would hold it (for the start-up recovery
// tests of the handlers and the page): a dead process, nothing swapped yet (recovery undoes it), or a folder that is
// gone with neither copy left (recovery cannot tell what to do and asks for attention).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { writeTree } from "./tmp";

/** Writes the journal of an interrupted update of `target` into `dataDir`. */
export async function writeInterruptedUpdate(
  dataDir: string,
  target: string,
  state: "not-started" | "lost",
): Promise<void> {
  const pid = spawnSync(process.execPath, ["-e", "0"]).pid!;
  const id = state === "lost" ? "0a0a0a0a0a0a" : "0b0b0b0b0b0b";
  const journal = {
    id,
    pid,
    op: "update",
    step: "staging",
    target,
    stage: `${target}.staging-${id}`,
    stageOwned: true,
    backup: `${target}.backup-${id}`,
    createdAt: new Date(0).toISOString(),
    keepBackups: 3,
    oldVersion: "1.0.0",
    oldManifest: null,
    newVersion: "2.0.0",
    newManifest: null,
  };
  await writeTree(path.join(dataDir, "journal"), { [`${id}.json`]: JSON.stringify(journal) });
}
