// Unpacks a downloaded zip or tar.gz into a fresh staging folder, refusing anything that could write elsewhere or
// exhaust the disk: `..`, absolute and drive-letter paths, links, devices, duplicates, too many files, bombs.
// The kept libraries read the formats (fflate, node-tar); StagingWriter checks each entry and writes it.
import { mkdir, open, rm } from "node:fs/promises";
import path from "node:path";
import { formatBytes } from "../../../shared/format";
import { InstallError } from "./errors";
import { readTarGzInto } from "./extract-tar";
import { readZipInto } from "./extract-zip";
import { EXTRACT_LIMITS, StagingWriter, type ExtractLimits } from "./staging-writer";

/** The archive formats Skillshelf unpacks. */
export type ArchiveFormat = "zip" | "tar.gz";

/** The format from the first bytes (zip's `PK\3\4`, gzip's 1f 8b), else from the name; null when neither fits. */
function archiveFormatOf(name: string, head: Uint8Array): ArchiveFormat | null {
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5)) return "zip";
  if (head[0] === 0x1f && head[1] === 0x8b) return "tar.gz";
  if (/\.(zip|skill)$/i.test(name)) return "zip";
  if (/\.(tar\.gz|tgz)$/i.test(name)) return "tar.gz";
  return null;
}

/** Unpacks `file` into `destDir`, which must not exist yet; on any refusal destDir is removed and an InstallError thrown. */
export async function extractArchive(
  file: string,
  destDir: string,
  options: { format?: ArchiveFormat; limits?: Partial<ExtractLimits>; only?: (entryPath: string) => boolean } = {},
): Promise<{ files: number; bytes: number; format: ArchiveFormat }> {
  const limits = { ...EXTRACT_LIMITS, ...options.limits };
  const handle = await open(file, "r").catch((error: NodeJS.ErrnoException) => {
    throw new InstallError("install.source.unreadable", `The archive cannot be read (${error.code ?? error.message}).`);
  });
  let head: Uint8Array;
  let size: number;
  try {
    size = (await handle.stat()).size;
    head = new Uint8Array(4);
    await handle.read(head, 0, 4, 0);
  } finally {
    await handle.close();
  }
  if (size > limits.maxArchiveBytes)
    throw new InstallError(
      "install.archive.too-large",
      `The archive is ${formatBytes(size)}, over the ${formatBytes(limits.maxArchiveBytes)} limit, so it was not opened.`,
    );
  const format = options.format ?? archiveFormatOf(path.basename(file), head);
  if (!format) throw new InstallError("install.archive.invalid", "The file is neither a zip nor a tar.gz archive.");
  await mkdir(path.dirname(destDir), { recursive: true });
  await mkdir(destDir);
  const writer = new StagingWriter(destDir, limits, size);
  try {
    if (format === "zip") {
      if (options.only)
        throw new InstallError(
          "install.archive.invalid",
          "Only part of a tar.gz archive can be unpacked, and this file is a zip.",
        );
      await readZipInto(file, writer);
    } else await readTarGzInto(file, writer, options.only);
    return { ...writer.counts, format };
  } catch (error) {
    writer.abort();
    await rm(destDir, { recursive: true, force: true });
    if (error instanceof InstallError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST")
      throw new InstallError(
        "install.archive.unsafe-entry",
        "The archive names one file twice, so it was refused and nothing from it was kept.",
      );
    throw new InstallError(
      "install.archive.invalid",
      `The archive could not be unpacked (${(error as Error).message}).`,
    );
  }
}
