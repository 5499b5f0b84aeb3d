// Updates the user chose not to see: one version of a skill ("Ignore this version": a newer one shows again) or every
// update of a skill ("Don't check this skill for updates"). One pure rule, used by the app's handlers (the Updates
// view, Update all, the badge) and by the CLI's `outdated` and `update`.
import type { UpdateInfo } from "./model";

/** What the settings hold: skill names not checked, and per skill name the one version ignored. */
export interface UpdateIgnores {
  skills: string[];
  versions: Record<string, string>;
}

/** Nothing ignored (a first run). */
export const NO_IGNORES: UpdateIgnores = { skills: [], versions: {} };

/** Bounds that keep the lists in the settings file small. */
export const IGNORE_LIMITS = { skills: 2_000, versions: 2_000, nameLength: 256, versionLength: 128 } as const;

/** Why a skill name cannot be put on an ignore list, or null. */
export function ignoreNameProblem(name: unknown): string | null {
  if (
    typeof name !== "string" ||
    name === "" ||
    name.length > IGNORE_LIMITS.nameLength ||
    /[\u0000-\u001f\u007f]/.test(name)
  )
    return "That skill's name is not understood.";
  return null;
}

/** Why a version cannot be ignored, or null. */
export function ignoreVersionProblem(version: unknown): string | null {
  if (
    typeof version !== "string" ||
    version === "" ||
    version.length > IGNORE_LIMITS.versionLength ||
    /[\u0000-\u001f\u007f]/.test(version)
  )
    return "That version is not understood.";
  return null;
}

/** Why this copy's update is ignored ("skill": never checked; "version": this latest version), or null. */
export function ignoreReasonOf(
  info: Pick<UpdateInfo, "name" | "latest">,
  ignores: UpdateIgnores,
): "skill" | "version" | null {
  if (ignores.skills.includes(info.name)) return "skill";
  const version = Object.hasOwn(ignores.versions, info.name) ? ignores.versions[info.name] : undefined;
  return version !== undefined && info.latest !== null && version === info.latest ? "version" : null;
}

/** The results with `ignored` set where the user chose so (and cleared where no longer), the rest unchanged. */
export function markIgnored(updates: readonly UpdateInfo[], ignores: UpdateIgnores): UpdateInfo[] {
  return updates.map((info) => {
    const reason = ignoreReasonOf(info, ignores);
    if (reason === (info.ignored ?? null)) return info;
    const { ignored: _was, ...rest } = info;
    return reason ? { ...rest, ignored: reason } : rest;
  });
}

/** True for an update the user asked for: outdated and not ignored (the count, the badge, Update all). */
export function isPendingUpdate(info: UpdateInfo): boolean {
  return info.state === "outdated" && !info.ignored;
}
