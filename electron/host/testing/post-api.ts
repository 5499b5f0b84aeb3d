// One call of the web host's HTTP API as the page makes it (its Host, Origin and token), for tests of the host.
import { request } from "node:http";
import { TOKEN_HEADER } from "../security";
import type { WebHost } from "../server";

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
