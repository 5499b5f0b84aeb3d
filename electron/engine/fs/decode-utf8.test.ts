// decodeUtf8 takes a faster road than a fatal TextDecoder (isUtf8, then Buffer's decoder): it must accept, refuse and
// decode exactly as the fatal TextDecoder does, on any bytes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeUtf8 } from "./safe-fs";

function reference(bytes: Uint8Array): { ok: boolean; text?: string } {
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  try {
    return {
      ok: true,
      text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bom ? bytes.subarray(3) : bytes),
    };
  } catch {
    return { ok: false };
  }
}

const tricky = [
  [0xed, 0xa0, 0x80],
  [0xc0, 0xaf],
  [0xf4, 0x90, 0x80, 0x80],
  [0xef, 0xbb, 0xbf],
  [0xf0, 0x9f, 0x98, 0x80],
  [0xe2, 0x82],
  [0x00],
  [0xff],
  [0xc3, 0xa9],
  [0x41],
];

describe("decodeUtf8", () => {
  it("agrees with a fatal TextDecoder on arbitrary bytes and on tricky sequences (surrogates, overlongs, truncations, BOM)", () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.array(fc.constantFrom(...tricky), { maxLength: 12 }).map((parts) => Uint8Array.from(parts.flat())),
      fc.string({ unit: "grapheme", maxLength: 40 }).map((s) => new TextEncoder().encode(s)),
    );
    fc.assert(
      fc.property(bytes, (input) => {
        const got = decodeUtf8(input);
        const want = reference(input);
        expect(got.ok).toBe(want.ok);
        if (got.ok) expect(got.text).toBe(want.text);
      }),
      { numRuns: 5000 },
    );
  });
});
