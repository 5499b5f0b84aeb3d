// What the concerns of one handler session share: the host's context, the catalog state, and whether the session ended.
import type { CatalogState } from "./catalog-state";
import type { HandlerContext } from "./context";

/** What the concerns of one session share. */
export interface SessionShared {
  context: HandlerContext;
  state: CatalogState;
  /** True once the session is disposed: nothing new is started. */
  disposed(): boolean;
  /** The watchers' debounce, as the context sets it. */
  debounce: { debounceMs?: number };
}
