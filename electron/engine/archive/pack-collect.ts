// Lists what `pack` puts into a `.skill` archive and reads it: the folder's files without ever leaving it (links
// followed only inside, junk skipped, each real folder once, within the archive limits), then each file's bytes.
import { constants } from "node:fs";
import { lstat, open, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { formatBytes } from "../../../shared/format";
import { isInside, realpathOrNull } from "../fs/safe-fs";
import { ARCHIVE_LIMITS } from "../skill/archive";
import { refusedSegmentReason } from "./extract-names";
import { PackRefusedError, packDiagnostic as diag } from "./pack-refused";

/** Names never packed: version-control folders and the litter file managers leave behind. */
const JUNK_NAMES: ReadonlySet<string> = new Set([
  ".git",
  ".svn",
  ".hg",
  ".DS_Store",
  "Thumbs.db",
  "desktop.ini",
  "__MACOSX",
]);

/** True for a name that is never packed. */
function isJunkName(name: string): boolean {
  return JUNK_NAMES.has(name) || name.startsWith("._");
}

/** One file to pack: its path in the folder and on disk, size and whether it is executable. */
export interface PackFile {
  rel: string;
  abs: string;
  size: number;
  executable: boolean;
}

/** The files to pack and what was left out (junk, links out of the folder, pipes and devices). */
export interface Collected {
  files: PackFile[];
  skipped: string[];
  outside: string[];
  special: string[];
}

function unreadable(abs: string, rel: string, error: NodeJS.ErrnoException): never {
  throw new PackRefusedError("A file cannot be read.", [
    diag(
      "pack.unreadable",
      "error",
      abs,
      `${rel} cannot be read (${error.code ?? error.message}), so the skill was not packed.`,
      "Check its permissions, or remove it from the skill's folder.",
    ),
  ]);
}

/** Lists the folder's files without leaving it: junk skipped, links followed only inside, each real folder once, capped. */
export async function collectFiles(root: string, realRoot: string): Promise<Collected> {
  const out: Collected = { files: [], skipped: [], outside: [], special: [] };
  const seen = new Set([realRoot]);
  const queue: Array<{ abs: string; rel: string; depth: number }> = [{ abs: root, rel: "", depth: 0 }];
  let count = 0;
  let bytes = 0;
  while (queue.length > 0) {
    const { abs, rel, depth } = queue.shift()!;
    const names = (
      await readdir(abs, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) =>
        unreadable(abs, rel || ".", error),
      )
    ).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const dirent of names) {
      const childAbs = path.join(abs, dirent.name);
      const childRel = rel ? `${rel}/${dirent.name}` : dirent.name;
      if (isJunkName(dirent.name)) {
        out.skipped.push(childRel);
        continue;
      }
      const refused = refusedSegmentReason(dirent.name);
      if (refused)
        throw new PackRefusedError("A name cannot be packed.", [
          diag(
            "pack.name.refused",
            "error",
            childAbs,
            `${JSON.stringify(childRel).slice(1, -1)} ${refused}, so the skill was not packed: installing the archive would refuse it.`,
            "Rename or remove it, then pack again.",
          ),
        ]);
      if (++count > ARCHIVE_LIMITS.maxEntries) {
        throw new PackRefusedError(`The folder holds more than ${ARCHIVE_LIMITS.maxEntries} entries.`, [
          diag(
            "pack.too-large",
            "error",
            root,
            `The folder holds more than ${ARCHIVE_LIMITS.maxEntries} files and folders, over what a skill archive may hold, so it was not packed.`,
            "Remove files the skill does not need (build output, dependencies) and pack again.",
          ),
        ]);
      }
      let info = await lstat(childAbs).catch((error: NodeJS.ErrnoException) => unreadable(childAbs, childRel, error));
      if (info.isSymbolicLink()) {
        const real = await realpathOrNull(childAbs);
        if (!real || !isInside(realRoot, real)) {
          out.outside.push(childRel);
          continue;
        }
        info = await stat(childAbs).catch((error: NodeJS.ErrnoException) => unreadable(childAbs, childRel, error));
        if (info.isDirectory()) {
          if (seen.has(real)) continue;
          seen.add(real);
        }
      }
      if (info.isDirectory()) {
        if (depth + 1 >= 32)
          throw new PackRefusedError("The folder is nested too deeply.", [
            diag(
              "pack.too-large",
              "error",
              childAbs,
              "The folder is nested more than 32 levels deep, so it was not packed.",
              "Flatten the skill's folders and pack again.",
            ),
          ]);
        queue.push({ abs: childAbs, rel: childRel, depth: depth + 1 });
      } else if (info.isFile()) {
        bytes += info.size;
        if (bytes > ARCHIVE_LIMITS.maxTotalUncompressed) {
          throw new PackRefusedError("The folder is too large.", [
            diag(
              "pack.too-large",
              "error",
              root,
              `The folder's files add up to more than ${formatBytes(ARCHIVE_LIMITS.maxTotalUncompressed)}, over what a skill archive may hold, so it was not packed.`,
              "Remove large files the skill does not need and pack again.",
            ),
          ]);
        }
        out.files.push({ rel: childRel, abs: childAbs, size: info.size, executable: (info.mode & 0o111) !== 0 });
      } else {
        out.special.push(childRel);
      }
    }
  }
  out.files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return out;
}

/** Reads a regular file without blocking on a FIFO swapped in since the listing. */
async function readRegular(file: string): Promise<Buffer> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (!(await handle.stat()).isFile()) throw new Error("not a regular file");
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** Each listed file's bytes by relative path; a file that cannot be read refuses the pack. */
export async function readPackFiles(files: readonly PackFile[]): Promise<Map<string, Uint8Array>> {
  const contents = new Map<string, Uint8Array>();
  for (const f of files) {
    try {
      contents.set(f.rel, await readRegular(f.abs));
    } catch (error) {
      throw new PackRefusedError("A file cannot be read.", [
        diag(
          "pack.unreadable",
          "error",
          f.abs,
          `${f.rel} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}), so the skill was not packed.`,
          "Check the file's permissions, or remove it from the skill's folder.",
        ),
      ]);
    }
  }
  return contents;
}
