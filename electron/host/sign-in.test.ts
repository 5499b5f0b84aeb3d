// Signing a browser in to the web host, with the real server on 127.0.0.1: a one-time code is exchanged once for a
// session secret the page sends in a header (never a cookie, which a browser sends to every port); the code is dead
// afterwards.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { request } from "node:http";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { SESSION_HEADER } from "../../shared/ipc";
import { webDesktopIntegration } from "./desktop-fallback";
import type { WebHost } from "./server";
import { startSessionHost } from "./testing/web-host";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(host: WebHost, pathName: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: host.port,
        method: body === undefined ? "GET" : "POST",
        path: pathName,
        headers: { Host: `127.0.0.1:${host.port}`, ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => {
          text += d;
          if (body === undefined) req.destroy();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on("close", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", (e) => (e.message === "socket hang up" ? undefined : reject(e)));
    req.end(body);
  });
}

describe("signing in to the web host", () => {
  let host: WebHost;
  let cleanup: () => Promise<void>;
  const used: string[] = [];
  beforeAll(async () => {
    const tmp = await makeTempDir();
    cleanup = tmp.cleanup;
    await writeTree(tmp.dir, { "renderer/index.html": "<!doctype html><title>Skillshelf</title>", "home/.keep": "" });
    host = await startSessionHost(
      tmp.dir,
      { home: path.join(tmp.dir, "home"), platform: "linux", env: {} },
      webDesktopIntegration({ spawn: async () => ({ code: 0, stdout: "" }) }),
    );
  });
  afterAll(async () => {
    await host?.close();
    await cleanup?.();
  });

  const exchange = (code: unknown, headers: Record<string, string> = {}) =>
    send(
      host,
      "/api/session",
      { Origin: host.origin, "Content-Type": "application/json", ...headers },
      JSON.stringify({ code }),
    );
  const info = (headers: Record<string, string>) =>
    send(host, "/api/app:info", { Origin: host.origin, "Content-Type": "application/json", ...headers }, "[]");

  const sessionOf = (answer: Answer) => (JSON.parse(answer.body) as { value: { session: string } }).value.session;

  it("exchanges a code once for a session secret in the answer's body (never a cookie) that opens the API", async () => {
    const code = host.issueCode();
    const first = await exchange(code);
    expect(first.status).toBe(200);
    expect(first.headers["set-cookie"]).toBeUndefined();
    const session = sessionOf(first);
    expect(session).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    used.push(code);
    expect((await info({ [SESSION_HEADER]: session })).status).toBe(200);
    // The event stream takes it in its address (an EventSource cannot send headers), or in the header.
    expect((await send(host, `/api/events?session=${session}`, {})).status).toBe(200);
    expect((await send(host, "/api/events", { [SESSION_HEADER]: session })).status).toBe(200);

    const again = await exchange(code);
    expect(again.status).toBe(403);
    expect(again.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses the API without a session, with a made-up one, or with the secret anywhere but its header", async () => {
    const session = sessionOf(await exchange(host.issueCode()));
    expect((await info({})).status).toBe(403);
    expect((await info({ [SESSION_HEADER]: "made-up" })).status).toBe(403);
    // What a cookie-based session took is no longer a way in: a browser would send a cookie to every port.
    expect((await info({ Cookie: `skillshelf-${host.port}=${session}` })).status).toBe(403);
    expect((await send(host, `/api/app:info?session=${session}`, { Origin: host.origin }, "[]")).status).toBe(403);
    expect((await send(host, "/api/events?session=made-up", {})).status).toBe(403);
    expect((await info({ [SESSION_HEADER]: session })).status).toBe(200);
  });

  it("refuses an exchange from another origin or site (the code stays usable for the real page)", async () => {
    const code = host.issueCode();
    expect((await exchange(code, { Origin: "http://evil.example" })).status).toBe(403);
    expect((await exchange(code, { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await exchange(code, { Origin: "null" })).status).toBe(403);
    expect((await exchange(code)).status).toBe(200);
  });

  it("refuses a code it never issued, a missing one and a body that is not JSON", async () => {
    expect((await exchange("not-a-code")).status).toBe(403);
    expect((await exchange(undefined)).status).toBe(403);
    expect((await exchange(used[0])).status).toBe(403);
    const notJson = await send(host, "/api/session", { Origin: host.origin, "Content-Type": "application/json" }, "{");
    expect(notJson.status).toBe(400);
  });
});
