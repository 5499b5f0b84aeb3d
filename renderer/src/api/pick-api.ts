// Chooses the API: Electron's preload object when present, otherwise the web host's, once this browser is signed in.
import { FIRST_SCREEN_PARAM } from "../../../shared/first-screen-data";
import type { SkillshelfApi } from "../../../shared/ipc";
import { createWebApi } from "./web-api";
import { hostFetch, rememberSession } from "./web-session";

declare global {
  interface Window {
    skillshelf?: SkillshelfApi;
  }
}

/**
 * Takes the one-time code the sign-in file put in the address's fragment, removes it from the address bar and history,
 * and exchanges it for a session secret this tab keeps (the code is dead afterwards); true when the host took it. A
 * page without a code goes on with the session its tab may already hold (a reload).
 */
async function signIn(): Promise<boolean> {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ""));
  const code = params.get("code");
  if (!code) return false;
  // The first-screen ticket beside it is dead once the page came: it goes from the address too.
  const search = new URLSearchParams(window.location.search);
  search.delete(FIRST_SCREEN_PARAM);
  const query = search.toString();
  window.history.replaceState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
  const res = await hostFetch("/api/session", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code }),
  }).catch(() => null);
  if (res?.ok !== true) return false;
  const body: unknown = await res.json().catch(() => null);
  const session = (body as { value?: { session?: unknown } } | null)?.value?.session;
  if (typeof session !== "string") return false;
  rememberSession(session);
  return true;
}

/** Whether the host refuses this browser (not signed in); a host that does not answer is left to the app to report. */
async function refused(): Promise<boolean> {
  const res = await hostFetch("/api/app:info", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "[]",
  }).catch(() => null);
  return res?.status === 403;
}

/**
 * The API for this page, or null when this browser is not signed in (the view explains what to do). A sign-in the
 * host just took needs no second question: the page starts asking for its data one round trip sooner.
 */
export async function pickApi(): Promise<SkillshelfApi | null> {
  if (window.skillshelf) return window.skillshelf;
  if (await signIn()) return createWebApi();
  return (await refused()) ? null : createWebApi();
}
