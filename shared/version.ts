// SemVer comparison for update checks: pre-releases ordered as SemVer says, never a downgrade offered.
import semver from "semver";
import type { UpdateState } from "./model";

/** A clean SemVer string from a version or release tag ("v1.2.3" → "1.2.3"), or null when it is not SemVer. */
export function normalizeVersion(raw: string | null | undefined): string | null {
  if (typeof raw !== "string") return null;
  return semver.valid(raw.trim().replace(/^v(?=\d)/i, ""));
}

/** -1, 0 or 1 for two SemVer strings (build metadata ignored), or null when either is not SemVer. */
function compareVersions(a: string, b: string): -1 | 0 | 1 | null {
  const left = normalizeVersion(a);
  const right = normalizeVersion(b);
  if (left === null || right === null) return null;
  return semver.compare(left, right);
}

/** The update state of an installed version against the latest one; "unknown" when either is missing or not SemVer. */
export function compareInstalled(installed: string | null | undefined, latest: string | null | undefined): UpdateState {
  if (installed == null || latest == null) return "unknown";
  const order = compareVersions(installed, latest);
  if (order === null) return "unknown";
  if (order < 0) return "outdated";
  if (order > 0) return "ahead";
  return "up-to-date";
}
