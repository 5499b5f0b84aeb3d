// Which folders author mode may open: a skill, a plugin, a marketplace or a folder of skills, never the file
// system's root, a home folder or a system folder (opening one would put everything below it in reach of "Open").
import { lstat, readdir, realpath } from "node:fs/promises";
import path from "node:path";

/** Folders author mode never opens, per platform (compared case-insensitively on Windows and macOS). */
const SYSTEM_FOLDERS: Record<"posix" | "darwin" | "win32", string[]> = {
  posix: [
    "/bin",
    "/boot",
    "/dev",
    "/etc",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/opt",
    "/proc",
    "/root",
    "/run",
    "/sbin",
    "/srv",
    "/sys",
    "/tmp",
    "/usr",
    "/usr/bin",
    "/usr/lib",
    "/usr/local",
    "/usr/local/bin",
    "/usr/sbin",
    "/usr/share",
    "/var",
    "/home",
    "/mnt",
    "/media",
    "/snap",
  ],
  darwin: [
    "/Applications",
    "/Library",
    "/System",
    "/Users",
    "/Volumes",
    "/private",
    "/private/etc",
    "/private/tmp",
    "/private/var",
    "/cores",
    "/usr",
    "/bin",
    "/sbin",
    "/etc",
    "/var",
    "/tmp",
    "/opt",
    "/usr/local",
    "/opt/homebrew",
  ],
  win32: [
    "C:\\Windows",
    "C:\\Windows\\System32",
    "C:\\Program Files",
    "C:\\Program Files (x86)",
    "C:\\ProgramData",
    "C:\\Users",
  ],
};

/** Subfolders looked at when deciding whether a folder is a folder of skills. */
const MAX_CHILDREN = 2000;

/** The refusal or the real folder author mode may open. */
export type AuthorFolderCheck =
  | { ok: true; realPath: string; kind: "skill" | "plugin" | "marketplace" | "skills-folder" }
  | { ok: false; message: string };

const fold = (p: string, platform: NodeJS.Platform) =>
  platform === "win32" || platform === "darwin" ? p.toLowerCase() : p;

function pathApi(platform: NodeJS.Platform): typeof path.posix {
  return platform === "win32" ? path.win32 : path.posix;
}

/**
 * Why a real folder is too broad for author mode (root, a home folder or above one, a system folder), or null.
 * Exported for tests: other platforms' folders are checked where they do not exist.
 */
export function broadFolderProblem(
  realFolder: string,
  options: { platform: NodeJS.Platform; homes: string[] },
): string | null {
  const p = pathApi(options.platform);
  const target = fold(p.resolve(realFolder), options.platform);
  if (p.parse(target).root === target)
    return `${realFolder} is the top of a disk. Open the folder of one skill, plugin or folder of skills instead.`;
  for (const home of options.homes) {
    const h = fold(p.resolve(home), options.platform);
    const rel = p.relative(target, h);
    if (rel === "")
      return `${realFolder} is your home folder; opening it would put all your files in reach. Open the folder of one skill, plugin or folder of skills instead.`;
    if (!rel.startsWith("..") && !p.isAbsolute(rel))
      return `${realFolder} holds home folders; opening it would put all their files in reach. Open the folder of one skill, plugin or folder of skills instead.`;
  }
  const list =
    options.platform === "win32"
      ? SYSTEM_FOLDERS.win32
      : options.platform === "darwin"
        ? SYSTEM_FOLDERS.darwin
        : SYSTEM_FOLDERS.posix;
  if (list.some((s) => fold(s, options.platform) === target))
    return `${realFolder} is a system folder, not a skill. Open the folder of one skill, plugin or folder of skills instead.`;
  return null;
}

async function isFile(p: string): Promise<boolean> {
  const info = await lstat(p).catch(() => null);
  return info?.isFile() ?? false;
}

async function holdsSkillFile(dir: string): Promise<boolean> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) if (name.toLowerCase() === "skill.md" && (await isFile(path.join(dir, name)))) return true;
  return false;
}

/** What a folder holds for author mode, or null when it is none of a skill, plugin, marketplace or folder of skills. */
async function folderKind(dir: string): Promise<"skill" | "plugin" | "marketplace" | "skills-folder" | null> {
  if (await holdsSkillFile(dir)) return "skill";
  if ((await isFile(path.join(dir, "plugin.json"))) || (await isFile(path.join(dir, ".claude-plugin", "plugin.json"))))
    return "plugin";
  if (await isFile(path.join(dir, ".claude-plugin", "marketplace.json"))) return "marketplace";
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries.slice(0, MAX_CHILDREN)) {
    if (entry.isDirectory() && (await holdsSkillFile(path.join(dir, entry.name)))) return "skills-folder";
  }
  return null;
}

/**
 * Checks a folder the page asks author mode to open, by its real path (links resolved): refuses what is too broad
 * and what holds no skill, plugin, marketplace or skill subfolders, with a sentence saying why.
 */
export async function checkAuthorFolder(
  folder: string,
  options: { platform: NodeJS.Platform; homes: string[] },
): Promise<AuthorFolderCheck> {
  const abs = path.resolve(folder);
  const real = await realpath(abs).catch(() => null);
  if (real === null) return { ok: false, message: `There is no folder at ${abs}.` };
  const info = await lstat(real).catch(() => null);
  if (!info?.isDirectory())
    return {
      ok: false,
      message: `${abs} is a file, not a folder. Open the folder that holds SKILL.md or plugin.json.`,
    };
  const homes = [...options.homes, ...(await Promise.all(options.homes.map((h) => realpath(h).catch(() => h))))];
  const broad = broadFolderProblem(real, { platform: options.platform, homes });
  if (broad) return { ok: false, message: broad };
  const kind = await folderKind(real);
  if (kind === null)
    return {
      ok: false,
      message: `${abs} holds no skill (SKILL.md), plugin (plugin.json or .claude-plugin/plugin.json), marketplace or subfolders with skills, so author mode does not open it.`,
    };
  return { ok: true, realPath: real, kind };
}
