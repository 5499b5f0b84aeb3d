// Sends a file Skillshelf made (the .skill for Claude Desktop) to the browser as a download: opened without following
// a link, a regular file only, capped, never shown inline.
import { constants } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import type { ServerResponse } from "node:http";
import { formatBytes } from "../../shared/format";

/** The largest file offered as a download (a .skill is a small zip; the packer refuses far less than this). */
export const MAX_DOWNLOAD_BYTES = 256 * 1024 * 1024;

/** Why a file was not sent, with the HTTP status. */
export class DownloadRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A file name safe in a Content-Disposition header (other characters become "_"). */
const headerName = (file: string): string => path.basename(file).replace(/[^A-Za-z0-9._-]/g, "_") || "download";

/** Streams `file` as an attachment; throws a DownloadRefusal before anything is sent when it cannot. */
export async function sendDownload(res: ServerResponse, file: string, headers: Record<string, string>): Promise<void> {
  const handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0)).catch(() => null);
  if (!handle) throw new DownloadRefusal(410, "The file is not there any more; make it again with the update.");
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new DownloadRefusal(410, "That is not a regular file any more, so it is not sent.");
    if (info.size > MAX_DOWNLOAD_BYTES)
      throw new DownloadRefusal(413, `The file is larger than ${formatBytes(MAX_DOWNLOAD_BYTES)}, so it is not sent.`);
    res.writeHead(200, {
      ...headers,
      "Content-Type": "application/octet-stream",
      "Content-Disposition": `attachment; filename="${headerName(file)}"`,
      "Content-Length": String(info.size),
      "Cache-Control": "no-store",
    });
  } catch (error) {
    await handle.close();
    throw error;
  }
  await new Promise<void>((resolve) => {
    const stream = handle.createReadStream({ autoClose: true });
    stream.on("error", () => {
      res.destroy();
      resolve();
    });
    stream.on("close", resolve);
    stream.pipe(res);
  });
}
