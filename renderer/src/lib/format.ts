// Small formatting helpers for the views.
import { formatCount } from "../../../shared/format";

/** For counts that are not whole numbers, set up on first need: a fresh page takes 25–100 ms to make one. */
let fractional: Intl.NumberFormat | undefined;

/** "1,234": whole numbers grouped by hand as en-US groups them (no Intl set-up before the first rows paint). */
export function count(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return (fractional ??= new Intl.NumberFormat("en-US")).format(n);
  return formatCount(n);
}

/** "≈ 1,234 tokens": every token estimate in the app, written one way. */
export function tokens(n: number): string {
  return `≈ ${count(n)} tokens`;
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
