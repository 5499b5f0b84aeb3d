// When a first screen the host rendered into the page is on screen (boot.ts, the page's only script tag, waits for it
// before loading the app). Kept small: it is all boot.ts imports besides the stylesheet.
import { FIRST_SCREEN_DATA_ATTRIBUTE } from "../../../shared/first-screen-data";

/** Whether the host rendered a first screen into this root (it names the first screen's data). */
export const hasFirstScreen = (root: HTMLElement): boolean => root.hasAttribute(FIRST_SCREEN_DATA_ATTRIBUTE);

/**
 * A promise kept once the browser has drawn the page's first frame and begun the next: a frame callback runs before
 * its frame is drawn, so the second one runs once the first frame was committed and drawn, and the task after it
 * cannot hold that paint (work started right after the first callback still competes with drawing the frame).
 */
export const afterFirstPaint = (): Promise<void> =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));
