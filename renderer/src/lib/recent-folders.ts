// Author mode remembers the folders a person opened (across restarts) and the one open now (across a reload of the
// window), in the page's own storage: paths only, capped, and anything unreadable there is ignored.

const RECENT_KEY = "skillshelf.author.recent";
const OPEN_KEY = "skillshelf.author.open";
/** How many recent folders are kept. */
export const MAX_RECENT = 8;
const MAX_PATH = 4096;

function storage(kind: "local" | "session"): Storage | null {
  try {
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The folders opened lately, newest first. */
export function recentFolders(): string[] {
  try {
    const parsed: unknown = JSON.parse(storage("local")?.getItem(RECENT_KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((p): p is string => typeof p === "string" && p.length > 0 && p.length <= MAX_PATH)
      .slice(0, MAX_RECENT);
  } catch {
    return [];
  }
}

/** Puts a folder first in the recent list (once). */
export function rememberFolder(path: string): string[] {
  const next = [path, ...recentFolders().filter((p) => p !== path)].slice(0, MAX_RECENT);
  storage("local")?.setItem(RECENT_KEY, JSON.stringify(next));
  return next;
}

/** Drops a folder from the recent list (it could not be opened any more). */
export function forgetFolder(path: string): string[] {
  const next = recentFolders().filter((p) => p !== path);
  storage("local")?.setItem(RECENT_KEY, JSON.stringify(next));
  return next;
}

/** The folder open in this window before a reload, if any. */
export function openFolderOfSession(): string | null {
  const path = storage("session")?.getItem(OPEN_KEY) ?? null;
  return path && path.length <= MAX_PATH ? path : null;
}

/** Records (or, with null, clears) the folder open in this window. */
export function setOpenFolderOfSession(path: string | null): void {
  if (path === null) storage("session")?.removeItem(OPEN_KEY);
  else storage("session")?.setItem(OPEN_KEY, path);
}
