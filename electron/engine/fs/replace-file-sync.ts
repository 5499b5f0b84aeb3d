// A cache file replaced whole, for the bin's fastest paths: written under a name nothing has yet (O_EXCL, so never
// through a link planted there), the old one removed (a link there is removed, not followed), then renamed into place.
// A reader finds the old file, none, or the new one, never a part of one. Not flushed to disk, and loading neither
// node:crypto nor the writer: a cache lost in a crash is only built again.
import { closeSync, constants, openSync, renameSync, unlinkSync, writevSync } from "node:fs";
import path from "node:path";
import { PIECES_PER_WRITEV, piecesLeft } from "./writev-pieces";

/** Temp files written by this process so far (with the pid and the time, a name no earlier writer used). */
let written = 0;
/** Writes every byte of `parts` at the file's position, PIECES_PER_WRITEV at a time, short writes resumed. */
function writeAll(fd: number, parts: readonly Uint8Array[]): void {
  const given = parts.filter((part) => part.length > 0);
  for (let from = 0; from < given.length; from += PIECES_PER_WRITEV) {
    let batch = given.slice(from, from + PIECES_PER_WRITEV);
    while (batch.length > 0) batch = piecesLeft(batch, writevSync(fd, batch));
  }
}

/** Removes a file (a link itself, never what it points to); a name already gone is not a failure. */
function removeIfThere(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/** Writes `parts` as `file` (mode `mode`, umask aside) in one step for its readers; throws what the system said. */
export function replaceFileSync(file: string, parts: readonly Uint8Array[], mode: number): void {
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file).slice(0, 100)}.${process.pid}.${Date.now().toString(36)}.${written++}.tmp`,
  );
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
  const fd = openSync(temp, flags, mode);
  try {
    try {
      writeAll(fd, parts);
    } finally {
      closeSync(fd);
    }
    // Renaming over the old file would have ext4 write the new one's data out first (auto_da_alloc): milliseconds a
    // cache need not pay.
    removeIfThere(file);
    renameSync(temp, file);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      /* already renamed or gone */
    }
    throw error;
  }
}
