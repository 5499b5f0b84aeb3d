// Where a package path really leads: inside the plugin root, outside it, or nowhere (broken link, loop).
import { readdir, stat } from "node:fs/promises";
import { isInside, realpathOrNull } from "../fs/safe-fs";

/** The real location of a package path, judged against the plugin's real root. */
export type Resolution =
  | { status: "inside"; real: string; kind: "file" | "dir" | "other" }
  | { status: "outside"; real: string }
  | { status: "missing" };

/** Resolves a path's links and says whether its real path stays inside realRoot (never opens the file). */
export async function resolveInRoot(realRoot: string, target: string): Promise<Resolution> {
  const real = await realpathOrNull(target);
  if (!real) return { status: "missing" };
  if (!isInside(realRoot, real)) return { status: "outside", real };
  const info = await stat(real).catch(() => null);
  if (!info) return { status: "missing" };
  return { status: "inside", real, kind: info.isFile() ? "file" : info.isDirectory() ? "dir" : "other" };
}

/** The exact entry names of a folder (case-sensitive, as readdir gives them), or null when unreadable. */
export async function entryNames(dir: string): Promise<Set<string> | null> {
  try {
    return new Set(await readdir(dir));
  } catch {
    return null;
  }
}
