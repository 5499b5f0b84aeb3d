// The stored catalog asked for before the app's script has loaded: the page's first request, not its first effect's.
import type { SkillshelfApi } from "../../../shared/ipc";

type StoredAnswer = Awaited<ReturnType<SkillshelfApi["storedCatalog"]>>;

/** The prefetched answer: the request, and its value once it has arrived. */
interface Prefetched {
  answer: Promise<StoredAnswer>;
  arrived?: { value: StoredAnswer };
}

/** What useCatalog starts from: the answer itself when it is already here (no loading frame), else the request. */
export type StoredCatalogStart = { arrived: StoredAnswer } | { pending: Promise<StoredAnswer> };

const prefetched = new WeakMap<SkillshelfApi, Prefetched>();

/** Asks for the stored catalog at once (main.tsx, before the app loads); useCatalog takes this answer instead of asking. */
export function prefetchStoredCatalog(api: SkillshelfApi): void {
  const entry: Prefetched = { answer: api.storedCatalog() };
  entry.answer.then(
    (value) => (entry.arrived = { value }),
    () => undefined,
  );
  prefetched.set(api, entry);
}

/** Hands useCatalog a stored catalog already in hand (the one the host rendered the first screen from): no request. */
export function seedStoredCatalog(api: SkillshelfApi, value: StoredAnswer): void {
  prefetched.set(api, { answer: Promise.resolve(value), arrived: { value } });
}

/** The answer prefetchStoredCatalog asked for, once (a later call asks again), or a new request when none was made. */
export function takeStoredCatalog(api: SkillshelfApi): StoredCatalogStart {
  const entry = prefetched.get(api);
  prefetched.delete(api);
  if (entry?.arrived) return { arrived: entry.arrived.value };
  return { pending: entry?.answer ?? api.storedCatalog() };
}
