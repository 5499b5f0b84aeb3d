// One Skillshelf at a time: a second launch hands over to the first, which brings its window forward.
import type { App, BrowserWindow } from "electron";

/** Brings a window to the front, restoring it if minimised or hidden. */
export function focusWindow(
  window: Pick<BrowserWindow, "isDestroyed" | "isMinimized" | "restore" | "isVisible" | "show" | "focus"> | null,
): boolean {
  if (!window || window.isDestroyed()) return false;
  if (window.isMinimized()) window.restore();
  if (!window.isVisible()) window.show();
  window.focus();
  return true;
}

/** Takes the single-instance lock; false means another instance runs and this one must quit. */
export function setupSingleInstance(
  app: Pick<App, "requestSingleInstanceLock" | "on">,
  getWindow: () => Parameters<typeof focusWindow>[0],
): boolean {
  if (!app.requestSingleInstanceLock()) return false;
  app.on("second-instance", () => {
    focusWindow(getWindow());
  });
  return true;
}
