// Skillshelf's icon, drawn in code (a shelf of books on a rounded indigo tile) and encoded as PNG, so the
// packaged icon (build/icon.png) and the runtime tray image come from one source with no binary tooling.
import { deflateSync } from "node:zlib";

type Rgba = readonly [number, number, number, number];

interface Shape {
  /** True when the point (in 0..1 icon units) is inside the shape. */
  contains(x: number, y: number): boolean;
  colour(x: number, y: number): Rgba;
}

function roundedRect(
  left: number,
  top: number,
  right: number,
  bottom: number,
  radius: number,
  colour: (x: number, y: number) => Rgba,
): Shape {
  return {
    contains(x, y) {
      if (x < left || x > right || y < top || y > bottom) return false;
      const cx = Math.min(Math.max(x, left + radius), right - radius);
      const cy = Math.min(Math.max(y, top + radius), bottom - radius);
      return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
    },
    colour,
  };
}

const solid = (c: Rgba) => () => c;
const mix = (a: Rgba, b: Rgba, t: number): Rgba =>
  [0, 1, 2, 3].map((i) => a[i]! + (b[i]! - a[i]!) * t) as unknown as Rgba;

/** The icon's shapes, back to front. */
const shapes: Shape[] = [
  roundedRect(0.03, 0.03, 0.97, 0.97, 0.2, (_x, y) => mix([76, 110, 245, 255], [112, 72, 232, 255], y)),
  roundedRect(0.2, 0.3, 0.31, 0.7, 0.025, solid([255, 255, 255, 255])),
  roundedRect(0.34, 0.22, 0.45, 0.7, 0.025, solid([255, 212, 59, 255])),
  roundedRect(0.48, 0.34, 0.57, 0.7, 0.025, solid([56, 217, 169, 255])),
  roundedRect(0.6, 0.26, 0.72, 0.7, 0.025, solid([255, 135, 135, 255])),
  roundedRect(0.75, 0.4, 0.82, 0.7, 0.02, solid([233, 236, 239, 255])),
  roundedRect(0.2, 0.36, 0.31, 0.39, 0.005, solid([206, 212, 218, 255])),
  roundedRect(0.34, 0.28, 0.45, 0.31, 0.005, solid([240, 140, 0, 255])),
  roundedRect(0.48, 0.4, 0.57, 0.43, 0.005, solid([12, 166, 120, 255])),
  roundedRect(0.6, 0.32, 0.72, 0.35, 0.005, solid([224, 49, 49, 255])),
  roundedRect(0.75, 0.46, 0.82, 0.49, 0.005, solid([173, 181, 189, 255])),
  roundedRect(0.14, 0.7, 0.86, 0.76, 0.02, solid([248, 249, 250, 255])),
];

const samples = [0.125, 0.375, 0.625, 0.875];

/** Renders the icon at size×size as straight RGBA bytes, anti-aliased with 4×4 supersampling. */
function drawIcon(size: number): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (const sy of samples) {
        for (const sx of samples) {
          const x = (px + sx) / size;
          const y = (py + sy) / size;
          let colour: Rgba = [0, 0, 0, 0];
          for (const shape of shapes) if (shape.contains(x, y)) colour = shape.colour(x, y);
          const alpha = colour[3] / 255;
          for (let i = 0; i < 3; i++) sum[i]! += colour[i]! * alpha;
          sum[3]! += alpha;
        }
      }
      const offset = (py * size + px) * 4;
      const coverage = sum[3]!;
      for (let i = 0; i < 3; i++) pixels[offset + i] = coverage > 0 ? Math.round(sum[i]! / coverage) : 0;
      pixels[offset + 3] = Math.round((coverage / (samples.length * samples.length)) * 255);
    }
  }
  return pixels;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 as PNG chunks need it. */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), Buffer.from(data)]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes straight RGBA pixels as an 8-bit RGBA PNG. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", new Uint8Array()),
  ]);
}

/** The icon as PNG bytes at one size. */
export function iconPng(size: number): Buffer {
  return encodePng(size, size, drawIcon(size));
}
