// Stdio consent through the web host's HTTP API: the page cannot switch local servers on with a setting, cannot name a
// command the host did not list, and a listed command starts only once approved by its id.
import { request } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test-support/tmp";
import type { StdioServerList } from "../../shared/stdio-servers";
import type { UpdateInfo } from "../../shared/model";
import { createEngine } from "../handlers/engine";
import { createHandlerSession } from "../handlers/handlers";
import { alphaLatest, writeStdioConfig, writeStdioHome } from "../handlers/testing/stdio-home";
import { webDesktopIntegration } from "./desktop-fallback";
import { TOKEN_HEADER } from "./security";
import { startWebHost, type WebHost } from "./server";

function post<T>(
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

describe("stdio consent through the web host", () => {
  let host: WebHost;
  let home: string;
  let cleanup: () => Promise<void>;
  const check = async (force: boolean) =>
    alphaLatest((await post<UpdateInfo[]>(host, "updates:check", [force])).body.value ?? []);
  const list = async () => (await post<StdioServerList>(host, "stdio:list", [])).body.value!;

  beforeAll(async () => {
    const tmp = await makeTempDir();
    cleanup = tmp.cleanup;
    const scanOptions = await writeStdioHome(tmp.dir);
    home = scanOptions.home;
    host = await startWebHost({
      port: 0,
      rendererDir: path.join(tmp.dir, "renderer"),
      createSession: (emit) =>
        createHandlerSession({
          host: "web",
          scanOptions,
          desktop: webDesktopIntegration({ spawn: async () => ({ code: 0, stdout: "" }) }),
          emit,
          engine: createEngine(scanOptions),
          liveCatalog: false,
        }),
    });
    expect((await post(host, "catalog:scan", [])).status).toBe(200);
  });

  afterAll(async () => {
    await host?.close();
    await cleanup?.();
  });

  it("refuses a settings change that would switch local servers on, and starts none", async () => {
    const refused = await post(host, "settings:update", [{ askStdioServers: true }]);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body.ok).toBe(false);
    expect(await check(true)).toBeNull();
  });

  it("refuses an id the host did not produce, starts an approved command, and asks again after its arguments change", async () => {
    const first = await list();
    expect(first).toMatchObject({
      approval: "page",
      servers: [{ name: "alpha-meta", command: process.execPath, approved: false }],
    });
    expect((await post(host, "stdio:approve", ["not an id; rm -rf /"])).status).toBe(400);
    expect((await post(host, "stdio:approve", ["f".repeat(32)])).body).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not in your apps' settings/),
    });
    expect((await post(host, "stdio:review", [])).body.ok).toBe(false);
    expect(await check(true)).toBeNull();

    expect(
      (await post<StdioServerList>(host, "stdio:approve", [first.servers[0]!.id])).body.value?.servers[0]?.approved,
    ).toBe(true);
    expect(await check(false)).toBe("2.0.0");

    await writeStdioConfig(home, "3.0.0");
    const changed = await list();
    expect(changed.servers).toMatchObject([{ approved: false, args: [expect.any(String), "alpha", "3.0.0"] }]);
    expect(await check(true)).toBeNull();
    await post(host, "stdio:approve", [changed.servers[0]!.id]);
    expect(await check(false)).toBe("3.0.0");
  });
});
