import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFile, readdir, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { makeTempDir } from "../../../test-support/tmp";
import { ReleaseLookup, RELEASE_TTL_MS } from "./github-releases";
import { ReleaseCache } from "./release-cache";
import { parseGithubRepo } from "./repository";

const repo = parseGithubRepo("https://github.com/acme/agentkey")!;
let server: RunningReleaseServer;
let tmp: { dir: string; cleanup: () => Promise<void> };
let clock: number;

beforeEach(async () => {
  server = await startReleaseServer({
    releases: { "acme/agentkey": { tag: "v1.3.0" }, "acme/nightly": { tag: "nightly-2026-01-01" } },
  });
  tmp = await makeTempDir();
  clock = 1_800_000_000_000;
});
afterEach(async () => {
  await server.close();
  await tmp.cleanup();
});

function lookup(extra: Partial<ConstructorParameters<typeof ReleaseLookup>[0]> = {}): ReleaseLookup {
  return new ReleaseLookup({ apiBase: server.url, cacheDir: tmp.dir, now: () => clock, timeoutMs: 15_000, ...extra });
}

describe("ReleaseLookup", () => {
  it("reads the latest tag without its leading v and caches it for 24 hours", async () => {
    const first = await lookup().latest(repo);
    expect(first).toMatchObject({
      ok: true,
      tag: "v1.3.0",
      version: "1.3.0",
      fromCache: false,
      releaseUrl: "https://github.com/acme/agentkey/releases/tag/v1.3.0",
    });
    expect(server.stats.apiRequests).toBe(1);
    clock += RELEASE_TTL_MS - 1;
    const second = await lookup().latest(repo);
    expect(second).toMatchObject({ ok: true, version: "1.3.0", fromCache: true });
    expect(server.stats.apiRequests).toBe(1);
    const files = await readdir(path.join(tmp.dir, "github-releases"));
    const entry = JSON.parse(await readFile(path.join(tmp.dir, "github-releases", files[0]!), "utf8"));
    expect(Object.keys(entry).sort()).toEqual(["etag", "fetched_at", "tag"]);
  });

  it("asks again in full (no ETag) when the downloads were recorded in an older format, once", async () => {
    const first = await lookup().latest(repo);
    expect(first.ok && first.downloads[0]).toMatchObject({ apiUrl: expect.stringContaining("/releases/assets/") });
    const dir = path.join(tmp.dir, "release-downloads");
    const [file] = await readdir(dir);
    const record = JSON.parse(await readFile(path.join(dir, file!), "utf8")) as Record<string, unknown>;
    expect(record.format).toBe(2);
    // What the previous release of Skillshelf wrote: no format, no API addresses.
    const { format: _format, ...old } = record;
    const downloads = (old.downloads as Array<Record<string, unknown>>).map(({ apiUrl: _api, ...d }) => d);
    await writeFile(path.join(dir, file!), JSON.stringify({ ...old, downloads }));
    const again = await lookup().latest(repo);
    expect(again.ok && again.downloads[0]).toMatchObject({ apiUrl: expect.stringContaining("/releases/assets/") });
    expect([server.stats.apiRequests, server.stats.conditionalRequests]).toEqual([2, 0]);
    await lookup().latest(repo);
    expect(server.stats.apiRequests).toBe(2);
  });

  it("revalidates an expired entry with If-None-Match; a 304 keeps it and refreshes fetched_at", async () => {
    await lookup().latest(repo);
    clock += RELEASE_TTL_MS + 1;
    const revalidated = await lookup().latest(repo);
    expect(revalidated).toMatchObject({ ok: true, tag: "v1.3.0" });
    expect(server.stats.conditionalRequests).toBe(1);
    expect(server.stats.notModified).toBe(1);
    const entry = await new ReleaseCache(tmp.dir).read(repo.key);
    expect(entry?.fetched_at).toBe(clock);
    await lookup().latest(repo);
    expect(server.stats.apiRequests).toBe(2);
  });

  it("picks up a new release after expiry", async () => {
    await lookup().latest(repo);
    server.setRelease("acme/agentkey", { tag: "v1.4.0" });
    clock += RELEASE_TTL_MS + 1;
    expect(await lookup().latest(repo)).toMatchObject({ ok: true, version: "1.4.0", fromCache: false });
  });

  it("shares one in-flight request among concurrent callers", async () => {
    const slow = await startReleaseServer({
      releases: { "acme/agentkey": { tag: "v1.3.0" } },
      behaviour: "slow",
      slowMs: 150,
    });
    try {
      const shared = new ReleaseLookup({ apiBase: slow.url, cacheDir: tmp.dir, now: () => clock, timeoutMs: 5000 });
      const first = shared.latest(repo);
      await new Promise((r) => setTimeout(r, 20));
      const later = Array.from({ length: 7 }, () => shared.latest(repo));
      const results = await Promise.all([first, ...later]);
      expect(results.every((r) => r.ok && r.version === "1.3.0")).toBe(true);
      expect(slow.stats.apiRequests).toBe(1);
    } finally {
      await slow.close();
    }
  });

  it("deletes a corrupt cache file and refetches", async () => {
    const cache = new ReleaseCache(tmp.dir);
    await mkdir(cache.dir, { recursive: true });
    await writeFile(cache.fileOf(repo.key), "{ this is not json");
    expect(await lookup().latest(repo)).toMatchObject({ ok: true, version: "1.3.0" });
    expect(server.stats.apiRequests).toBe(1);
    expect(await cache.read(repo.key)).toMatchObject({ tag: "v1.3.0" });
    await writeFile(cache.fileOf(repo.key), JSON.stringify({ tag: 5, fetched_at: "yesterday" }));
    expect(await cache.read(repo.key)).toBeNull();
    await expect(readFile(cache.fileOf(repo.key))).rejects.toThrow();
  });

  it("gives unknown, never an exception, on 403 rate limiting, 500, garbage, timeouts and no network", async () => {
    const cases: Array<[Parameters<RunningReleaseServer["setBehaviour"]>[0], RegExp]> = [
      ["rate-limited", /rate limit/i],
      ["server-error", /server error/i],
      ["garbage", /not valid JSON/i],
      ["slow", /in time/i],
      ["not-found", /no published release/i],
    ];
    for (const [behaviour, reason] of cases) {
      server.setBehaviour(behaviour);
      const result = await lookup({ timeoutMs: behaviour === "slow" ? 200 : 15_000 }).latest(repo);
      expect(result.ok, behaviour).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(reason);
    }
    const url = server.url;
    await server.close();
    const offline = await new ReleaseLookup({ apiBase: url, cacheDir: tmp.dir, timeoutMs: 500 }).latest(repo);
    expect(offline).toMatchObject({ ok: false, reason: expect.stringMatching(/could not be reached/) });
    server = await startReleaseServer();
  });

  it("keeps a non-SemVer tag but gives no version", async () => {
    const result = await lookup().latest(parseGithubRepo("acme/nightly")!);
    expect(result).toMatchObject({ ok: true, tag: "nightly-2026-01-01", version: null });
  });

  it("uses only the cache when offline", async () => {
    expect(await lookup({ offline: true }).latest(repo)).toMatchObject({ ok: false });
    await lookup().latest(repo);
    clock += 10 * RELEASE_TTL_MS;
    expect(await lookup({ offline: true }).latest(repo)).toMatchObject({ ok: true, version: "1.3.0" });
    expect(server.stats.apiRequests).toBe(1);
  });

  it("sends the token to the API only, and never writes it to the cache", async () => {
    const token = "ghp_supersecrettoken123";
    const lines: string[] = [];
    await lookup({ token, log: (l) => lines.push(l) }).latest(repo);
    expect(server.stats.headers[0]!.authorization).toBe(`Bearer ${token}`);
    for (const file of await readdir(path.join(tmp.dir, "github-releases"))) {
      expect(await readFile(path.join(tmp.dir, "github-releases", file), "utf8")).not.toContain(token);
    }
    expect(lines.join("\n")).not.toContain(token);
  });

  it("does not follow a redirect to another origin, so the token stays with the API", async () => {
    const seen: string[] = [];
    const other = createServer(
      (req, res) => (seen.push(String(req.headers.authorization)), res.writeHead(200).end("{}")),
    );
    await new Promise<void>((r) => other.listen(0, "127.0.0.1", r));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const redirecting = createServer((_req, res) =>
      res.writeHead(302, { location: `${otherUrl}/repos/acme/agentkey/releases/latest` }).end(),
    );
    await new Promise<void>((r) => redirecting.listen(0, "127.0.0.1", r));
    try {
      const result = await new ReleaseLookup({
        apiBase: `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`,
        cacheDir: tmp.dir,
        token: "ghp_redirect-secret",
      }).latest(repo);
      expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/another site/) });
      expect(seen).toEqual([]);
    } finally {
      other.close();
      redirecting.close();
    }
  });

  it("reads a checksum list through the API with the token only on the API's origin; one the answer puts elsewhere gets no token", async () => {
    const seen: string[] = [];
    const sums = `${"a".repeat(64)}  report.zip\n`;
    const elsewhere = createServer((req, res) => (seen.push(String(req.headers.authorization)), res.end(sums)));
    await new Promise<void>((r) => elsewhere.listen(0, "127.0.0.1", r));
    const elsewhereUrl = `http://localhost:${(elsewhere.address() as AddressInfo).port}`;
    let apiUrl = "";
    const api = createServer((req, res) => {
      if (req.url?.endsWith("/releases/latest")) {
        const asset = (name: string, url: string) => ({
          name,
          size: 3,
          browser_download_url: `${url}/dl/${name}`,
          url,
        });
        return res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            tag_name: "v2.0.0",
            assets: [asset("report.zip", `${apiUrl}/assets/1`), asset("SHA256SUMS", `${elsewhereUrl}/assets/2`)],
          }),
        );
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => api.listen(0, "127.0.0.1", r));
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    try {
      const result = await new ReleaseLookup({ apiBase: apiUrl, cacheDir: tmp.dir, token: "ghp_sums" }).latest(repo);
      expect(result).toMatchObject({ ok: true, downloads: [{ name: "report.zip", apiUrl: `${apiUrl}/assets/1` }] });
      // The checksum asset's API address lies on another origin: its public address is read, without the token.
      expect(seen).toEqual(["undefined"]);
      expect(result.ok && result.downloads[0]!.sha256).toBe("a".repeat(64));
    } finally {
      await new Promise((r) => api.close(r));
      await new Promise((r) => elsewhere.close(r));
    }
  });
});
