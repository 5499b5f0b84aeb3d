import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "node:http";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { commandOfMethod, unwrapReply, type CatalogChange } from "../../shared/ipc";
import type { ScanResult } from "../../shared/model";
import type { CatalogWatcher, HandlerEngine } from "../handlers/context";
import { createHandlerSession, type HandlerSession } from "../handlers/handlers";
import { webDesktopIntegration } from "./desktop-fallback";
import { startWebHost, type WebHost } from "./server";
import { TOKEN_HEADER } from "./security";
import { SerializedJson } from "../../shared/serialized-json";
import type { StoredCatalog } from "../../shared/model";

const emptyScan: ScanResult = { locations: [], skills: [], plugins: [], diagnostics: [] };

/** An engine whose watcher can be poked by the test, to prove events reach the page. */
function scriptedEngine() {
  const listeners: Array<(change: CatalogChange) => void> = [];
  const engine: HandlerEngine = {
    scan: async () => emptyScan,
    watchCatalog: async (_options, listener): Promise<CatalogWatcher> => {
      listeners.push(listener);
      return { close: async () => undefined, current: () => emptyScan };
    },
    getSkillLevels: async () => {
      throw new Error("not used");
    },
    readSkillResource: async () => ({ ok: false, path: "", message: "not used" }),
    validatePath: async () => [],
    checkUpdates: async () => [],
  };
  return { engine, fire: (change: CatalogChange) => listeners.forEach((l) => l(change)) };
}

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request with full control of the headers (fetch would rewrite Host and Origin). */
function raw(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, method: options.method ?? "GET", path: options.path, headers: options.headers },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.setTimeout(5000, () => req.destroy(new Error("timed out")));
    req.end(options.body);
  });
}

