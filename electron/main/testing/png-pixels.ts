// Reads back the PNGs main draws (icon, taskbar overlay): chunks checked against zlib's CRC-32, pixels inflated.
import { crc32, inflateSync } from "node:zlib";

/** One chunk of a PNG, and whether its CRC is right. */
export interface PngChunk {
  type: string;
  data: Buffer;
  crcOk: boolean;
}

/** The chunks of a PNG, in order. */
export function pngChunks(png: Buffer): PngChunk[] {
  const found: PngChunk[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString("latin1");
    const data = png.subarray(offset + 8, offset + 8 + length);
    found.push({
      type,
      data,
      crcOk: png.readUInt32BE(offset + 8 + length) === crc32(png.subarray(offset + 4, offset + 8 + length)),
    });
    offset += 12 + length;
  }
  return found;
}

/** The straight RGBA pixels of an 8-bit RGBA PNG whose rows are unfiltered (as main writes them). */
export function pngPixels(png: Buffer): Uint8Array {
  const chunks = pngChunks(png);
  const header = chunks[0]!.data;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === "IDAT").map((c) => c.data)));
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    if (raw[row] !== 0) throw new Error(`row ${y} is filtered`);
    pixels.set(raw.subarray(row + 1, row + 1 + width * 4), y * width * 4);
  }
  return pixels;
}
