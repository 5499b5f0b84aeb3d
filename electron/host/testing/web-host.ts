// The web host for tests: started on a real handler session for a home, and called as the page calls it (its Host,
// Origin and token).
import { request } from "node:http";
import path from "node:path";
import type { ScanOptions } from "../../engine/discovery/types";
import type { DesktopIntegration } from "../../handlers/context";
import { createEngine } from "../../handlers/engine";
import { createHandlerSession } from "../../handlers/handlers";
import { TOKEN_HEADER } from "../security";
import { startWebHost, type WebHost } from "../server";

/** Starts the web host on port 0 with one handler session per page for `scanOptions` (no live catalog). */
export function startSessionHost(
  root: string,
  scanOptions: ScanOptions,
  desktop: DesktopIntegration,
): Promise<WebHost> {
  return startWebHost({
    port: 0,
    rendererDir: path.join(root, "renderer"),
    createSession: (emit) =>
      createHandlerSession({
        host: "web",
        scanOptions,
        desktop,
        emit,
        engine: createEngine(scanOptions),
        liveCatalog: false,
      }),
  });
}

/** POSTs `args` to `/api/<channel>` and gives the status and the parsed `{ ok, value, error }` answer. */
export function postApi<T = unknown>(
  host: WebHost,
  channel: string,
  args: unknown[],
): Promise<{ status: number; body: { ok: boolean; value?: T; error?: string } }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: host.port,
        method: "POST",
        path: `/api/${channel}`,
        headers: {
          Host: `127.0.0.1:${host.port}`,
          Origin: host.origin,
          "Content-Type": "application/json",
          [TOKEN_HEADER]: host.token,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { ok: boolean; value?: T } }),
        );
      },
    );
    req.on("error", reject);
    req.setTimeout(20_000, () => req.destroy(new Error("timed out")));
    req.end(JSON.stringify(args));
  });
}
