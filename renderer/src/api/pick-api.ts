// Chooses the API: Electron's preload object when present, otherwise the web host's, with the run's token.
import type { SkillshelfApi } from "../../../shared/ipc";
import { createWebApi } from "./web-api";

declare global {
  interface Window {
    skillshelf?: SkillshelfApi;
  }
}

const TOKEN_KEY = "skillshelf.token";

/** The token from the URL the CLI printed (then removed from the address bar), or the one kept for this tab. */
function takeToken(): string | null {
  const params = new URLSearchParams(window.location.search);
  const fromUrl = params.get("token");
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    params.delete("token");
    const rest = params.toString();
    window.history.replaceState(
      null,
      "",
      `${window.location.pathname}${rest ? `?${rest}` : ""}${window.location.hash}`,
    );
    return fromUrl;
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

/** The API for this page, or null when the page was opened without the token (the view explains what to do). */
export function pickApi(): SkillshelfApi | null {
  if (window.skillshelf) return window.skillshelf;
  const token = takeToken();
  return token ? createWebApi(token) : null;
}
