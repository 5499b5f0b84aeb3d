// The Windows overlay: a disc with the count drawn in it, "9+" beyond nine.
import { describe, expect, it } from "vitest";
import { badgePng } from "./badge-image";
import { pngPixels } from "./testing/png-pixels";

const drawBadge = (size: number, count: number) => pngPixels(badgePng(size, count));

const white = (pixels: Uint8Array) => {
  let count = 0;
  for (let i = 0; i < pixels.length; i += 4)
    if (pixels[i] === 255 && pixels[i + 1] === 255 && pixels[i + 2] === 255 && pixels[i + 3]! > 0) count += 1;
  return count;
};

describe("badge image", () => {
  it("writes the count, capped at 9+", () => {
    const size = 32;
    expect(drawBadge(size, 250)).toEqual(drawBadge(size, 10));
    expect(drawBadge(size, 10)).not.toEqual(drawBadge(size, 9));
    expect(drawBadge(size, 7)).not.toEqual(drawBadge(size, 9));
    expect(drawBadge(size, 0)).toEqual(drawBadge(size, 1));
  });

  it("draws a round red disc with white glyphs, different for different counts", () => {
    const size = 32;
    const three = drawBadge(size, 3);
    expect(three[3]).toBe(0);
    expect([...three.subarray((2 * size + 16) * 4, (2 * size + 16) * 4 + 4)]).toEqual([224, 49, 49, 255]);
    expect(white(three)).toBeGreaterThan(20);
    expect(drawBadge(size, 3)).toEqual(three);
    expect(drawBadge(size, 8)).not.toEqual(three);
    expect(white(drawBadge(size, 12))).toBeGreaterThan(white(three));
  });

  it("encodes as PNG", () => {
    expect(badgePng(16, 2).subarray(1, 4).toString("latin1")).toBe("PNG");
  });
});
