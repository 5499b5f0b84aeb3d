// Lists folders without ever hanging: capped reads of a directory, link resolution, SKILL.md detection.
import { readdirSync, statSync, type Dirent } from "node:fs";
import { opendir, stat } from "node:fs/promises";
import path from "node:path";
import { realpathOrNull } from "../fs/safe-fs";

/** A capped directory listing, or why it failed. */
export interface Listing {
  entries: Dirent[];
  truncated: boolean;
  /** The error code when the folder could not be listed (ENOENT, EACCES, ENOTDIR...). */
  error: string | null;
}

/** Lists at most `cap` entries of a folder, sorted by name. */
export async function listCapped(dir: string, cap: number): Promise<Listing> {
  const entries: Dirent[] = [];
  let truncated = false;
  try {
    const handle = await opendir(dir, { bufferSize: 256 });
    try {
      for await (const dirent of handle) {
        if (entries.length >= cap) {
          truncated = true;
          break;
        }
        entries.push(dirent);
      }
    } finally {
      await handle.close().catch(() => undefined);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "EIO";
    if (code !== "ERR_DIR_CLOSED") return { entries: [], truncated: false, error: code };
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { entries, truncated, error: null };
}

/** What a path in a skills folder turned out to be. */
export type ChildKind =
  { kind: "dir"; realDir: string; link: boolean } | { kind: "broken-link"; reason: string } | { kind: "other" };

/** Resolves one child of a skills folder: a folder (possibly through a link), a broken link, or something else. */
export async function resolveChild(p: string, isLink: boolean): Promise<ChildKind> {
  const real = await realpathOrNull(p);
  if (!real) {
    if (!isLink) return { kind: "other" };
    let reason = "it points to something that does not exist";
    try {
      await stat(p);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ELOOP") reason = "it loops back on itself";
    }
    return { kind: "broken-link", reason };
  }
  try {
    const info = await stat(p);
    return info.isDirectory() ? { kind: "dir", realDir: real, link: isLink } : { kind: "other" };
  } catch {
    return { kind: "other" };
  }
}

/** The SKILL.md entry of a folder: exact name first (one stat), else any case (a small synchronous listing); null when none. */
export async function findSkillFile(dir: string): Promise<string | null> {
  const exact = path.join(dir, "SKILL.md");
  try {
    if (statSync(exact, { throwIfNoEntry: false })) return exact;
  } catch {
    return null;
  }
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return null;
  }
  if (names.includes("SKILL.md")) return exact;
  const other = names.find((n) => n.toLowerCase() === "skill.md");
  return other ? path.join(dir, other) : null;
}

/** True when a folder holds a plugin manifest (plugin.json or .claude-plugin/plugin.json). */
export async function hasPluginManifest(dir: string): Promise<boolean> {
  for (const rel of ["plugin.json", ".claude-plugin/plugin.json"]) {
    try {
      if ((await stat(path.join(dir, rel))).isFile()) return true;
    } catch {
      // not there
    }
  }
  return false;
}

/** True when a folder holds Claude Code's standard skills layout, `skills/NAME/SKILL.md` (a plugin without a manifest). */
export async function hasStandardSkills(dir: string, cap: number): Promise<boolean> {
  const skills = path.join(dir, "skills");
  for (const entry of (await listCapped(skills, cap)).entries) {
    if (!entry.name.startsWith(".") && (await findSkillFile(path.join(skills, entry.name)))) return true;
  }
  return false;
}

/** True when the path exists (following links). */
export async function pathExists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

/** True when the path exists and is a folder (following links). */
export async function isDirectory(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}