describe("web host", () => {
  let host: WebHost;
  let cleanup: () => Promise<void>;
  const scripted = scriptedEngine();

  beforeAll(async () => {
    const tmp = await makeTempDir();
    cleanup = tmp.cleanup;
    await writeTree(tmp.dir, {
      "renderer/index.html": "<!doctype html><title>Skillshelf</title>",
      "renderer/assets/mount-DkGAW4iB.js": "export {};",
      "renderer/assets/notes.js": "export {};",
      "secret.txt": "outside",
    });
    host = await startWebHost({
      port: 0,
      rendererDir: `${tmp.dir}/renderer`,
      createSession: (emit) =>
        createHandlerSession({
          host: "web",
          scanOptions: { home: tmp.dir, platform: "linux", env: {} },
          desktop: webDesktopIntegration({ spawn: async () => ({ code: 0, stdout: "" }) }),
          emit,
          engine: scripted.engine,
        }),
    });
  });

  afterAll(async () => {
    await host?.close();
    await cleanup?.();
  });

  const hostHeader = () => `127.0.0.1:${host.port}`;
  const call = (channel: string, args: unknown, headers: Record<string, string> = {}) =>
    raw(host.port, {
      method: "POST",
      path: `/api/${channel}`,
      headers: {
        Host: hostHeader(),
        Origin: host.origin,
        "Content-Type": "application/json",
        [TOKEN_HEADER]: host.token,
        ...headers,
      },
      body: JSON.stringify(args),
    });

  it("listens on 127.0.0.1; its address carries no key, and a sign-in address carries a code only in the fragment", () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/`);
    expect(host.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const code = host.issueCode();
    expect(code).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // Beside the code, only a one-time ticket for the first screen, which opens no API.
    expect(host.pageUrl(code)).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/\\?first=[A-Za-z0-9_-]{40,}#code=${code}$`),
    );
  });

  it("serves the page with a strict CSP and security headers", async () => {
    const res = await raw(host.port, { path: "/", headers: { Host: hostHeader() } });
    expect(res.status).toBe(200);
    expect(res.body).toContain("<title>Skillshelf</title>");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["content-security-policy"]).not.toContain("unsafe");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
  });

  it("lets the browser keep only the files named by their content; the page is fetched again each time", async () => {
    const get = (p: string) => raw(host.port, { path: p, headers: { Host: hostHeader() } });
    const hashed = await get("/assets/mount-DkGAW4iB.js");
    expect(hashed.status).toBe(200);
    expect(hashed.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    for (const p of ["/", "/index.html", "/assets/notes.js"]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers["cache-control"], p).toBe("no-store");
    }
  });

  it("never serves files outside the renderer folder", async () => {
    for (const p of ["/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt"]) {
      const res = await raw(host.port, { path: p, headers: { Host: hostHeader() } });
      expect(res.body, p).not.toContain("outside");
    }
  });

  it("answers a good call", async () => {
    const res = await call("app:info", []);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ ok: true, value: { host: "web", platform: "linux" } });
  });

  it("accepts localhost as the Host when the Origin matches it", async () => {
    const res = await call("app:info", [], { Host: `localhost:${host.port}`, Origin: `http://localhost:${host.port}` });
    expect(res.status).toBe(200);
  });

  it("refuses a missing or wrong token", async () => {
    expect((await call("app:info", [], { [TOKEN_HEADER]: "wrong" })).status).toBe(403);
    const noToken = await raw(host.port, {
      method: "POST",
      path: "/api/app:info",
      headers: { Host: hostHeader(), Origin: host.origin, "Content-Type": "application/json" },
      body: "[]",
    });
    expect(noToken.status).toBe(403);
  });

  it("refuses a foreign Host header (DNS rebinding), even on pages", async () => {
    expect((await call("app:info", [], { Host: `evil.example:${host.port}` })).status).toBe(421);
    expect((await call("app:info", [], { Host: "127.0.0.1:1" })).status).toBe(421);
    expect((await raw(host.port, { path: "/", headers: { Host: "attacker.test" } })).status).toBe(421);
  });

  it("refuses a foreign or missing Origin and cross-site fetches", async () => {
    expect((await call("app:info", [], { Origin: "http://evil.example" })).status).toBe(403);
    expect((await call("app:info", [], { Origin: `http://localhost:${host.port}` })).status).toBe(403);
    expect((await call("app:info", [], { Origin: "null" })).status).toBe(403);
    expect((await call("app:info", [], { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    const noOrigin = await raw(host.port, {
      method: "POST",
      path: "/api/app:info",
      headers: { Host: hostHeader(), "Content-Type": "application/json", [TOKEN_HEADER]: host.token },
      body: "[]",
    });
    expect(noOrigin.status).toBe(403);
  });

  it("refuses malformed arguments and unknown commands before any handler runs", async () => {
    expect((await call("skill:levels", [])).status).toBe(400);
    expect((await call("skill:levels", [42])).status).toBe(400);
    expect((await call("skill:resource", ["/tmp", "../etc/passwd"])).status).toBe(400);
    expect((await call("validate:path", ["/tmp", "bogus-profile"])).status).toBe(400);
    expect((await call("updates:check", ["yes"])).status).toBe(400);
    expect((await call("app:info", { not: "an array" })).status).toBe(400);
    const badJson = await raw(host.port, {
      method: "POST",
      path: "/api/app:info",
      headers: {
        Host: hostHeader(),
        Origin: host.origin,
        "Content-Type": "application/json",
        [TOKEN_HEADER]: host.token,
      },
      body: "[",
    });
    expect(badJson.status).toBe(400);
    const tooDeep = await raw(host.port, {
      method: "POST",
      path: "/api/app:info",
      headers: {
        Host: hostHeader(),
        Origin: host.origin,
        "Content-Type": "application/json",
        [TOKEN_HEADER]: host.token,
      },
      body: `${"[".repeat(1000)}${"]".repeat(1000)}`,
    });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body).toMatch(/not valid JSON/);
    expect((await call("app:info", [], { "Content-Type": "text/plain" })).status).toBe(415);
    expect((await call("no:such", [])).status).toBe(404);
    expect(
      (
        await raw(host.port, {
          method: "GET",
          path: "/api/app:info",
          headers: { Host: hostHeader(), Origin: host.origin, [TOKEN_HEADER]: host.token },
        })
      ).status,
    ).toBe(405);
  });

  it("routes every command of the table to a handler that checks its arguments", async () => {
    for (const channel of Object.values(commandOfMethod)) {
      const res = await call(channel, [{ not: "an argument" }, 1, 2]);
      expect(res.status, channel).toBe(400);
      expect(JSON.parse(res.body).error.message, channel).toBe(`The arguments for ${channel} are not valid.`);
    }
  });

  it("refuses an extra key in an object argument", async () => {
    const apply = await call("update:apply", ["0123456789abcdef", { overwriteLocal: true, extra: 1 }]);
    expect(apply.status).toBe(400);
    const add = await call("manage:add", ["acme/skills", { clients: ["cursor"], dryRun: true, home: "/" }]);
    expect(add.status).toBe(400);
    expect(JSON.parse(add.body).error.message).toBe("The arguments for manage:add are not valid.");
  });

  it("refuses skill paths that are not in the catalog", async () => {
    const res = await call("skill:levels", ["/etc"]);
    expect(res.status).toBe(422);
    expect(JSON.parse(res.body).error).toEqual({
      message: expect.stringMatching(/not a skill in the catalog/),
      cause: "refused",
    });
    expect((await call("shell:reveal", ["/etc/passwd"])).status).toBe(422);
  });

  it("validates external URLs before handing them on", async () => {
    expect(JSON.parse((await call("shell:open-external", ["javascript:alert(1)"])).body).value).toBe(false);
    expect(JSON.parse((await call("shell:open-external", ["https://example.com/"])).body).value).toBe(true);
  });

  it("refuses the event stream without a session, with the key in its address, or from another origin", async () => {
    expect((await raw(host.port, { path: "/api/events", headers: { Host: hostHeader() } })).status).toBe(403);
    expect((await raw(host.port, { path: "/api/events?token=nope", headers: { Host: hostHeader() } })).status).toBe(
      403,
    );
    expect(
      (await raw(host.port, { path: `/api/events?token=${host.token}`, headers: { Host: hostHeader() } })).status,
    ).toBe(403);
    expect(
      (
        await raw(host.port, {
          path: "/api/events",
          headers: { Host: hostHeader(), Origin: "http://evil.example", [TOKEN_HEADER]: host.token },
        })
      ).status,
    ).toBe(403);
  });

  it("pushes events to the page over server-sent events", async () => {
    await call("catalog:scan", []);
    const received = new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: host.port,
          path: "/api/events",
          headers: { Host: hostHeader(), [TOKEN_HEADER]: host.token },
        },
        (res) => {
          expect(res.headers["content-type"]).toContain("text/event-stream");
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (d: string) => {
            text += d;
            if (text.includes("event: ready")) {
              scripted.fire({
                skills: { updated: [], removed: ["gone-skill"] },
                plugins: { updated: [], removed: [] },
              });
            }
            if (text.includes("event: catalog:changed")) {
              req.destroy();
              resolve(text);
            }
          });
        },
      );
      req.on("error", (e) => (e.message === "socket hang up" ? undefined : reject(e)));
      req.setTimeout(5000, () => req.destroy(new Error("no event within 5 s")));
      req.end();
    });
    const text = await received;
    const data = text.split("event: catalog:changed\ndata: ")[1]!.split("\n")[0]!;
    expect(JSON.parse(data)).toEqual({
      skills: { updated: [], removed: ["gone-skill"] },
      plugins: { updated: [], removed: [] },
    });
  });
});

