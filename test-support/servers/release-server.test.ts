import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { strFromU8, unzipSync } from "fflate";
import { startReleaseServer, type RunningReleaseServer } from "./release-server";

let server: RunningReleaseServer;
beforeEach(
  async () =>
    (server = await startReleaseServer({
      releases: { "acme/agentkey": { tag: "v1.3.0", assets: { "notes.txt": new TextEncoder().encode("hello") } } },
    })),
);
afterEach(async () => server.close());

describe("startReleaseServer", () => {
  it("serves the latest release with assets, an ETag, and 304 for a matching If-None-Match", async () => {
    const res = await fetch(`${server.url}/repos/acme/agentkey/releases/latest`);
    expect(res.status).toBe(200);
    const etag = res.headers.get("etag")!;
    const body = (await res.json()) as {
      tag_name: string;
      assets: Array<{ name: string; browser_download_url: string }>;
    };
    expect(body.tag_name).toBe("v1.3.0");
    expect(body.assets.map((a) => a.name)).toEqual(["agentkey.zip", "notes.txt"]);
    const again = await fetch(`${server.url}/repos/acme/agentkey/releases/latest`, {
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    expect(server.stats).toMatchObject({ apiRequests: 2, conditionalRequests: 1, notModified: 1 });

    const zip = new Uint8Array(await (await fetch(body.assets[0]!.browser_download_url)).arrayBuffer());
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(["agentkey/SKILL.md"]);
    expect(strFromU8(files["agentkey/SKILL.md"]!)).toContain('version: "1.3.0"');
    expect(server.stats.assetDownloads).toBe(1);
  });

  it("rate-limits with 403 and GitHub's x-ratelimit headers, and fails with 500 on demand", async () => {
    server.setBehaviour("rate-limited");
    const limited = await fetch(`${server.url}/repos/acme/agentkey/releases/latest`);
    expect(limited.status).toBe(403);
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(Number(limited.headers.get("x-ratelimit-reset"))).toBeGreaterThan(0);
    server.setBehaviour("server-error");
    expect((await fetch(`${server.url}/repos/acme/agentkey/releases/latest`)).status).toBe(500);
    server.setBehaviour("normal");
    expect((await fetch(`${server.url}/repos/acme/missing/releases/latest`)).status).toBe(404);
  });

  it("fails asset downloads on demand, as a failure proxy would, and serves them again once told", async () => {
    const body = (await (await fetch(`${server.url}/repos/acme/agentkey/releases/latest`)).json()) as {
      assets: Array<{ name: string; browser_download_url: string }>;
    };
    const url = body.assets.find((a) => a.name === "notes.txt")!.browser_download_url;
    server.setDownloadFault("forbidden");
    expect((await fetch(url)).status).toBe(403);
    server.setDownloadFault("gone");
    expect((await fetch(url)).status).toBe(404);
    server.setDownloadFault("corrupt");
    const corrupt = new Uint8Array(await (await fetch(url)).arrayBuffer());
    expect(corrupt.byteLength).toBe(5);
    expect(new TextDecoder().decode(corrupt)).not.toBe("hello");
    server.setDownloadFault("cut");
    await expect(fetch(url).then((r) => r.arrayBuffer())).rejects.toThrow();
    server.setDownloadFault("refused");
    await expect(fetch(url)).rejects.toMatchObject({ cause: { code: "ECONNREFUSED" } });
    server.setDownloadFault("slow");
    const slow = await fetch(url, { signal: AbortSignal.timeout(300) }).catch((e: unknown) => e);
    expect((slow as Error).name).toBe("TimeoutError");
    server.setDownloadFault(null);
    expect(await (await fetch(url)).text()).toBe("hello");
  });
});
