// Small JSON files main keeps in userData (window state, notified updates): read leniently, written atomically.
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { readTextFile } from "../engine/fs/safe-fs";

/** Reads a JSON file as untrusted data; null when missing, too large or not JSON. */
export async function readJsonFile(file: string, maxBytes = 256 * 1024): Promise<unknown> {
  const read = await readTextFile(file, { maxBytes });
  if (!read.ok) return null;
  try {
    return JSON.parse(read.text) as unknown;
  } catch {
    return null;
  }
}

let sequence = 0;

/** Writes JSON through a temp file and a rename, so a crash never leaves half a file. */
export async function writeJsonFile(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  sequence += 1;
  const temp = `${file}.${process.pid}.${sequence}.tmp`;
  await writeFile(temp, `${JSON.stringify(value, null, 2)}\n`, "utf8");
  await rename(temp, file);
}