describe("web host handlers", () => {
  it("refuses to start on handlers missing a command of the table", async () => {
    const tmp = await makeTempDir();
    const made: HandlerSession[] = [];
    try {
      await expect(
        startWebHost({
          port: 0,
          rendererDir: `${tmp.dir}/renderer`,
          createSession: (emit) => {
            const session = createHandlerSession({
              host: "web",
              scanOptions: { home: tmp.dir, platform: "linux", env: {} },
              desktop: webDesktopIntegration({ spawn: async () => ({ code: 0, stdout: "" }) }),
              emit,
              engine: scriptedEngine().engine,
            });
            made.push(session);
            const { "manage:share": _dropped, ...rest } = session.handlers;
            return { ...session, handlers: rest as typeof session.handlers };
          },
        }),
      ).rejects.toThrow(/nothing for the command "manage:share"/);
    } finally {
      for (const session of made) await session.dispose();
      await tmp.cleanup();
    }
  });
});

describe("web host answers passed through as JSON", () => {
  it("writes a handler's JSON bytes as the reply's value, untouched", async () => {
    const tmp = await makeTempDir();
    const stored: StoredCatalog = {
      catalog: { locations: [], skills: [], plugins: [], diagnostics: [] },
      savedAt: "2026-01-02T03:04:05.000Z",
    };
    // Bytes a stringify would never produce (spacing, key order): proof they were written, not re-serialised.
    const bytes = Buffer.from(
      `{ "savedAt": "${stored.savedAt}",  "catalog": {"skills":[],"plugins":[],"locations":[],"diagnostics":[]} }`,
    );
    const passHost = await startWebHost({
      port: 0,
      rendererDir: `${tmp.dir}/renderer`,
      createSession: (emit) => {
        const session = createHandlerSession({
          host: "web",
          scanOptions: { home: tmp.dir, platform: "linux", env: {} },
          desktop: webDesktopIntegration({ spawn: async () => ({ code: 0, stdout: "" }) }),
          emit,
          engine: scriptedEngine().engine,
        });
        return {
          ...session,
          handlers: { ...session.handlers, "catalog:stored": async () => new SerializedJson<StoredCatalog>([bytes]) },
        };
      },
    });
    try {
      const post = (channel: string) =>
        raw(passHost.port, {
          method: "POST",
          path: `/api/${channel}`,
          headers: {
            Host: `127.0.0.1:${passHost.port}`,
            Origin: passHost.origin,
            "Content-Type": "application/json",
            [TOKEN_HEADER]: passHost.token,
          },
          body: "[]",
        });
      const res = await post("catalog:stored");
      expect(res.status).toBe(200);
      expect(res.body).toBe(`{"ok":true,"value":${bytes.toString()}}`);
      expect(JSON.parse(res.body)).toEqual({ ok: true, value: stored });
      expect(Number(res.headers["content-length"])).toBe(Buffer.byteLength(res.body));
      // A scan's catalog goes packed, with the envelope saying so; the page's API gives back the catalog.
      const scanned = await post("catalog:scan");
      expect(scanned.status).toBe(200);
      expect(scanned.body.startsWith('{"ok":true,"packing":"catalog","value":{')).toBe(true);
      expect(Number(scanned.headers["content-length"])).toBe(Buffer.byteLength(scanned.body));
      const catalog = unwrapReply(JSON.parse(scanned.body)) as ScanResult;
      expect(catalog).toEqual(await passHost.session.handlers["catalog:scan"]());
    } finally {
      await passHost.close();
      await tmp.cleanup();
    }
  });
});
