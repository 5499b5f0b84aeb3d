// One instance: the lock decides whether to run, and a second launch brings the existing window forward.
import { EventEmitter } from "node:events";
import type { App } from "electron";
import { describe, expect, it, vi } from "vitest";
import { focusWindow, setupSingleInstance } from "./single-instance";

function fakeWindow(options: { minimized?: boolean; visible?: boolean; destroyed?: boolean } = {}) {
  return {
    isDestroyed: () => options.destroyed ?? false,
    isMinimized: () => options.minimized ?? false,
    isVisible: () => options.visible ?? true,
    restore: vi.fn(),
    show: vi.fn(),
    focus: vi.fn(),
  };
}

function fakeApp(gotLock: boolean) {
  return Object.assign(new EventEmitter(), { requestSingleInstanceLock: () => gotLock }) as unknown as Pick<
    App,
    "requestSingleInstanceLock" | "on"
  > &
    EventEmitter;
}

describe("setupSingleInstance", () => {
  it("says to quit when another instance holds the lock", () => {
    const app = fakeApp(false);
    expect(setupSingleInstance(app, () => null)).toBe(false);
    expect(app.listenerCount("second-instance")).toBe(0);
  });

  it("brings the window forward, restored and shown, when a second instance starts", () => {
    const app = fakeApp(true);
    const window = fakeWindow({ minimized: true, visible: false });
    expect(setupSingleInstance(app, () => window)).toBe(true);
    app.emit("second-instance", {}, ["skillshelf"], "/", {});
    expect(window.restore).toHaveBeenCalledOnce();
    expect(window.show).toHaveBeenCalledOnce();
    expect(window.focus).toHaveBeenCalledOnce();
  });

  it("does nothing to a window that is gone", () => {
    expect(focusWindow(null)).toBe(false);
    const gone = fakeWindow({ destroyed: true });
    expect(focusWindow(gone)).toBe(false);
    expect(gone.focus).not.toHaveBeenCalled();
  });
});
