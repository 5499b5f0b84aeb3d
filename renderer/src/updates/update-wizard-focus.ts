// Keyboard rules of the guided update's dialog: Tab and Shift+Tab go round inside it, never out to the page behind;
// its keys are listened to on its element (a dialog's keys, which no single control inside it owns).
import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** What Tab can reach inside `root`, in order (what a closed disclosure hides is left out). */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => {
    const details = el.parentElement?.closest("details");
    return !details || details.open || (el.tagName === "SUMMARY" && el.parentElement === details);
  });
}

/** Keeps Tab inside `root`: from the last element to the first, from the first (or the heading) back to the last. */
export function trapTab(event: { key: string; shiftKey: boolean; preventDefault(): void }, root: HTMLElement): void {
  if (event.key !== "Tab") return;
  const items = tabbables(root);
  const active = document.activeElement as HTMLElement | null;
  if (items.length === 0) {
    event.preventDefault();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const inside = active !== null && items.includes(active);
  if (event.shiftKey && (!inside || active === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside ? !root.contains(active) : active === last)) {
    event.preventDefault();
    first.focus();
  }
}

/** Calls the latest `handler` for every keydown inside `ref`'s element (a child's handler may stop it first). */
export function useKeyDown(ref: RefObject<HTMLElement | null>, handler: (event: KeyboardEvent) => void): void {
  const latest = useRef(handler);
  // At commit, so a key pressed right after a render already sees that render's state.
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const listener = (event: KeyboardEvent) => latest.current(event);
    element.addEventListener("keydown", listener);
    return () => element.removeEventListener("keydown", listener);
  }, [ref]);
}
