// The web host's upload of an archive a browser picked for Add: the bytes are streamed into a staging folder of the
// data folder (only the accepted archive extensions, capped in size), and the file's path there is what Add reads.
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { formatBytes } from "../../shared/format";
import { isAddArchiveName } from "../../shared/manage";
import { stagingRoot } from "../engine/app-data/data-dir";
import { ensureTrustedData } from "../engine/app-data/data-trust";
import { createNewFile } from "../engine/fs/write";
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
  try {
    const out = await createNewFile(file, { mode: 0o600 });
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        size += chunk.byteLength;
        if (size > maxBytes)
          throw new HandlerError(`The archive is larger than ${formatBytes(maxBytes)}, so it was not taken.`);
        await out.write(chunk);
      }
      await out.finish();
    } finally {
      await out.close();
    }
    return file;
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (error instanceof HandlerError) throw error;
    throw new HandlerError(`The upload did not arrive whole (${(error as Error).message}); nothing was kept.`);
  }
}
