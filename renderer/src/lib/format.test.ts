// count() groups whole numbers by hand; it must write exactly what en-US's Intl.NumberFormat writes, for any number.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { count, plural, tokens } from "./format";

const intl = new Intl.NumberFormat("en-US");

describe("count", () => {
  it("writes every whole number as en-US's Intl.NumberFormat does", () => {
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(count(n)).toBe(intl.format(n));
      }),
      { numRuns: 2000 },
    );
    for (const n of [0, 1, 12, 123, 999, 1000, 10_000, 100_000, 1_000_000, -1, -999, -1000, Number.MAX_SAFE_INTEGER])
      expect(count(n)).toBe(intl.format(n));
  });

  it("leaves what is not a safe whole number to Intl", () => {
    for (const n of [-0, 0.5, 1234.5678, -1234.5, 2 ** 60, NaN, Infinity, -Infinity])
      expect(count(n)).toBe(intl.format(n));
  });

  it("gives plural its count", () => {
    expect(plural(1, "skill")).toBe("1 skill");
    expect(plural(12_345, "skill")).toBe("12,345 skills");
  });

  it("writes every token estimate one way, grouped, after ≈", () => {
    expect(tokens(9553)).toBe("≈ 9,553 tokens");
    expect(tokens(0)).toBe("≈ 0 tokens");
  });
});
