// The uploads a web-host session holds for Add: capped in count and in bytes (uploads still arriving count), refused
// in a sentence that says how many wait, and dropped with their folders when left unused.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test-support/tmp";
import { EngineError } from "../engine/errors";
import { UploadShelf } from "./manage-upload";

let tmp: { dir: string; cleanup: () => Promise<void> };
let dataDir: string;
beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-upload-");
  dataDir = path.join(tmp.dir, "data");
});
afterEach(() => tmp.cleanup());

const bytes = (n: number) => Readable.from([Buffer.alloc(n, 1)]);
const staged = async () => (await readdir(path.join(dataDir, "staging")).catch(() => [])).length;
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: unknown) => {
      expect(e).toBeInstanceOf(EngineError);
      return (e as EngineError).message;
    },
  );

describe("UploadShelf", () => {
  it("refuses an upload past the count, saying how many wait and how much they hold, until one is added", async () => {
    const held = new Set<string>();
    const shelf = new UploadShelf(dataDir, held, { maxFiles: 2 });
    const first = await shelf.receive("a.zip", bytes(1500), 1500);
    await shelf.receive("b.zip", bytes(500), 500);
    expect(await refusal(shelf.receive("c.zip", bytes(10), 10))).toBe(
      "Skillshelf already holds 2 uploads waiting to be added (2.0 KB); add one of them first (an upload not added within 30 minutes is dropped). This archive was not taken.",
    );
    expect(await staged()).toBe(2);
    held.delete(first); // as Add does once it has added it
    expect(held.has(await shelf.receive("c.zip", bytes(10), 10))).toBe(true);
  });

  it("refuses an upload past the total bytes, by its declared size or while it arrives, keeping nothing of it", async () => {
    const held = new Set<string>();
    const shelf = new UploadShelf(dataDir, held, { maxTotalBytes: 3072 });
    await shelf.receive("a.zip", bytes(2000), 2000);
    expect(await refusal(shelf.receive("b.zip", bytes(2000), 2000))).toMatch(
      /^Skillshelf already holds 1 upload waiting to be added \(2\.0 KB\), and this archive would take them past 3\.0 KB; add one/,
    );
    const undeclared = Readable.from([Buffer.alloc(600), Buffer.alloc(600), Buffer.alloc(600)]);
    expect(await refusal(shelf.receive("c.zip", undeclared, Number.NaN))).toMatch(/holds 1 upload .*past 3\.0 KB/);
    expect([held.size, await staged()]).toEqual([1, 1]);
  });

  it("counts an upload still arriving", async () => {
    const shelf = new UploadShelf(dataDir, new Set(), { maxFiles: 1 });
    const slow = new PassThrough();
    const arriving = shelf.receive("a.zip", slow, Number.NaN);
    slow.write(Buffer.alloc(100));
    expect(await refusal(shelf.receive("b.zip", bytes(10), 10))).toMatch(/already holds 1 upload waiting/);
    slow.end();
    await arriving;
  });

  it("drops an upload left unused past the time limit: at the next upload, and on its own", async () => {
    let now = 1_000_000;
    const held = new Set<string>();
    const shelf = new UploadShelf(dataDir, held, { maxFiles: 1, ttlMs: 60_000, now: () => now });
    const old = await shelf.receive("a.zip", bytes(10), 10);
    now += 60_000;
    const next = await shelf.receive("b.zip", bytes(10), 10);
    expect([...held]).toEqual([next]);
    expect(await readdir(path.join(dataDir, "staging"))).toEqual([path.basename(path.dirname(next))]);
    expect(old).not.toBe(next);

    const timed = new UploadShelf(dataDir, new Set(), { ttlMs: 20 });
    const file = await timed.receive("c.zip", bytes(10), 10);
    // Its 20 ms timer fires when the machine gets to it: under a full test run that can be well past the default second.
    await expect
      .poll(async () => (await readdir(path.dirname(file)).catch(() => null)) === null, { timeout: 15_000 })
      .toBe(true);
    expect(timed.held.size).toBe(0);
  });
});
