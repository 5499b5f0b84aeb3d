// The web host's upload of an archive a browser picked for Add: the bytes are streamed into a staging folder of the
// data folder (only the accepted archive extensions, capped in size), and the file's path there is what Add reads.
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { formatBytes } from "../../shared/format";
import { isAddArchiveName } from "../../shared/manage";
import { stagingRoot } from "../engine/app-data/data-dir";
import { ensureTrustedData } from "../engine/app-data/data-trust";
import { addStagingName } from "../engine/manage/add-journal";
import { HandlerError } from "./errors";

/** The largest archive the web host takes for Add (the page checks first, the host again while it reads). */
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

/** A safe file name for the upload: its last path part, plain characters only, the extension kept. */
function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  return (
    base
      .replace(/[^A-Za-z0-9._-]/g, "_")
      .replace(/^\.+/, "")
      .slice(-120) || "upload"
  );
}

/** Streams `body` into a fresh staging folder; resolves with the file's path, or throws HandlerError (nothing kept). */
export async function receiveUpload(
  dataDir: string,
  name: string,
  body: Readable,
  declaredBytes: number,
  maxBytes = MAX_UPLOAD_BYTES,
): Promise<string> {
  if (name.length > 1000 || !isAddArchiveName(name))
    throw new HandlerError("Only a .zip, .skill, .tar.gz or .tgz archive can be uploaded to add a skill.");
  if (Number.isFinite(declaredBytes) && declaredBytes > maxBytes)
    throw new HandlerError(`The archive is larger than ${formatBytes(maxBytes)}, so it was not taken.`);
  const root = stagingRoot(dataDir);
  await ensureTrustedData(dataDir, root);
  const dir = path.join(root, addStagingName());
  await mkdir(dir, { mode: 0o700 });
  const file = path.join(dir, safeFileName(name));
  let size = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.byteLength;
      if (size > maxBytes)
        done(new HandlerError(`The archive is larger than ${formatBytes(maxBytes)}, so it was not taken.`));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(body, cap, createWriteStream(file, { flags: "wx", mode: 0o600 }));
    return file;
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (error instanceof HandlerError) throw error;
    throw new HandlerError(`The upload did not arrive whole (${(error as Error).message}); nothing was kept.`);
  }
}
