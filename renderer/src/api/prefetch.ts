// The stored catalog asked for before the app's script has loaded: the page's first request, not its first effect's.
import type { SkillshelfApi } from "../../../shared/ipc";

const prefetched = new WeakMap<SkillshelfApi, ReturnType<SkillshelfApi["storedCatalog"]>>();

/** Asks for the stored catalog at once (main.tsx, before the app loads); useCatalog takes this answer instead of asking. */
export function prefetchStoredCatalog(api: SkillshelfApi): void {
  const answer = api.storedCatalog();
  answer.catch(() => undefined);
  prefetched.set(api, answer);
}

/** The answer prefetchStoredCatalog asked for, once (a later call asks again), or a new request when none was made. */
export function takeStoredCatalog(api: SkillshelfApi): ReturnType<SkillshelfApi["storedCatalog"]> {
  const asked = prefetched.get(api) ?? api.storedCatalog();
  prefetched.delete(api);
  return asked;
}
