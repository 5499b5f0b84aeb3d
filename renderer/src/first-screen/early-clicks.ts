// Clicks on the host's first screen before the app has taken it over: that markup has no handlers yet, so a click there
// would be lost without a word. The last one is held and given again to the same element once the app runs on it (the
// takeover keeps the served elements); an element the app did not keep (a first screen it replaced) gets nothing.
// boot.ts starts holding as soon as the page is parsed; mount.tsx gives the click back once the app is usable.

/** The root clicks are held on, its listener, and the element last clicked. */
interface Holding {
  root: HTMLElement;
  onClick: (event: MouseEvent) => void;
  last: Element | null;
}

let held: Holding | null = null;

/** Holds clicks inside `root` while it is marked busy (the host's first screen, not yet taken over). */
export function holdEarlyClicks(root: HTMLElement): void {
  if (held) return;
  const state: Holding = {
    root,
    last: null,
    onClick: (event) => {
      if (!root.hasAttribute("aria-busy") || !(event.target instanceof Element)) return;
      // Nothing else sees it now (React's own listeners, added later on the same root, included): it comes back later.
      event.preventDefault();
      event.stopImmediatePropagation();
      state.last = event.target;
    },
  };
  root.addEventListener("click", state.onClick, true);
  held = state;
}

/** Stops holding and clicks the element last clicked while held, when the app kept it; true when it did. */
export function releaseEarlyClicks(): boolean {
  const state = held;
  held = null;
  if (!state) return false;
  state.root.removeEventListener("click", state.onClick, true);
  const target = state.last;
  if (!target?.isConnected || !state.root.contains(target)) return false;
  if (target instanceof HTMLElement) target.click();
  else target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  return true;
}
