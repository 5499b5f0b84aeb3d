// Checks every archive entry against the rules and writes it into a staging folder; shared by the zip and tar readers.
import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import { formatBytes } from "../../../shared/format";
import { InstallError } from "./errors";

/** Limits of one unpacked archive; a refused archive names the limit it hit. */
export interface ExtractLimits {
  /** Largest archive file opened at all (a zip is read into memory to be checked). */
  maxArchiveBytes: number;
  maxFiles: number;
  maxTotalBytes: number;
  /** Largest unpacked-to-packed ratio, per entry (zip) and for the whole archive. */
  maxRatio: number;
  /** Below this many unpacked bytes the ratio is not checked (small text files compress very well). */
  ratioFloorBytes: number;
}

/** Defaults: enough for any real skill, far below what would hurt the machine. */
export const EXTRACT_LIMITS: ExtractLimits = {
  maxArchiveBytes: 256 * 1024 * 1024,
  maxFiles: 10_000,
  maxTotalBytes: 256 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
};

/** Why an entry name is refused, or null when it is a plain relative path. */
function unsafeNameReason(name: string): string | null {
  if (name.includes("\u0000")) return "contains a NUL character";
  if (name.startsWith("/") || name.startsWith("\\")) return "is an absolute path";
  if (/^[a-zA-Z]:/.test(name)) return "starts with a drive letter";
  if (name.split(/[\\/]/).includes("..")) return "climbs out of the folder with `..`";
  return null;
}

/** Relative, forward-slash segments of a checked name ("" and "." dropped). */
function segmentsOf(name: string): string[] {
  return name.split(/[\\/]/).filter((s) => s !== "" && s !== ".");
}

/** Refuses the whole archive because of one entry, naming the rule it broke. */
export function refuseEntry(entry: string, rule: string): never {
  throw new InstallError(
    "install.archive.unsafe-entry",
    `The archive entry "${entry.slice(0, 300)}" ${rule}, so the archive was refused and nothing from it was kept.`,
  );
}

function tooLarge(message: string): never {
  throw new InstallError(
    "install.archive.too-large",
    `${message}; the archive was refused as a possible archive bomb and nothing from it was kept.`,
  );
}

/** Kinds of entries an archive may hold; anything else (links, devices, FIFOs) is refused by the readers. */
export type EntryKind = "file" | "dir";

/** Checks every entry against the rules and writes files into the staging folder; shared by the zip and tar readers. */
export class StagingWriter {
  readonly #root: string;
  readonly #limits: ExtractLimits;
  readonly #archiveBytes: number;
  readonly #seen = new Map<string, { kind: EntryKind; name: string }>();
  #files = 0;
  #folders = 0;
  #total = 0;
  #fd: number | null = null;
  #entry = "";
  #entryBytes = 0;
  #entryPacked = 0;

  constructor(root: string, limits: ExtractLimits, archiveBytes: number) {
    this.#root = root;
    this.#limits = limits;
    this.#archiveBytes = archiveBytes;
  }

  /** Files written so far and their total size. */
  get counts(): { files: number; bytes: number } {
    return { files: this.#files, bytes: this.#total };
  }

  #claim(name: string, kind: EntryKind): string[] {
    const reason = unsafeNameReason(name);
    if (reason) refuseEntry(name, reason);
    const segments = segmentsOf(name);
    if (!segments.length) return segments;
    for (let i = 1; i <= segments.length; i++) {
      const rel = segments.slice(0, i).join("/");
      const key = rel.normalize("NFC").toLowerCase();
      const wanted: EntryKind = i < segments.length ? "dir" : kind;
      const before = this.#seen.get(key);
      if (before) {
        if (before.kind === "dir" && wanted === "dir") continue;
        const same = before.name === rel;
        refuseEntry(
          name,
          same
            ? "appears twice"
            : `differs from the entry "${before.name}" only in letter case (they would overwrite each other on macOS and Windows)`,
        );
      }
      this.#seen.set(key, { kind: wanted, name: rel });
    }
    return segments;
  }

  /** A folder entry. */
  directory(name: string): void {
    if (++this.#folders > this.#limits.maxFiles)
      tooLarge(`The archive holds more than ${this.#limits.maxFiles} folders`);
    const segments = this.#claim(name, "dir");
    if (segments.length) mkdirSync(path.join(this.#root, ...segments), { recursive: true });
  }

  /** Starts a file entry; `packedSize` (zip's compressed size) enables the per-entry ratio check. */
  beginFile(name: string, mode: number, packedSize: number | null): void {
    if (++this.#files > this.#limits.maxFiles) tooLarge(`The archive holds more than ${this.#limits.maxFiles} files`);
    const segments = this.#claim(name, "file");
    if (!segments.length) refuseEntry(name, "has no file name");
    const target = path.join(this.#root, ...segments);
    mkdirSync(path.dirname(target), { recursive: true });
    this.#fd = openSync(target, "wx", mode & 0o111 ? 0o755 : 0o644);
    this.#entry = name;
    this.#entryBytes = 0;
    this.#entryPacked = packedSize ?? 0;
  }

  /** Writes the next chunk of the current file, checking the size and ratio limits first. */
  write(chunk: Uint8Array): void {
    if (this.#fd === null) return;
    this.#entryBytes += chunk.byteLength;
    this.#total += chunk.byteLength;
    const { maxTotalBytes, maxRatio, ratioFloorBytes } = this.#limits;
    if (this.#total > maxTotalBytes)
      tooLarge(`The archive unpacks to more than ${formatBytes(maxTotalBytes)} (at "${this.#entry.slice(0, 300)}")`);
    if (
      this.#entryPacked > 0 &&
      this.#entryBytes > ratioFloorBytes &&
      this.#entryBytes > this.#entryPacked * maxRatio
    ) {
      tooLarge(`The entry "${this.#entry.slice(0, 300)}" unpacks to more than ${maxRatio} times its packed size`);
    }
    if (this.#total > ratioFloorBytes && this.#total > this.#archiveBytes * maxRatio)
      tooLarge(`The archive unpacks to more than ${maxRatio} times its own size`);
    let offset = 0;
    while (offset < chunk.byteLength) offset += writeSync(this.#fd, chunk, offset);
  }

  /** Ends the current file; `declaredSize`, when known, must match what was unpacked. */
  endFile(declaredSize: number | null): void {
    if (this.#fd === null) return;
    closeSync(this.#fd);
    this.#fd = null;
    if (declaredSize !== null && declaredSize !== this.#entryBytes)
      refuseEntry(this.#entry, `declares ${declaredSize} bytes but holds ${this.#entryBytes}`);
  }

  /** Closes a file left open by a refusal. */
  abort(): void {
    if (this.#fd !== null) closeSync(this.#fd);
    this.#fd = null;
  }
}
