// The one archive reader: every place that reads an archive (validate, `update --from`, release assets, repository
// tarballs, pack's self-check) goes through readArchive, so the same rules (extract-rules) judge every entry of every
// zip, tar and tar.gz. extractArchive unpacks into a fresh staging folder with it; nothing is kept from a refused one.
import { mkdir, open, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { formatBytes } from "../../../shared/format";
import { EngineError } from "../errors";
import {
  EntryRefusedError,
  EntryRules,
  EXTRACT_LIMITS,
  refuseEntry,
  type EntryKind,
  type ExtractLimits,
  type KeptEntry,
} from "./extract-rules";
import { readTar, type EntrySink } from "./extract-tar";
import { listZip, unreadableZipEntry, zipEntryBytes } from "./extract-zip";
import { StagingWriter } from "./staging-writer";

/** The archive formats Skillshelf reads ("tar.gz" also reads a plain tar: gzip is detected from the bytes). */
export type ArchiveFormat = "zip" | "tar.gz" | "tar";

/** What a reader of an archive does with the entries the rules keep. */
export interface ArchiveVisitor {
  folder?(entry: KeptEntry): void;
  /** A file: the sink for its bytes, or null when they are not needed. */
  file(entry: KeptEntry): EntrySink | null;
}

/** What one archive held: its format, what was kept, and the macOS metadata left out. */
export interface ArchiveSummary {
  format: ArchiveFormat;
  files: number;
  folders: number;
  bytes: number;
  /** macOS metadata left out (`__MACOSX/`, `._*`, `.DS_Store`), as named in the archive; at most 200 listed. */
  leftOut: string[];
  leftOutCount: number;
}

/** Options of readArchive and extractArchive. */
export interface ReadArchiveOptions {
  format?: ArchiveFormat;
  limits?: Partial<ExtractLimits>;
  /** Only entries it accepts are judged and read (a repository tarball's one folder). */
  only?: (entryPath: string) => boolean;
  /** When given, an entry that breaks a rule is passed here and skipped instead of refusing the archive (validate). */
  onRefused?: (refusal: EntryRefusedError) => void;
}

/** The format from the first bytes (zip's `PK`, gzip's 1f 8b, tar's `ustar`), else from the name; null when none fits. */
export function archiveFormatOf(name: string, head: Uint8Array): ArchiveFormat | null {
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5)) return "zip";
  if (head[0] === 0x1f && head[1] === 0x8b) return "tar.gz";
  if (new TextDecoder().decode(head.subarray(257, 262)) === "ustar") return "tar";
  if (/\.(zip|skill)$/i.test(name)) return "zip";
  if (/\.(tar\.gz|tgz)$/i.test(name)) return "tar.gz";
  if (/\.tar$/i.test(name)) return "tar";
  return null;
}

/** Reads `file` entry by entry through the rules, handing what they keep to `visitor`; throws EngineError on refusal. */
export async function readArchive(
  file: string,
  visitor: ArchiveVisitor,
  options: ReadArchiveOptions = {},
): Promise<ArchiveSummary> {
  const limits = { ...EXTRACT_LIMITS, ...options.limits };
  const handle = await open(file, "r").catch((error: NodeJS.ErrnoException) => {
    throw new EngineError("install.source.unreadable", `The archive cannot be read (${error.code ?? error.message}).`);
  });
  const head = new Uint8Array(512);
  let size: number;
  try {
    size = (await handle.stat()).size;
    await handle.read(head, 0, 512, 0);
  } finally {
    await handle.close();
  }
  if (size > limits.maxArchiveBytes)
    throw new EngineError(
      "install.archive.too-large",
      `The archive is ${formatBytes(size)}, over the ${formatBytes(limits.maxArchiveBytes)} limit, so it was not opened.`,
    );
  const format = options.format ?? archiveFormatOf(path.basename(file), head);
  if (!format) throw new EngineError("install.archive.invalid", "The file is neither a zip nor a tar archive.");
  const rules = new EntryRules(limits, size);
  const judge: Judge = (name, kind, mode, declared, packed) => {
    try {
      return rules.judge(name, kind, mode, declared, packed);
    } catch (error) {
      if (!options.onRefused || !(error instanceof EntryRefusedError)) throw error;
      options.onRefused(error);
      return null;
    }
  };
  if (format === "zip") await readZip(file, judge, visitor, options.only);
  else {
    await readTar(
      file,
      (entry) => {
        const kept = judge(entry.name, entry.kind, entry.mode, entry.kind === "file" ? entry.size : null, null);
        if (!kept) return null;
        if (kept.kind === "dir") return (void visitor.folder?.(kept), null);
        const sink = visitor.file(kept);
        return sink ? countedSink(kept, sink) : null;
      },
      options.only,
    );
  }
  return { format, ...rules.counts, leftOut: rules.leftOut, leftOutCount: rules.leftOutCount };
}

type Judge = (
  name: string,
  kind: EntryKind,
  mode: number | null,
  size: number | null,
  packed: number | null,
) => KeptEntry | null;

/** A sink that refuses an entry holding other than the bytes it declared. */
function countedSink(entry: KeptEntry, sink: EntrySink): EntrySink {
  let seen = 0;
  return {
    write(chunk) {
      seen += chunk.byteLength;
      if (entry.size !== null && seen > entry.size)
        refuseEntry(entry.name, `holds more than the ${entry.size} bytes it declares`);
      sink.write(chunk);
    },
    end() {
      if (entry.size !== null && seen !== entry.size)
        refuseEntry(entry.name, `declares ${entry.size} bytes but holds ${seen}`);
      sink.end();
    },
  };
}

async function readZip(
  file: string,
  judge: Judge,
  visitor: ArchiveVisitor,
  only: ((entryPath: string) => boolean) | undefined,
): Promise<void> {
  const data = await readFile(file);
  const entries = listZip(data);
  for (const entry of entries) {
    if (only && !only(entry.name)) continue;
    const kept = judge(entry.name, entry.kind, entry.mode, entry.kind === "file" ? entry.size : null, entry.packed);
    if (!kept) continue;
    if (kept.kind === "dir") {
      visitor.folder?.(kept);
      continue;
    }
    const unreadable = unreadableZipEntry(entry);
    if (unreadable)
      throw new EngineError(
        "install.archive.invalid",
        `The archive entry "${entry.name.slice(0, 300)}" ${unreadable}, so the archive cannot be read.`,
      );
    const sink = visitor.file(kept);
    if (!sink) continue;
    sink.write(zipEntryBytes(data, entry));
    sink.end();
  }
}

/** Unpacks `file` into `destDir`, which must not exist yet; on any refusal destDir is removed and an EngineError thrown. */
export async function extractArchive(
  file: string,
  destDir: string,
  options: ReadArchiveOptions = {},
): Promise<ArchiveSummary> {
  await mkdir(path.dirname(destDir), { recursive: true });
  await mkdir(destDir);
  const writer = new StagingWriter(destDir);
  try {
    return await readArchive(file, writer, options);
  } catch (error) {
    writer.abort();
    await rm(destDir, { recursive: true, force: true });
    if (error instanceof EngineError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST")
      throw new EngineError(
        "install.archive.unsafe-entry",
        "The archive names one file twice, so it was refused and nothing from it was kept.",
      );
    throw new EngineError(
      "install.archive.invalid",
      `The archive could not be unpacked (${(error as Error).message}).`,
    );
  }
}
