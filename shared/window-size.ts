// The smallest window the app is designed for: Electron's minimum window size and the browser tests' layout check.

/** The minimum window size (CSS pixels) at which every view stays usable. */
export const MINIMUM_WINDOW_SIZE = { width: 800, height: 600 } as const;
