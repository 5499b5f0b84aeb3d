// Reads a tar.gz with node-tar's Parser (gzip, pax and GNU long names handled there) into a StagingWriter; every
// entry that is not a plain file or folder (links, devices, FIFOs, unknown types) refuses the whole archive.
import { createReadStream } from "node:fs";
import { Parser, type ReadEntry } from "tar";
import { InstallError } from "./errors";
import { refuseEntry, type StagingWriter } from "./staging-writer";

const FILE_TYPES = new Set(["File", "OldFile", "ContiguousFile"]);
const TYPE_NAMES: Record<string, string> = {
  SymbolicLink: "a symbolic link",
  Link: "a hard link",
  CharacterDevice: "a character device",
  BlockDevice: "a block device",
  FIFO: "a named pipe (FIFO)",
};

/**
 * Unpacks every entry of the tar.gz `file` through the writer (only those `only` accepts, when given: the others are
 * neither written nor judged); throws InstallError on the first refused entry.
 */
export async function readTarGzInto(
  file: string,
  writer: StagingWriter,
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
        if (entry.type === "Directory" || entry.type === "GNUDumpDir") {
          writer.directory(entry.path);
          entry.resume();
          return;
        }
        if (!FILE_TYPES.has(entry.type))
          refuseEntry(
            entry.path,
            `is ${TYPE_NAMES[entry.type] ?? `a "${entry.type}" entry`}; only plain files and folders are unpacked`,
          );
        writer.beginFile(entry.path, entry.mode ?? 0o644, null);
        const declared = entry.size;
        entry.on("data", (chunk: Buffer) => {
          if (failure) return;
          try {
            writer.write(chunk);
          } catch (caught) {
            failure = caught;
          }
        });
        entry.on("end", () => {
          if (failure) return;
          try {
            writer.endFile(declared);
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
      failure ??= new InstallError(
        "install.archive.invalid",
        `The file is not a readable tar.gz archive (${typeof message === "string" ? message : message.message}).`,
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
  if (entries === 0) throw new InstallError("install.archive.invalid", "The tar.gz archive holds no entries.");
}
