// The icon encoder writes real PNGs, and build/icon.png is exactly what it draws at 512×512.
import { readFileSync } from "node:fs";
import path from "node:path";
import { crc32, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodePng, iconPng } from "./icon";
import { pngChunks as chunks, pngPixels } from "./testing/png-pixels";

describe("icon", () => {
  it("encodes an RGBA PNG whose chunks check out (zlib's CRC-32) and whose pixels decode back", () => {
    expect(crc32("123456789")).toBe(0xcbf43926);
    const pixels = pngPixels(iconPng(16));
    const png = encodePng(16, 16, pixels);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const parts = chunks(png);
    expect(parts.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    expect(parts.every((c) => c.crcOk)).toBe(true);
    expect([...parts[0]!.data.subarray(0, 13)]).toEqual([0, 0, 0, 16, 0, 0, 0, 16, 8, 6, 0, 0, 0]);
    const raw = inflateSync(parts[1]!.data);
    expect(raw.length).toBe(16 * (16 * 4 + 1));
    expect(raw[0]).toBe(0);
    expect([...raw.subarray(1, 65)]).toEqual([...pixels.subarray(0, 64)]);
  });

  it("draws an opaque tile with transparent rounded corners", () => {
    const size = 64;
    const pixels = pngPixels(iconPng(size));
    const alphaAt = (x: number, y: number) => pixels[(y * size + x) * 4 + 3];
    expect(alphaAt(0, 0)).toBe(0);
    expect(alphaAt(size / 2, size / 2)).toBe(255);
    expect(alphaAt(size / 2, 4)).toBe(255);
  });

  it("is the committed build/icon.png", () => {
    const committed = readFileSync(path.resolve(__dirname, "../../build/icon.png"));
    expect(committed.equals(iconPng(512))).toBe(true);
  });
});
