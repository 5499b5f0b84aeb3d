// The steering folder `../shared` (specifications, seeds, the reference validator) sits beside the repository in a
// developer's checkout and in CI, but not in a bare clone: tests read it at run time and skip, with the reason, without it.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestContext } from "vitest";
import { skipBecause } from "./skip";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Where `../shared` is expected (`SKILLSHELF_SHARED_DIR` points elsewhere, e.g. to test the missing case). */
export const SHARED_DIR = process.env.SKILLSHELF_SHARED_DIR ?? path.resolve(REPO, "../shared");

/** The path of a file or folder inside `../shared`, whether or not it exists. */
export function sharedPath(...parts: string[]): string {
  return path.join(SHARED_DIR, ...parts);
}

/** Whether that file or folder of `../shared` is present. */
export function hasShared(...parts: string[]): boolean {
  return existsSync(sharedPath(...parts));
}

/** The path of a `../shared` file the running test needs; skips the test with the reason (fails under CI) when absent. */
export function needShared(ctx: Pick<TestContext, "skip" | "task">, ...parts: string[]): string {
  const at = sharedPath(...parts);
  if (!existsSync(at))
    skipBecause(
      ctx,
      `${at} is missing: check out the steering folder ../shared beside the repository to compare with it`,
    );
  return at;
}
