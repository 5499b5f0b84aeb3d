// Small JSON files main keeps in userData (window state, notified updates): read leniently, written atomically.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { parseJsonWithinLimits } from "../engine/fs/json-limits";
import { readTextFile } from "../engine/fs/safe-fs";
import { writeJsonAtomic } from "../engine/fs/write";

/** Reads a JSON file as untrusted data; null when missing, too large, nested too deep or not JSON. */
export async function readJsonFile(file: string, maxBytes = 256 * 1024): Promise<unknown> {
  const read = await readTextFile(file, { maxBytes });
  if (!read.ok) return null;
  const parsed = parseJsonWithinLimits(read.text);
  return parsed.ok ? parsed.value : null;
}

/** Writes JSON atomically with mode 0600 (the engine's one writer: temp, fsync, rename; a link at the file is refused). */
export async function writeJsonFile(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeJsonAtomic(file, value, { mode: 0o600 });
}
