// What "Open" may do with a path the page names: only a regular, non-executable text file whose real path lies inside
// a skill or plugin folder is opened, and only as text; everything else inside those folders is revealed instead.
import { lstat, realpath } from "node:fs/promises";
import path from "node:path";
import { isInside } from "../fs/safe-fs";

/**
 * Extensions opened as text. Only plain text formats: no .html/.htm/.svg/.xml (a browser or viewer may run script
 * from them), no scripts (.sh, .py, .js, .ps1, .bat: runnable by double-click on some systems), nothing without an
 * extension. Anything else is revealed in the file manager, where the user decides.
 */
const TEXT_EXTENSIONS: ReadonlySet<string> = new Set([
  ".md",
  ".markdown",
  ".txt",
  ".text",
  ".json",
  ".jsonc",
  ".yaml",
  ".yml",
  ".toml",
  ".csv",
  ".tsv",
  ".log",
  ".rst",
]);

/** What to do with a path inside the catalog: open it as text, or reveal it (with the reason it is not opened). */
export type OpenDecision =
  { action: "open-as-text"; path: string } | { action: "reveal"; path: string; reason: string };

/** The real paths of the folders a path must lie in (skill folders, plugin roots and their real folders). */
export async function realRoots(roots: Iterable<string>): Promise<string[]> {
  const unique = [...new Set([...roots].map((r) => path.resolve(r)))];
  const real = await Promise.all(unique.map((r) => realpath(r).catch(() => null)));
  return [...new Set(real.filter((r): r is string => r !== null))];
}

/** The real path of target when it lies inside one of the real roots after resolving every link, else null. */
export async function realPathInside(target: string, realRootList: string[]): Promise<string | null> {
  if (!path.isAbsolute(target) || target.includes("\u0000")) return null;
  const real = await realpath(target).catch(() => null);
  if (real === null) return null;
  return realRootList.some((root) => isInside(root, real)) ? real : null;
}

/** Decides how to open a real path that is already known to be inside the catalog. */
export async function decideOpen(realTarget: string, platform: NodeJS.Platform): Promise<OpenDecision> {
  const info = await lstat(realTarget).catch(() => null);
  const reveal = (reason: string): OpenDecision => ({ action: "reveal", path: realTarget, reason });
  if (!info) return reveal("It could not be read, so it is shown in the file manager instead.");
  if (info.isDirectory()) return reveal("It is a folder, so it is shown in the file manager.");
  if (!info.isFile())
    return reveal("It is not a regular file, so it is shown in the file manager instead of being opened.");
  const name = path.basename(realTarget);
  const ext = path.extname(name).toLowerCase();
  if (platform === "win32" && name.includes(":"))
    return reveal("Its name is unusual for Windows, so it is shown in the file manager instead of being opened.");
  if (platform !== "win32" && (info.mode & 0o111) !== 0)
    return reveal(
      "It is marked as a program (it has an execute permission), so Skillshelf shows it in the file manager instead of opening it.",
    );
  if (!TEXT_EXTENSIONS.has(ext))
    return reveal(
      `Skillshelf opens only plain text files (${[...TEXT_EXTENSIONS].join(", ")}); this one is shown in the file manager instead.`,
    );
  return { action: "open-as-text", path: realTarget };
}
