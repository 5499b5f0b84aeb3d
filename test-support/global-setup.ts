// Builds the CLI once before the tests, so CLI tests run the real `skillshelf` bin against fresh code; the bin's caches
// (validation results) go to a folder of this run, never the user's.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export default async function setup(): Promise<() => void> {
  // @ts-expect-error: plain ESM build script without types
  const { buildNode } = await import("../scripts/build.mjs");
  await buildNode();
  if (process.env.SKILLSHELF_CACHE_DIR) return () => undefined;
  const cacheDir = mkdtempSync(path.join(tmpdir(), "skillshelf-test-cache-"));
  process.env.SKILLSHELF_CACHE_DIR = cacheDir;
  return () => rmSync(cacheDir, { recursive: true, force: true });
}
