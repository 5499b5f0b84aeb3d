// Reads a zip from its central directory, as unzip tools do: stored and deflated entries, data descriptors, zip64,
// names decoded by extract-names, each entry's kind from the producer's attributes (Unix mode, MS-DOS attributes).
import { crc32, inflateRawSync } from "node:zlib";
import { EngineError } from "../errors";
import { decodeZipName } from "./extract-names";
import type { EntryKind } from "./extract-rules";

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const UNIX_TYPES: Record<number, string> = {
  0o120000: "a symbolic link",
  0o020000: "a character device",
  0o060000: "a block device",
  0o010000: "a named pipe (FIFO)",
  0o140000: "a socket",
};
/** Hosts whose external attributes carry a Unix mode in the high 16 bits (Unix, macOS). */
const UNIX_HOSTS = new Set([3, 19]);

/** One entry of the central directory. */
export interface ZipEntry {
  name: string;
  kind: EntryKind;
  /** Permission bits when the producer recorded a Unix mode, else null. */
  mode: number | null;
  size: number;
  packed: number;
  method: number;
  crc: number;
  encrypted: boolean;
  localOffset: number;
}

function invalid(why: string): never {
  throw new EngineError("install.archive.invalid", `The file is not a readable zip archive (${why}).`);
}

/** Sizes and offset from the zip64 extra field (0x0001) for the fields the entry marks 0xFFFFFFFF. */
function zip64Fields(extra: DataView, entry: { size: number; packed: number; localOffset: number }): void {
  for (let at = 0; at + 4 <= extra.byteLength;) {
    const id = extra.getUint16(at, true);
    const size = extra.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + size || field + 8 > extra.byteLength) invalid("a damaged zip64 field");
        const value = Number(extra.getBigUint64(field, true));
        field += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.packed === 0xffffffff) entry.packed = next();
      if (entry.localOffset === 0xffffffff) entry.localOffset = next();
      return;
    }
    at += 4 + size;
  }
}

/** The entry's kind and permission bits from its attributes, the way Info-ZIP's unzip and libarchive read them. */
function kindOf(name: string, host: number, external: number): { kind: EntryKind; mode: number | null } {
  const slash = name.endsWith("/") || name.endsWith("\\");
  const unixMode = UNIX_HOSTS.has(host) ? external >>> 16 : 0;
  if (unixMode !== 0) {
    const type = unixMode & S_IFMT;
    const mode = unixMode & 0o777;
    if (type === S_IFDIR || (type === 0 && slash)) return { kind: "dir", mode };
    if (type === S_IFREG || type === 0) return { kind: slash ? "dir" : "file", mode };
    return { kind: { special: UNIX_TYPES[type] ?? "a special file" }, mode };
  }
  // MS-DOS attributes (Windows, and the low byte everywhere): 0x10 is a folder.
  return { kind: slash || external & 0x10 ? "dir" : "file", mode: null };
}

/** Every entry of the zip's central directory, in its order; throws EngineError for a damaged zip. */
export function listZip(data: Uint8Array): ZipEntry[] {
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
    if (z64 + 56 > data.length || view.getUint32(z64, true) !== 0x06064b50) invalid("a damaged zip64 record");
    count = Number(view.getBigUint64(z64 + 32, true));
    offset = Number(view.getBigUint64(z64 + 48, true));
  }
  // Each central record takes at least 46 bytes: a count beyond that is a lie, refused before any allocation.
  if (count > data.length / 46) invalid("a central directory larger than the file");
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > data.length || view.getUint32(offset, true) !== 0x02014b50)
      invalid("a damaged central directory");
    const host = view.getUint16(offset + 4, true) >> 8;
    const flags = view.getUint16(offset + 8, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const end = offset + 46 + nameLength + extraLength;
    if (end + commentLength > data.length) invalid("a damaged central directory");
    const raw = data.subarray(offset + 46, offset + 46 + nameLength);
    const extra = data.subarray(offset + 46 + nameLength, end);
    const name = decodeZipName(raw, flags, extra);
    const sizes = {
      size: view.getUint32(offset + 24, true),
      packed: view.getUint32(offset + 20, true),
      localOffset: view.getUint32(offset + 42, true),
    };
    zip64Fields(new DataView(extra.buffer, extra.byteOffset, extra.byteLength), sizes);
    entries.push({
      name,
      ...kindOf(name, host, view.getUint32(offset + 38, true)),
      ...sizes,
      method: view.getUint16(offset + 10, true),
      crc: view.getUint32(offset + 16, true),
      encrypted: (flags & 1) !== 0,
    });
    offset = end + commentLength;
  }
  return entries;
}

/** Why the entry's bytes cannot be read (encrypted, an unknown method), or null when they can. */
export function unreadableZipEntry(entry: ZipEntry): string | null {
  if (entry.encrypted) return "is encrypted";
  if (entry.method !== 0 && entry.method !== 8)
    return `is compressed with method ${entry.method}; only stored and deflated entries are read`;
  return null;
}

/** The entry's unpacked bytes, checked against its declared size and CRC-32; throws EngineError when they differ. */
export function zipEntryBytes(data: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const at = entry.localOffset;
  if (at + 30 > data.length || view.getUint32(at, true) !== 0x04034b50)
    invalid(`no local header for "${entry.name.slice(0, 200)}"`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.packed > data.length) invalid(`"${entry.name.slice(0, 200)}" runs past the end of the file`);
  const packed = data.subarray(start, start + entry.packed);
  let bytes: Uint8Array;
  if (entry.method === 0) bytes = packed;
  else {
    try {
      // One byte more than declared is allowed, so an entry holding more than it says is caught, never unpacked whole.
      bytes = inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.size + 1) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") bytes = new Uint8Array(entry.size + 1);
      else invalid(`"${entry.name.slice(0, 200)}" cannot be inflated: ${(error as Error).message}`);
    }
  }
  if (bytes.length !== entry.size)
    throw new EngineError(
      "install.archive.unsafe-entry",
      `The archive entry "${entry.name.slice(0, 300)}" declares ${entry.size} bytes but holds ${bytes.length > entry.size ? "more" : bytes.length}, so the archive was refused and nothing from it was kept.`,
    );
  if (crc32(bytes) !== entry.crc) invalid(`"${entry.name.slice(0, 200)}" fails its CRC-32 check`);
  return bytes;
}
