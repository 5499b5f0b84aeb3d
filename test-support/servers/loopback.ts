// What the test servers share: listening on 127.0.0.1, recording request headers, closing at once.
import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Starts listening on 127.0.0.1 with a random port; resolves with the port. */
export async function listenOnLoopback(http: Server): Promise<number> {
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return (http.address() as AddressInfo).port;
}

/** Drops every open connection and waits until the server is closed. */
export async function closeNow(http: Server): Promise<void> {
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
}

/** A request's headers as lower-cased names and string values (repeated headers joined), for assertions. */
export function headerRecord(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v ?? "")]),
  );
}
