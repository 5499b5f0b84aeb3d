// Reads a zip with fflate's streaming unzip, entry by entry, into a StagingWriter. The central directory is read only
// for what fflate does not expose: each entry's Unix file type (to refuse links, devices and FIFOs) and exec bits.
import { readFile } from "node:fs/promises";
import { Unzip, UnzipInflate, type UnzipFile } from "fflate";
import { InstallError } from "./errors";
import { refuseEntry, type StagingWriter } from "./staging-writer";

const CHUNK = 64 * 1024;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const TYPE_NAMES: Record<number, string> = {
  0o120000: "a symbolic link",
  0o020000: "a character device",
  0o060000: "a block device",
  0o010000: "a named pipe (FIFO)",
  0o140000: "a socket",
};

interface CentralEntry {
  /** Unix mode from the external attributes when the entry was made on Unix, else null. */
  mode: number | null;
}

function invalid(why: string): never {
  throw new InstallError("install.archive.invalid", `The file is not a readable zip archive (${why}).`);
}

/** Each entry's Unix mode by name, from the central directory (refusing names listed twice). */
function centralDirectory(data: Uint8Array): Map<string, CentralEntry> {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) invalid("no end of central directory");
  let count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  if ((count === 0xffff || offset === 0xffffffff) && eocd >= 20 && view.getUint32(eocd - 20, true) === 0x07064b50) {
    const z64 = Number(view.getBigUint64(eocd - 12, true));
    if (z64 + 56 > data.length || view.getUint32(z64, true) !== 0x06064b50) invalid("a damaged ZIP64 record");
    count = Number(view.getBigUint64(z64 + 32, true));
    offset = Number(view.getBigUint64(z64 + 48, true));
  }
  const entries = new Map<string, CentralEntry>();
  const utf8 = new TextDecoder();
  const bytewise = { decode: (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join("") };
  for (let i = 0; i < count; i++) {
    if (offset + 46 > data.length || view.getUint32(offset, true) !== 0x02014b50)
      invalid("a damaged central directory");
    const madeBy = view.getUint16(offset + 4, true) >> 8;
    // Names are decoded as fflate decodes them: UTF-8 when the entry says so (flag bit 11), else byte by byte.
    const decoder = view.getUint16(offset + 8, true) & 0x800 ? utf8 : bytewise;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const external = view.getUint32(offset + 38, true);
    const name = decoder.decode(data.subarray(offset + 46, offset + 46 + nameLength));
    if (entries.has(name)) refuseEntry(name, "appears twice");
    entries.set(name, { mode: madeBy === 3 ? external >>> 16 : null });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Unpacks every entry of the zip `file` through the writer; throws InstallError on the first refused entry. */
export async function readZipInto(file: string, writer: StagingWriter): Promise<void> {
  const data = await readFile(file);
  const listed = centralDirectory(data);
  let failure: unknown = null;
  const unzip = new Unzip((entry: UnzipFile) => {
    if (failure) return;
    try {
      const central = listed.get(entry.name);
      if (!central) refuseEntry(entry.name, "is missing from the archive's table of contents");
      const type = central.mode === null || central.mode === 0 ? null : central.mode & S_IFMT;
      if (type !== null && type !== S_IFREG && type !== S_IFDIR)
        refuseEntry(
          entry.name,
          `is ${TYPE_NAMES[type] ?? "a special file"}; only plain files and folders are unpacked`,
        );
      if (entry.name.endsWith("/") || type === S_IFDIR) {
        writer.directory(entry.name);
        return;
      }
      writer.beginFile(entry.name, central.mode ?? 0o644, entry.size ?? null);
      const declared = entry.originalSize ?? null;
      entry.ondata = (error, chunk, final) => {
        if (failure) return;
        try {
          if (error) invalid(error.message);
          writer.write(chunk);
          if (final) writer.endFile(declared);
        } catch (caught) {
          failure = caught;
        }
      };
      entry.start();
    } catch (caught) {
      failure = caught;
    }
  });
  unzip.register(UnzipInflate);
  for (let offset = 0; offset < data.length && !failure; offset += CHUNK) {
    try {
      unzip.push(data.subarray(offset, offset + CHUNK), offset + CHUNK >= data.length);
    } catch (caught) {
      failure ??= caught;
    }
  }
  if (failure) throw failure;
}
