// The pending-update count outside the window: the dock badge (macOS; Unity on Linux), the taskbar overlay icon
// (Windows), and on Linux a tray icon whose tooltip and menu carry the count, shown only while updates are pending.
import type { App, Menu, MenuItemConstructorOptions, NativeImage, Tray } from "electron";

/** The sentence the tray tooltip and menu show for a count. */
function pendingUpdatesLabel(count: number): string {
  if (count <= 0) return "All skills are up to date";
  return count === 1 ? "1 skill update available" : `${count} skill updates available`;
}

/** The tray's menu for a count: the count itself (not clickable), then what the user can do about it. */
function trayMenuTemplate(
  count: number,
  actions: { showWindow(): void; checkUpdates(): void; quit(): void },
): MenuItemConstructorOptions[] {
  return [
    { label: pendingUpdatesLabel(count), enabled: false },
    { type: "separator" },
    { label: "Show Skillshelf", click: () => actions.showWindow() },
    { label: "Check for Updates Now", click: () => actions.checkUpdates() },
    { type: "separator" },
    { label: "Quit Skillshelf", click: () => actions.quit() },
  ];
}

/** What setupBadge needs from Electron, injected. */
export interface BadgeDeps {
  platform: NodeJS.Platform;
  app: Pick<App, "setBadgeCount">;
  createTray: (image: NativeImage) => Tray;
  trayImage: () => NativeImage;
  /** Windows: the overlay image for a count, and the call that puts it on (or, with null, clears) the taskbar button. */
  overlayImage: (count: number) => NativeImage;
  setOverlay: (image: NativeImage | null, description: string) => void;
  buildMenu: (template: MenuItemConstructorOptions[]) => Menu;
  actions: { showWindow(): void; checkUpdates(): void; quit(): void };
}

/** Returns the function main calls with each new count; it updates the badge and (Linux) the tray. */
export function setupBadge(deps: BadgeDeps): { show(count: number): void; dispose(): void } {
  let tray: Tray | null = null;
  const dropTray = () => {
    tray?.destroy();
    tray = null;
  };
  return {
    show(count) {
      const safe = Number.isInteger(count) && count > 0 ? count : 0;
      deps.app.setBadgeCount(safe);
      if (deps.platform === "win32")
        deps.setOverlay(safe === 0 ? null : deps.overlayImage(safe), safe === 0 ? "" : pendingUpdatesLabel(safe));
      if (deps.platform !== "linux") return;
      if (safe === 0) return dropTray();
      tray ??= deps.createTray(deps.trayImage());
      const label = `Skillshelf: ${pendingUpdatesLabel(safe)}`;
      tray.setToolTip(label);
      tray.setContextMenu(deps.buildMenu(trayMenuTemplate(safe, deps.actions)));
    },
    dispose: dropTray,
  };
}
