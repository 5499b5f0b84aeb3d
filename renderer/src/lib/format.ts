// Small formatting helpers for the views.

/** One number format for every count (toLocaleString sets one up per call; a catalog formats thousands). */
const counts = new Intl.NumberFormat("en-US");

/** "1,234". */
export function count(n: number): string {
  return counts.format(n);
}

/** "skill" / "skills". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/** A path relative to a folder, when inside it; the path itself otherwise. */
export function relativeTo(root: string, p: string): string {
  const r = root.replace(/[\\/]+$/, "");
  return p.startsWith(r + "/") || p.startsWith(r + "\\") ? p.slice(r.length + 1) : p;
}

/** Message of anything thrown. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A version in words: "version 1.3.0", or what stands for a copy that says no version. */
export function versionWords(
  version: string | null | undefined,
  none = "a copy that does not say its version",
): string {
  return version ? `version ${version}` : none;
}
