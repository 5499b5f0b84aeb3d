import { describe, expect, it } from "vitest";
import { countTurns } from "../../../test-support/event-loop-turns";
import { createLimiter, mapBounded, mapInTurns } from "./bounded";

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("mapBounded", () => {
  it("keeps the input order and never has more than the limit in flight", async () => {
    let inFlight = 0;
    let most = 0;
    const out = await mapBounded([5, 1, 4, 2, 3, 0, 6], 3, async (n, i) => {
      inFlight++;
      most = Math.max(most, inFlight);
      for (let k = 0; k < n; k++) await tick();
      inFlight--;
      return `${i}:${n}`;
    });
    expect(out).toEqual(["0:5", "1:1", "2:4", "3:2", "4:3", "5:0", "6:6"]);
    expect(most).toBe(3);
  });

  it("rejects with the first failure and handles an empty list", async () => {
    await expect(
      mapBounded([1, 2, 3], 2, async (n) => {
        if (n === 2) throw new Error("two");
        return n;
      }),
    ).rejects.toThrow("two");
    expect(await mapBounded([], 4, async () => 1)).toEqual([]);
  });

  it("lets the event loop run between tasks that only do synchronous work", async () => {
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until); // synchronous work, as a small read is
    };
    // The slice is shared by the whole thread: end a map with a turn just given, so the next starts a fresh slice.
    await mapBounded([10, 0], 1, async (ms) => busy(ms));
    let ranBetween = false;
    setImmediate(() => (ranBetween = true));
    const seen: boolean[] = [];
    await mapBounded(
      Array.from({ length: 40 }, (_, i) => i),
      8,
      async () => {
        busy(1);
        seen.push(ranBetween);
      },
    );
    // 40 ms of synchronous work: the immediate ran before the map finished, not after it.
    expect(seen.at(-1)).toBe(true);
    expect(seen[0]).toBe(false);
  });
});

describe("mapInTurns", () => {
  it("keeps the order and gives the event loop a turn between every slice of items, however fast they run", async () => {
    const turns = countTurns();
    const seenAt: number[] = [];
    let out: string[];
    try {
      out = await mapInTurns(
        Array.from({ length: 1_000 }, (_, i) => i),
        100,
        (n, i) => {
          seenAt.push(turns.now());
          return `${i}:${n}`;
        },
      );
    } finally {
      turns.stop();
    }
    expect(out).toEqual(Array.from({ length: 1_000 }, (_, i) => `${i}:${i}`));
    for (let slice = 1; slice < 10; slice++) expect(seenAt[slice * 100]!).toBeGreaterThan(seenAt[slice * 100 - 1]!);
    expect(seenAt[99]).toBe(seenAt[0]);
    expect(await mapInTurns([], 10, () => 1)).toEqual([]);
  });
});

describe("createLimiter", () => {
  it("shares its slots between callers and hands a slot on after a failure", async () => {
    const limited = createLimiter(2);
    let inFlight = 0;
    let most = 0;
    const job = (fail: boolean) =>
      limited(async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await tick();
        await tick();
        inFlight--;
        if (fail) throw new Error("no");
        return "ok";
      });
    const results = await Promise.allSettled([job(true), job(false), job(true), job(false), job(false)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect(most).toBe(2);
  });
});

describe("one bounded-concurrency helper", () => {
  it("no other engine, handler or CLI module hand-rolls a pool of runners or a slot counter", async () => {
    const { readdir, readFile } = await import("node:fs/promises");
    const path = await import("node:path");
    const root = path.resolve(import.meta.dirname, "..", "..");
    // worker-pool.ts runs its runners over a queue shared with a worker thread, which mapBounded cannot express.
    const allowed = new Set(["engine/fs/bounded.ts", "engine/discovery/worker-pool.ts"]);
    const offenders: string[] = [];
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith(".ts") || entry.name.endsWith(".test.ts")) continue;
      const file = path.join(entry.parentPath, entry.name);
      const rel = path.relative(root, file).split(path.sep).join("/");
      if (allowed.has(rel)) continue;
      const text = await readFile(file, "utf8");
      if (/Promise\.all\(\s*Array\.from\(\s*\{\s*length/.test(text) || /running\s*>=/.test(text)) offenders.push(rel);
    }
    expect(offenders).toEqual([]);
  });
});
