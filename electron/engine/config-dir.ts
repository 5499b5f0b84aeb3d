// Where the settings live, apart from reading them: `validate` finds the settings file without loading the settings code.
import os from "node:os";
import path from "node:path";
import { readJsonFileWithinLimits } from "./fs/json-limits";

/** The file's name inside the config folder. */
const SETTINGS_FILE_NAME = "settings.json";
/** The settings file's size limit (as the settings reader's). */
const MAX_SETTINGS_BYTES = 1024 * 1024;

/** The config folder: SKILLSHELF_CONFIG_DIR, else the platform's usual place for app settings. */
export function defaultConfigDir(
  env: Record<string, string | undefined> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  if (env.SKILLSHELF_CONFIG_DIR) return env.SKILLSHELF_CONFIG_DIR;
  const absolute = (value: string | undefined) => (value && path.isAbsolute(value) ? value : undefined);
  if (platform === "darwin") return path.join(home, "Library", "Application Support", "Skillshelf");
  if (platform === "win32")
    return path.join(absolute(env.APPDATA) ?? path.join(home, "AppData", "Roaming"), "Skillshelf");
  return path.join(absolute(env.XDG_CONFIG_HOME) ?? path.join(home, ".config"), "skillshelf");
}

/** The settings file for an environment, platform and home. */
export function defaultSettingsFile(
  env?: Record<string, string | undefined>,
  platform?: NodeJS.Platform,
  home?: string,
): string {
  return path.join(defaultConfigDir(env, platform, home), SETTINGS_FILE_NAME);
}

/**
 * Whether the settings leave the validation cache on: only an explicit `"validationCache": false` turns it off. A read
 * without side effects (no backup, no mode change), for `validate`, which must stay fast and touch nothing.
 */
export async function validationCacheOn(file: string): Promise<boolean> {
  const raw = await readJsonFileWithinLimits(file, MAX_SETTINGS_BYTES);
  return !(
    typeof raw === "object" &&
    raw !== null &&
    !Array.isArray(raw) &&
    (raw as Record<string, unknown>).validationCache === false
  );
}
