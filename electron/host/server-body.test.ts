// Request bodies over the web host's limit get a 413 answer in JSON, over a real loopback connection.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "node:http";
import path from "node:path";
import { makeTempDir } from "../../test-support/tmp";
import type { WebHost } from "./server";
import { startSessionHost } from "./testing/web-host";
import { TOKEN_HEADER } from "./security";
import { INERT_DESKTOP } from "../handlers/testing/inert-desktop";

const desktop = INERT_DESKTOP;

interface Answer {
  status: number;
  contentType: string | undefined;
  body: string;
}

/** Posts `body` in 64 KiB chunks (with or without a Content-Length) to settings:get and resolves with the answer. */
function post(host: WebHost, body: Buffer, declareLength: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      Host: `127.0.0.1:${host.port}`,
      Origin: host.origin,
      "Content-Type": "application/json",
      [TOKEN_HEADER]: host.token,
    };
    if (declareLength) headers["Content-Length"] = String(body.length);
    const req = request(
      { host: "127.0.0.1", port: host.port, method: "POST", path: "/api/settings:get", headers },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, contentType: res.headers["content-type"], body }));
      },
    );
    req.on("error", reject);
    req.setTimeout(10_000, () => req.destroy(new Error("timed out")));
    let sent = 0;
    const pump = () => {
      while (sent < body.length) {
        const part = body.subarray(sent, sent + 64 * 1024);
        sent += part.length;
        if (!req.write(part)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

describe("web host request bodies", () => {
  let host: WebHost;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const tmp = await makeTempDir();
    cleanup = tmp.cleanup;
    const scanOptions = {
      home: tmp.dir,
      platform: "linux" as const,
      env: { SKILLSHELF_CONFIG_DIR: path.join(tmp.dir, "config"), SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache") },
    };
    host = await startSessionHost(tmp.dir, scanOptions, desktop);
  });

  afterAll(async () => {
    await host?.close();
    await cleanup?.();
  });

  it("answers a body declared over 1 MiB with 413 and a JSON error instead of resetting the connection", async () => {
    const answer = await post(host, Buffer.alloc(3 * 1024 * 1024, 0x20), true);
    expect(answer.status).toBe(413);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({
      ok: false,
      error: { message: expect.stringMatching(/larger than 1\.0 MB/), cause: "refused" },
    });
  });

  it("answers a chunked body that grows past 1 MiB with 413 and a JSON error", async () => {
    const answer = await post(host, Buffer.alloc(2 * 1024 * 1024, 0x20), false);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { message: expect.stringMatching(/refused/) } });
  });

  it("still answers a normal call afterwards", async () => {
    const answer = await post(host, Buffer.from("[]"), true);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: true, value: { servers: [] } });
  });
});
