// Long answers are sent as JSON made in turns: the bytes are JSON.stringify's, and the thread gets turns in between.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countTurns } from "../../test-support/event-loop-turns";
import { isLargeAnswer, jsonInTurns } from "./json-in-turns";

const long = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `s${i}`, n: i, tags: ["a", i % 2 === 0] }));

describe("answers in turns", () => {
  it("are the bytes JSON.stringify writes, for any JSON value and for catalogs with long lists", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        expect(Buffer.concat(await jsonInTurns(value)).toString()).toBe(JSON.stringify(value));
      }),
      { numRuns: 300 },
    );
    const catalog = { locations: [{ id: "x" }], skills: long(1_300), skipped: undefined, plugins: [], note: "é\u2028" };
    expect(Buffer.concat(await jsonInTurns(catalog)).toString()).toBe(JSON.stringify(catalog));
    const list = [...long(1_100), undefined, () => 1];
    expect(Buffer.concat(await jsonInTurns(list)).toString()).toBe(JSON.stringify(list));
  });

  it("are only the answers holding a long list", () => {
    expect(isLargeAnswer({ skills: long(1_000) })).toBe(true);
    expect(isLargeAnswer(long(1_000))).toBe(true);
    expect(isLargeAnswer({ skills: long(999), plugins: [] })).toBe(false);
    expect(isLargeAnswer({ deep: { skills: long(2_000) } })).toBe(false);
    expect(isLargeAnswer({ skills: long(2_000), toJSON: () => "x" })).toBe(false);
    expect(isLargeAnswer("text")).toBe(false);
  });

  it("let the event loop run between slices of a long list", async () => {
    const turns = countTurns();
    const seenAt: number[] = [];
    const skills = Array.from({ length: 1_200 }, (_, i) => ({
      toJSON: () => {
        seenAt.push(turns.now());
        return { id: i };
      },
    }));
    try {
      await jsonInTurns({ skills });
    } finally {
      turns.stop();
    }
    expect(seenAt).toHaveLength(1_200);
    expect((seenAt[1_199] as number) - (seenAt[0] as number)).toBeGreaterThanOrEqual(3);
  });
});
