// How a release server's asset download can fail on demand, as a failure proxy would make it: slow (no answer for
// longer than a client waits), cut in the middle of the body, corrupt (same length, one byte changed, so a published
// checksum no longer matches), refused (a redirect to a port where nothing listens), forbidden (403) or gone (404).
import { createServer, type ServerResponse } from "node:http";
import { closeNow, listenOnLoopback } from "./loopback";

/** One way a download fails; null serves it as it is. */
export type DownloadFault = "slow" | "cut" | "corrupt" | "refused" | "forbidden" | "gone";

/** A loopback port nothing listens on (it was opened and closed), so a connection there is refused. */
export async function closedLoopbackPort(): Promise<number> {
  const probe = createServer();
  const port = await listenOnLoopback(probe);
  await closeNow(probe);
  return port;
}

/** Answers one asset download with `fault`; returns false when the fault leaves the download to the normal path. */
export function serveFault(
  fault: DownloadFault,
  res: ServerResponse,
  bytes: Uint8Array,
  refusedPort: number,
  path: string,
): boolean {
  switch (fault) {
    case "slow":
      // Nothing is sent; the client gives up first, or the server's close ends it.
      return true;
    case "cut": {
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(bytes.byteLength) });
      const half = Buffer.from(bytes.subarray(0, Math.max(1, bytes.byteLength >> 1)));
      res.write(half, () => res.socket?.destroy());
      return true;
    }
    case "corrupt": {
      const changed = Buffer.from(bytes);
      changed[changed.byteLength >> 1]! ^= 0xff;
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(changed.byteLength) });
      res.end(changed);
      return true;
    }
    case "refused":
      res.writeHead(302, { location: `http://127.0.0.1:${refusedPort}${path}` }).end();
      return true;
    case "forbidden":
      res.writeHead(403, { "content-type": "text/plain" }).end("Forbidden");
      return true;
    case "gone":
      res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
      return true;
  }
}
