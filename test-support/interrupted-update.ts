// An update a killed run left unfinished, written as Skillshelf's own journal would hold it (for the start-up recovery
// tests of the handlers and the page): a dead process, nothing swapped yet (recovery undoes it), or a folder that is
// gone with neither copy left (recovery cannot tell what to do and asks for attention).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { chmod } from "node:fs/promises";
import { stagePathOf } from "../electron/engine/app-data/data-paths";
import { targetKey } from "../electron/engine/app-data/data-paths";
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
    stage: stagePathOf(target, id),
    stageOwned: true,
    backup: path.join(dataDir, "backups", targetKey(target), `1970-01-01T00-00-00-000Z-${id}`),
    createdAt: new Date(0).toISOString(),
    keepBackups: 3,
    oldVersion: "1.0.0",
    oldManifest: null,
    newVersion: "2.0.0",
    newManifest: null,
  };
  await writeTree(path.join(dataDir, "journal"), { [`${id}.json`]: JSON.stringify(journal) });
  await chmod(path.join(dataDir, "journal", `${id}.json`), 0o600);
}
