// Windowing for a long list of rows of known heights: which rows to render for the part in view, and scrolling the
// selected row into view. Written for the React Compiler's rules: state changes only in scroll and resize callbacks.
import { useEffect, useMemo, useState, type RefObject } from "react";

/** The list's height assumed before it is measured (px): the rows of the first screen fill a list this tall. */
const FIRST_SCREEN_HEIGHT = 1200;

/** The rows to render, where each one starts, and the height of the whole list. */
export interface RowWindow {
  /** Indexes of the rows to render, in order. */
  indexes: number[];
  /** The top of row i is offsets[i]; offsets[rows] is the whole height. */
  offsets: number[];
  total: number;
}

/** The first row whose bottom is below `y`. */
function rowAt(offsets: number[], y: number): number {
  let low = 0;
  let high = offsets.length - 2;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (offsets[mid + 1]! <= y) low = mid + 1;
    else high = mid;
  }
  return Math.max(0, low);
}

/** Follows the scroll position and size of `scrollRef` and answers which of the rows to render (plus `overscan` each side). */
export function useRowWindow(
  scrollRef: RefObject<HTMLElement | null>,
  heights: readonly number[],
  overscan: number,
  selectedIndex: number,
): RowWindow {
  const offsets = useMemo(() => {
    const out = new Array<number>(heights.length + 1);
    out[0] = 0;
    for (let i = 0; i < heights.length; i++) out[i + 1] = out[i]! + heights[i]!;
    return out;
  }, [heights]);
  // Until the list is measured, assume it is as tall as a tall window, so the first paint already fills it; the same
  // height on the host, which renders the first screen, and in the page, which takes that markup over.
  const [view, setView] = useState(() => ({ top: 0, height: FIRST_SCREEN_HEIGHT }));
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const read = () =>
      setView((v) =>
        v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight },
      );
    el.addEventListener("scroll", read, { passive: true });
    // A ResizeObserver reports the size once as soon as it observes, then on every change.
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(read);
    observer?.observe(el);
    return () => {
      el.removeEventListener("scroll", read);
      observer?.disconnect();
    };
  }, [scrollRef]);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || selectedIndex < 0 || selectedIndex >= heights.length) return;
    const top = offsets[selectedIndex]!;
    const bottom = offsets[selectedIndex + 1]!;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (bottom > el.scrollTop + el.clientHeight) el.scrollTop = bottom - el.clientHeight;
  }, [scrollRef, selectedIndex, offsets, heights.length]);
  const total = offsets[heights.length]!;
  const indexes: number[] = [];
  if (heights.length > 0) {
    const first = Math.max(0, rowAt(offsets, view.top) - overscan);
    const last = Math.min(heights.length - 1, rowAt(offsets, view.top + Math.max(view.height, 1)) + overscan);
    for (let i = first; i <= last; i++) indexes.push(i);
  }
  return { indexes, offsets, total };
}
