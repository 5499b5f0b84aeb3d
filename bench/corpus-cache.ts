// Generated corpora are kept in the temp folder between bench runs (50,000 skills take a while to write): each is
// reused when its completion marker matches, regenerated otherwise; BENCH_FRESH=1 regenerates everything.
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

/** Bump when a generator changes, so an old cache is not measured as the new corpus. */
const CACHE_VERSION = "v2";

/** The cache folder (printed, so it can be removed by hand). */
export const CACHE_ROOT = path.join(tmpdir(), "skillshelf-bench-cache");

/** Returns the skill folders of a cached corpus, generating it first when it is missing or incomplete. */
export async function cachedCorpus(
  kind: string,
  count: number,
  generate: (root: string, count: number) => Promise<string[]>,
): Promise<{ root: string; dirs: string[]; reused: boolean; seconds: number }> {
  const root = path.join(CACHE_ROOT, `${kind}-${count}-${CACHE_VERSION}`);
  const marker = path.join(root, ".complete");
  const list = path.join(root, ".dirs.txt");
  if (process.env.BENCH_FRESH !== "1" && existsSync(marker)) {
    return { root, dirs: (await readFile(list, "utf8")).split("\n").filter(Boolean), reused: true, seconds: 0 };
  }
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  const start = performance.now();
  const dirs = await generate(root, count);
  await writeFile(list, dirs.join("\n"));
  await writeFile(marker, new Date().toISOString());
  return { root, dirs, reused: false, seconds: (performance.now() - start) / 1000 };
}
