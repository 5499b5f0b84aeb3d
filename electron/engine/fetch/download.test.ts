import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import { readdir } from "node:fs/promises";
import { makeTempDir } from "../../../test-support/tmp";
import { closeNow, listenOnLoopback } from "../../../test-support/servers/loopback";
import { downloadFile } from "./download";

let tmp: { dir: string; cleanup: () => Promise<void> };
let http: Server;
let base: string;

beforeEach(async () => {
  tmp = await makeTempDir();
  http = createServer((req, res) => {
    if (req.url === "/redirect-plain")
      return void res.writeHead(302, { location: "http://example.com/skill.zip" }).end();
    if (req.url === "/redirect-loop") return void res.writeHead(302, { location: "/redirect-loop" }).end();
    if (req.url === "/endless") {
      // No content-length: the cap must hold on what actually arrives.
      res.writeHead(200, { "content-type": "application/octet-stream" });
      const chunk = Buffer.alloc(64 * 1024, 1);
      const push = () => {
        while (res.write(chunk));
      };
      res.on("drain", push);
      push();
      return;
    }
    if (req.url === "/stall") {
      res.writeHead(200, { "content-length": "1000" });
      res.write("partial");
      return;
    }
    if (req.url === "/silent") return;
    if (req.url === "/cut") {
      res.writeHead(200, { "content-length": "1000" });
      res.write("x".repeat(100), () => res.socket?.destroy());
      return;
    }
    if (req.url === "/forbidden") return void res.writeHead(403).end();
    if (req.url === "/small") return void res.writeHead(200, { "content-length": "5" }).end("hello");
    if (req.url === "/drip") {
      // A byte every 50 ms: never idle long enough to stall, far too slow to finish within the deadline.
      res.writeHead(200, { "content-length": "100" });
      const drip = setInterval(() => (res.writableEnded ? clearInterval(drip) : res.write("x")), 50);
      res.on("close", () => clearInterval(drip));
      return;
    }
    res.writeHead(404).end();
  });
  base = `http://127.0.0.1:${await listenOnLoopback(http)}`;
});
afterEach(async () => {
  await closeNow(http);
  await tmp.cleanup();
});

const left = async () => readdir(tmp.dir);

describe("downloadFile", () => {
  it("stops a body without a declared size at the cap", async () => {
    await expect(downloadFile(`${base}/endless`, { dir: tmp.dir, maxBytes: 1024 * 1024 })).rejects.toMatchObject({
      code: "install.download.too-large",
      message: expect.stringMatching(/passed the 1\.0 MB limit/),
    });
    expect(await left()).toEqual([]);
  });

  it("gives up on a server that does not answer, and on a body that stalls", async () => {
    await expect(downloadFile(`${base}/silent`, { dir: tmp.dir, connectTimeoutMs: 300 })).rejects.toMatchObject({
      code: "install.download.failed",
      message: "The server did not answer in time (the limit is 0.3 s).",
    });
    await expect(downloadFile(`${base}/stall`, { dir: tmp.dir, idleTimeoutMs: 300 })).rejects.toMatchObject({
      code: "install.download.failed",
      message: expect.stringMatching(/stalled/),
    });
    expect(await left()).toEqual([]);
  });

  it("stops a server that drips a byte at a time at the overall deadline for the file's size, naming that limit", async () => {
    const started = Date.now();
    await expect(
      downloadFile(`${base}/drip`, { dir: tmp.dir, idleTimeoutMs: 300, deadlineFloorMs: 200, deadlineMinRate: 100 }),
    ).rejects.toMatchObject({
      code: "install.download.failed",
      message: expect.stringMatching(
        /^The download took longer than the 1\.2 s allowed for a file of 100 bytes \(the server sent \d+ bytes; the limit assumes at least 100 bytes a second\), so it was stopped\.$/,
      ),
    });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await left()).toEqual([]);
  });

  it("refuses a redirect to plain http beyond this machine, and endless redirects", async () => {
    await expect(downloadFile(`${base}/redirect-plain`, { dir: tmp.dir })).rejects.toMatchObject({
      code: "install.download.refused-url",
      message: expect.stringMatching(/redirected to an address that is refused: Plain http/),
    });
    await expect(downloadFile(`${base}/redirect-loop`, { dir: tmp.dir })).rejects.toMatchObject({
      code: "install.download.failed",
      message: expect.stringMatching(/redirected more than 5 times/),
    });
  });

  it("says in words what a failed answer means; the HTTP status is a detail", async () => {
    await expect(downloadFile(`${base}/missing.zip`, { dir: tmp.dir })).rejects.toMatchObject({
      code: "install.download.failed",
      failure: "not-found",
      message: "The file is no longer where the release said it is.",
      detail: expect.stringMatching(/answered 404 Not Found for 127\.0\.0\.1:\d+\/missing\.zip/),
    });
    await expect(downloadFile(`${base}/forbidden`, { dir: tmp.dir })).rejects.toMatchObject({
      failure: "unknown",
      message: "The server refused the download.",
      detail: expect.stringMatching(/^The server answered 403 Forbidden/),
    });
  });

  it("says a connection cut in the middle, or refused, in words; the system's code is only a detail", async () => {
    const cut = await downloadFile(`${base}/cut`, { dir: tmp.dir }).catch((e: unknown) => e);
    expect(cut).toMatchObject({
      code: "install.download.failed",
      failure: "offline",
      message: "The connection was lost in the middle of the download.",
    });
    expect((cut as Error).message).not.toMatch(/[A-Z]{2,}_[A-Z_]+|\(E[A-Z]+\)/);
    const closed = createServer();
    const port = await listenOnLoopback(closed);
    await closeNow(closed);
    await expect(downloadFile(`http://127.0.0.1:${port}/x.zip`, { dir: tmp.dir })).rejects.toMatchObject({
      failure: "offline",
      message: "The download could not start: the server could not be reached.",
      detail: "ECONNREFUSED",
    });
    expect(await left()).toEqual([]);
  });

  it("leads a checksum mismatch with what it means; both hashes are in the details", async () => {
    await expect(downloadFile(`${base}/small`, { dir: tmp.dir, sha256: "A".repeat(64) })).rejects.toMatchObject({
      code: "install.download.checksum",
      failure: "checksum",
      message: "The download doesn't match what the publisher announced, so it was not installed.",
      detail: `SHA-256 of the download: 2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824\nSHA-256 the release published: ${"a".repeat(64)}`,
    });
    expect(await left()).toEqual([]);
  });
});
