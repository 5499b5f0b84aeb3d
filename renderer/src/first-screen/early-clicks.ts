// Clicks on the host's first screen before the app has taken it over: that markup has no handlers yet, so a click there
// would be lost without a word. The last one is held and given again to the same element once the app runs on it (the
// takeover keeps the served elements). When the app replaced the first screen (its markup did not match, or the app
// started without its data), a row is found again by its key once the app shows it; any other element gets nothing.
// boot.ts starts holding as soon as the page is parsed; mount.tsx gives the click back once the app is usable.

/** How long a click held on a row the app replaced waits for the app to show that row again. */
const WAIT_FOR_ROW_MS = 5_000;

/** The root clicks are held on, its listener, the element last clicked and the key of the row holding it. */
interface Holding {
  root: HTMLElement;
  onClick: (event: MouseEvent) => void;
  last: Element | null;
  key: string | null;
}

let held: Holding | null = null;

/** Holds clicks inside `root` while it is marked busy (the host's first screen, not yet taken over). */
export function holdEarlyClicks(root: HTMLElement): void {
  if (held) return;
  const state: Holding = {
    root,
    last: null,
    key: null,
    onClick: (event) => {
      if (!root.hasAttribute("aria-busy") || !(event.target instanceof Element)) return;
      // Nothing else sees it now (React's own listeners, added later on the same root, included): it comes back later.
      event.preventDefault();
      event.stopImmediatePropagation();
      state.last = event.target;
      state.key = event.target.closest("[data-key]")?.getAttribute("data-key") ?? null;
    },
  };
  root.addEventListener("click", state.onClick, true);
  held = state;
}

/** Clicks an element as a person's click would reach it. */
function click(target: Element): void {
  if (target instanceof HTMLElement) target.click();
  else target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
}

/** The element under `root` whose data-key is `key`, if any. */
const rowOf = (root: HTMLElement, key: string): Element | undefined =>
  [...root.querySelectorAll("[data-key]")].find((element) => element.getAttribute("data-key") === key);

/**
 * Gives the click to the row once the app shows it, within WAIT_FOR_ROW_MS; any click meanwhile (the person's: the app
 * is usable by then) comes first and cancels it.
 */
function clickWhenShown(root: HTMLElement, key: string): void {
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    root.removeEventListener("click", onPersonClick, true);
  };
  const onPersonClick = () => stop();
  const observer = new MutationObserver(() => {
    const row = rowOf(root, key);
    if (!row) return;
    stop();
    click(row);
  });
  const timer = setTimeout(stop, WAIT_FOR_ROW_MS);
  observer.observe(root, { childList: true, subtree: true });
  root.addEventListener("click", onPersonClick, true);
}

/**
 * Stops holding and gives the last held click back: to its element when the app kept it, else to the row with the
 * same key, now or once the app shows it. True when it was given now.
 */
export function releaseEarlyClicks(): boolean {
  const state = held;
  held = null;
  if (!state) return false;
  state.root.removeEventListener("click", state.onClick, true);
  const { root, last, key } = state;
  if (last?.isConnected && root.contains(last)) {
    click(last);
    return true;
  }
  if (key === null) return false;
  const row = rowOf(root, key);
  if (row) click(row);
  else clickWhenShown(root, key);
  return row !== undefined;
}
