// The web host session this tab signed in with: kept in the tab's sessionStorage (a reload stays signed in; pages of
// other ports and other tabs cannot read it) and sent in a header, never as a cookie a browser hands to every port.
import { SESSION_HEADER } from "../../../shared/ipc";

const STORAGE_KEY = "skillshelf-session";
let remembered: string | null = null;

/** Keeps the secret the sign-in answered with, for this tab (and its reloads). */
export function rememberSession(secret: string): void {
  remembered = secret;
  try {
    sessionStorage.setItem(STORAGE_KEY, secret);
  } catch {
    // storage refused (a private mode): the session lasts until this page is closed or reloaded
  }
}

/** The secret this tab holds, if any. */
function sessionSecret(): string | null {
  if (remembered === null) {
    try {
      remembered = sessionStorage.getItem(STORAGE_KEY);
    } catch {
      remembered = null;
    }
  }
  return remembered;
}

/** The headers that carry this tab's session on a call (none before signing in). */
function sessionHeaders(): Record<string, string> {
  const secret = sessionSecret();
  return secret ? { [SESSION_HEADER]: secret } : {};
}

/** The event stream's address: an EventSource cannot send headers, so the session travels in it. */
export function eventStreamUrl(): string {
  const secret = sessionSecret();
  return secret ? `/api/events?session=${encodeURIComponent(secret)}` : "/api/events";
}

/** A call to the web host as the page makes every one: this tab's session in its header, no cookies, never cached. */
export function hostFetch(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit } = {},
) {
  return fetch(path, {
    ...init,
    headers: { ...init.headers, ...sessionHeaders() },
    credentials: "omit",
    cache: "no-store",
  });
}
