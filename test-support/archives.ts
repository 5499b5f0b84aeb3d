// Real zip and tar.gz archives for tests, including hostile ones (links, `..`, absolute paths) no packer would write.
import { gzipSync } from "node:zlib";
import { strToU8, zipSync, type ZipOptions, type Zippable } from "fflate";

/** One zip entry: content, optionally with a Unix mode (e.g. 0o120777 for a symbolic link, 0o100755 for a script). */
export type ZipEntrySpec = string | Uint8Array | { data: string | Uint8Array; unixMode: number };

/** A real zip with fixed dates (stable bytes); names are taken verbatim (so `../x` and `/abs` can be written). */
export function zipOf(entries: Record<string, ZipEntrySpec>, options: ZipOptions = {}): Uint8Array {
  const zippable: Zippable = {};
  for (const [name, spec] of Object.entries(entries)) {
    if (typeof spec === "string" || spec instanceof Uint8Array)
      zippable[name] = typeof spec === "string" ? strToU8(spec) : spec;
    else
      zippable[name] = [
        typeof spec.data === "string" ? strToU8(spec.data) : spec.data,
        { os: 3, attrs: (spec.unixMode << 16) >>> 0 },
      ];
  }
  return zipSync(zippable, { mtime: new Date("2026-01-01T00:00:00Z"), ...options });
}

/** One tar entry: type flag "0" file, "1" hard link, "2" symlink, "3" char device, "5" folder, "6" FIFO. */
export interface TarEntrySpec {
  name: string;
  type?: "0" | "1" | "2" | "3" | "5" | "6";
  body?: string | Uint8Array;
  linkpath?: string;
  mode?: number;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

function header(spec: TarEntrySpec, size: number): Uint8Array {
  const block = new Uint8Array(512);
  const put = (text: string, offset: number, width: number) => block.set(strToU8(text).subarray(0, width), offset);
  put(spec.name, 0, 100);
  put(octal(spec.mode ?? (spec.type === "5" ? 0o755 : 0o644), 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(1_700_000_000, 12), 136, 12);
  put("        ", 148, 8);
  put(spec.type ?? "0", 156, 1);
  if (spec.linkpath) put(spec.linkpath, 157, 100);
  put("ustar\u000000", 257, 8);
  const sum = block.reduce((a, b) => a + b, 0);
  put(octal(sum, 7) + " ", 148, 8);
  return block;
}

/** A real tar.gz built header by header (ustar), so tests can write entries tar tools refuse to create. */
export function tarGzOf(entries: TarEntrySpec[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const spec of entries) {
    const body = typeof spec.body === "string" ? strToU8(spec.body) : (spec.body ?? new Uint8Array(0));
    parts.push(header(spec, body.length), body, new Uint8Array((512 - (body.length % 512)) % 512));
  }
  parts.push(new Uint8Array(1024));
  return gzipSync(Buffer.concat(parts));
}
