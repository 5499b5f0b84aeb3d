// Where Skillshelf keeps its cache: SKILLSHELF_CACHE_DIR, else the platform's usual cache folder + /skillshelf.
import path from "node:path";
import os from "node:os";

/** The cache folder for an environment, platform and home (all injectable for tests). */
export function defaultCacheDir(
  env: Record<string, string | undefined> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  if (env.SKILLSHELF_CACHE_DIR) return env.SKILLSHELF_CACHE_DIR;
  if (platform === "darwin") return path.join(home, "Library", "Caches", "skillshelf");
  if (platform === "win32")
    return path.join(env.LOCALAPPDATA ?? path.join(home, "AppData", "Local"), "skillshelf", "Cache");
  return path.join(env.XDG_CACHE_HOME || path.join(home, ".cache"), "skillshelf");
}
