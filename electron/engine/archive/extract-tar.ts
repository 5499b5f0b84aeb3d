// Reads a tar, plain or gzipped, with node-tar's Parser (ustar, GNU long names, pax headers including git's
// pax_global_header), handing each entry's name, kind and mode to the caller and, when it asks, the entry's bytes.
import { createReadStream } from "node:fs";
import { Parser, type ReadEntry } from "tar";
import { EngineError } from "../errors";
import type { EntryKind } from "./extract-rules";

const FILE_TYPES = new Set(["File", "OldFile", "ContiguousFile"]);
const DIR_TYPES = new Set(["Directory", "GNUDumpDir"]);
const TYPE_NAMES: Record<string, string> = {
  SymbolicLink: "a symbolic link",
  Link: "a hard link",
  CharacterDevice: "a character device",
  BlockDevice: "a block device",
  FIFO: "a named pipe (FIFO)",
};

/** One tar entry as the caller sees it. */
export interface TarEntry {
  name: string;
  kind: EntryKind;
  mode: number | null;
  size: number;
}

/** Where the caller wants an entry's bytes to go, chunk by chunk; `end` gets the number of bytes seen. */
export interface EntrySink {
  write(chunk: Uint8Array): void;
  end(): void;
}

/**
 * Reads every entry of the tar (or tar.gz) `file` in order: `onEntry` judges it (throwing refuses the archive) and
 * returns a sink for its bytes, or null to skip them. Entries `only` rejects are neither judged nor read.
 */
export async function readTar(
  file: string,
  onEntry: (entry: TarEntry) => EntrySink | null,
  only?: (entryPath: string) => boolean,
): Promise<void> {
  let failure: unknown = null;
  let entries = 0;
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry: ReadEntry) => {
      entries++;
      if (failure || (only && !only(entry.path))) return void entry.resume();
      try {
        const kind: EntryKind = DIR_TYPES.has(entry.type)
          ? "dir"
          : FILE_TYPES.has(entry.type)
            ? "file"
            : { special: TYPE_NAMES[entry.type] ?? `a "${entry.type}" entry` };
        const sink = onEntry({ name: entry.path, kind, mode: entry.mode ?? null, size: entry.size ?? 0 });
        if (!sink || kind !== "file") return void entry.resume();
        entry.on("data", (chunk: Buffer) => {
          if (failure) return;
          try {
            sink.write(chunk);
          } catch (caught) {
            failure = caught;
          }
        });
        entry.on("end", () => {
          if (failure) return;
          try {
            sink.end();
          } catch (caught) {
            failure = caught;
          }
        });
      } catch (caught) {
        failure = caught;
        entry.resume();
      }
    },
  });
  const done = new Promise<void>((resolve) => {
    const fail = (message: string | Error) => {
      failure ??= new EngineError(
        "install.archive.invalid",
        `The file is not a readable tar archive (${typeof message === "string" ? message : message.message}).`,
      );
      resolve();
    };
    parser.on("warn", (_code: string, message: string | Error) => fail(message));
    parser.on("error", (error: Error) => fail(error));
    parser.on("end", () => resolve());
    parser.on("close", () => resolve());
  });
  for await (const chunk of createReadStream(file, { highWaterMark: 64 * 1024 })) {
    if (failure) break;
    parser.write(chunk as Buffer);
  }
  if (!failure) {
    parser.end();
    await done;
  }
  if (failure) throw failure;
  if (entries === 0) throw new EngineError("install.archive.invalid", "The tar archive holds no entries.");
}
