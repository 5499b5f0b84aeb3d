// The start's scan held back while the host's first screen is being painted: it waits for the first screen to be shown
// (or for the page to ask for the scan, or for its longest wait), runs once, and never starts after the session ended.
import { afterEach, describe, expect, it } from "vitest";
import path from "node:path";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { createEngine } from "./engine";
import { createHandlerSession, type HandlerSession } from "./handlers";
import { INERT_DESKTOP } from "./testing/inert-desktop";

const open: Array<{ session: HandlerSession; cleanup: () => Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0)) {
    await item.session.dispose();
    await item.cleanup();
  }
});

/** A session over a home of one skill whose scans are counted as they begin. */
async function countedSession(): Promise<{ session: HandlerSession; scans: () => number }> {
  const tmp = await makeTempDir();
  await writeTree(tmp.dir, { "home/.claude/skills/alpha/SKILL.md": "---\nname: alpha\ndescription: Alpha.\n---\n" });
  const scanOptions = {
    home: path.join(tmp.dir, "home"),
    platform: "linux" as const,
    env: { SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache") },
  };
  const engine = createEngine(scanOptions);
  let scans = 0;
  const session = createHandlerSession({
    host: "web",
    scanOptions,
    desktop: INERT_DESKTOP,
    emit: () => undefined,
    engine: { ...engine, scan: (options) => (scans++, engine.scan(options)) },
    liveCatalog: false,
  });
  open.push({ session, cleanup: tmp.cleanup });
  return { session, scans: () => scans };
}

/** A promise and the function that keeps it. */
function signal(): { promise: Promise<void>; keep: () => void } {
  let keep!: () => void;
  const promise = new Promise<void>((resolve) => (keep = resolve));
  return { promise, keep };
}

const moment = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the first scan's hold", () => {
  it("starts the scan only once the first screen is shown, and catalog:scan then takes that one scan", async () => {
    const { session, scans } = await countedSession();
    const shown = signal();
    session.holdFirstScan(shown.promise);
    const prefetched = session.prefetchCatalog();
    await moment();
    expect(scans()).toBe(0);
    shown.keep();
    await prefetched;
    expect(scans()).toBe(1);
    const catalog = await session.handlers["catalog:scan"]();
    expect(catalog.skills.map((skill) => skill.name)).toEqual(["alpha"]);
    expect(scans()).toBe(1);
  });

  it("ends when the page asks for the scan before the first screen is shown", async () => {
    const { session, scans } = await countedSession();
    session.holdFirstScan(new Promise(() => undefined));
    void session.prefetchCatalog();
    await moment();
    expect(scans()).toBe(0);
    expect((await session.handlers["catalog:scan"]()).skills).toHaveLength(1);
    expect(scans()).toBe(1);
  });

  it("ends on its own after its longest wait (a page whose script never runs, or no page yet)", async () => {
    const { session, scans } = await countedSession();
    session.holdFirstScan(new Promise(() => undefined), 1_000);
    const prefetched = session.prefetchCatalog();
    await moment();
    expect(scans()).toBe(0);
    await prefetched;
    expect(scans()).toBe(1);
  });

  it("holds nothing once a scan has begun", async () => {
    const { session, scans } = await countedSession();
    const prefetched = session.prefetchCatalog();
    session.holdFirstScan(new Promise(() => undefined));
    await prefetched;
    expect(scans()).toBe(1);
  });

  it("starts no scan once the session ended during the hold", async () => {
    const { session, scans } = await countedSession();
    session.holdFirstScan(new Promise(() => undefined));
    const prefetched = session.prefetchCatalog();
    await session.dispose();
    await prefetched;
    await moment();
    expect(scans()).toBe(0);
  });
});
