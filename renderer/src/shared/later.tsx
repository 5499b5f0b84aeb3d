// Loads a view when it is first shown, so the catalog's first paint parses less script before its rows appear.
import { lazy, Suspense, type ComponentType } from "react";

/** A component that loads its view on first render, showing "Loading…" meanwhile. */
export function later<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function Later(props: P) {
    return (
      <Suspense fallback={<p className="muted">Loading…</p>}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Later;
}
