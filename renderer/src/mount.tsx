// The app's React tree, loaded by main.tsx while the page's first requests (sign-in, the stored catalog) are on the way.
import { createRoot, hydrateRoot } from "react-dom/client";
import type { SkillshelfApi } from "../../shared/ipc";
import { AppTree } from "./app/AppTree";
import { FIRST_SCREEN_DATA_ATTRIBUTE } from "../../shared/first-screen-data";
import type { StoredCatalog } from "../../shared/model";
import { seedStoredCatalog } from "./api/prefetch";
import { releaseEarlyClicks } from "./first-screen/early-clicks";

/**
 * Renders the app for this API. When the host rendered the first screen, and `stored` is the catalog it rendered it
 * from, React takes over that markup (hydration: no new layout, no flash); a mismatch is reported on the console and
 * React renders the app anew. Otherwise the shell's container is filled from scratch.
 */
export function mountApp(container: HTMLElement, api: SkillshelfApi | null, stored?: StoredCatalog): void {
  // The host marks its first screen busy and not yet usable; a click held meanwhile is given back once it is usable.
  const usable = () => {
    for (const name of ["aria-busy", "aria-disabled", FIRST_SCREEN_DATA_ATTRIBUTE]) container.removeAttribute(name);
    releaseEarlyClicks();
  };
  if (api && stored) {
    seedStoredCatalog(api, stored);
    hydrateRoot(container, <AppTree api={api} onShown={usable} />, {
      onRecoverableError: (error) => console.error("Skillshelf: the first screen did not match the app:", error),
    });
    return;
  }
  container.replaceChildren();
  usable();
  createRoot(container).render(<AppTree api={api} />);
}
