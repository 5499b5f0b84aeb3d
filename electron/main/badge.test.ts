// The pending-update count on the badge, and on Linux in a tray that exists only while updates are pending.
import type { MenuItemConstructorOptions, NativeImage, Tray } from "electron";
import { describe, expect, it, vi } from "vitest";
import { setupBadge } from "./badge";

function fakeTray() {
  const state = { tooltip: "", menu: [] as MenuItemConstructorOptions[], destroyed: false };
  const tray = {
    setToolTip: (text: string) => void (state.tooltip = text),
    setContextMenu: (menu: unknown) => void (state.menu = menu as MenuItemConstructorOptions[]),
    destroy: () => void (state.destroyed = true),
  };
  return { tray: tray as unknown as Tray, state };
}

function setup(platform: NodeJS.Platform) {
  const badgeCounts: number[] = [];
  const trays: ReturnType<typeof fakeTray>[] = [];
  const overlays: [string | null, string][] = [];
  const actions = { showWindow: vi.fn(), checkUpdates: vi.fn(), quit: vi.fn() };
  const badge = setupBadge({
    platform,
    app: { setBadgeCount: (count?: number) => (badgeCounts.push(count ?? 0), true) },
    createTray: () => {
      const made = fakeTray();
      trays.push(made);
      return made.tray;
    },
    trayImage: () => ({}) as NativeImage,
    overlayImage: (count) => ({ count }) as unknown as NativeImage,
    setOverlay: (image, description) =>
      void overlays.push([image ? `image ${(image as unknown as { count: number }).count}` : null, description]),
    buildMenu: (template) => template as never,
    actions,
  });
  return { badge, badgeCounts, trays, overlays, actions };
}

describe("the count in words", () => {
  it("says the count in a sentence", () => {
    const { badge, overlays } = setup("win32");
    badge.show(1);
    badge.show(12);
    expect(overlays.map(([, words]) => words)).toEqual(["1 skill update available", "12 skill updates available"]);
  });
});

describe("setupBadge", () => {
  it("sets the dock badge on macOS, with no tray and no overlay", () => {
    const { badge, badgeCounts, trays, overlays } = setup("darwin");
    badge.show(3);
    badge.show(0);
    badge.show(-2);
    badge.show(Number.NaN);
    expect(badgeCounts).toEqual([3, 0, 0, 0]);
    expect(trays).toEqual([]);
    expect(overlays).toEqual([]);
  });

  it("puts the count on the Windows taskbar button as an overlay, and clears it at zero", () => {
    const { badge, trays, overlays } = setup("win32");
    badge.show(4);
    badge.show(0);
    expect(overlays).toEqual([
      ["image 4", "4 skill updates available"],
      [null, ""],
    ]);
    expect(trays).toEqual([]);
  });

  it("on Linux shows the count in a tray's tooltip and menu, and removes the tray at zero", () => {
    const { badge, badgeCounts, trays } = setup("linux");
    badge.show(0);
    expect(trays).toEqual([]);
    badge.show(2);
    badge.show(5);
    expect(trays.length).toBe(1);
    expect(trays[0]!.state.tooltip).toBe("Skillshelf: 5 skill updates available");
    expect(trays[0]!.state.menu[0]).toMatchObject({ label: "5 skill updates available", enabled: false });
    badge.show(0);
    expect(trays[0]!.state.destroyed).toBe(true);
    badge.show(1);
    expect(trays.length).toBe(2);
    expect(badgeCounts).toEqual([0, 2, 5, 0, 1]);
  });

  it("wires the tray menu's items to their actions", () => {
    const { badge, trays, actions } = setup("linux");
    badge.show(1);
    for (const item of trays[0]!.state.menu) (item.click as unknown as (() => void) | undefined)?.();
    expect([actions.showWindow, actions.checkUpdates, actions.quit].map((fn) => fn.mock.calls.length)).toEqual([
      1, 1, 1,
    ]);
  });
});
