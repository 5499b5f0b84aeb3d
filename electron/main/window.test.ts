// The main window: created with the secure preferences, restored from and saved to the state file, loading
// our own page over app:// and shown once ready.
import { EventEmitter } from "node:events";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BrowserWindow, BrowserWindowConstructorOptions } from "electron";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test-support/tmp";
import { setupWindow } from "./window";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

function fakeWindowFactory() {
  type FakeWindow = EventEmitter & { moveTo(x: number, y: number): void };
  const made: {
    options: BrowserWindowConstructorOptions;
    window: FakeWindow;
    loaded: string[];
    shown: number;
    maximized: boolean;
  }[] = [];
  const createWindow = (options: BrowserWindowConstructorOptions) => {
    const record = {
      options,
      loaded: [] as string[],
      shown: 0,
      maximized: false,
      window: null as unknown as FakeWindow,
    };
    const bounds = { x: options.x!, y: options.y!, width: options.width!, height: options.height! };
    record.window = Object.assign(new EventEmitter(), {
      isDestroyed: () => false,
      maximize: () => void (record.maximized = true),
      isMaximized: () => record.maximized,
      getNormalBounds: () => bounds,
      show: () => void (record.shown += 1),
      loadURL: async (url: string) => void record.loaded.push(url),
      moveTo: (x: number, y: number) => void Object.assign(bounds, { x, y }),
    });
    made.push(record);
    return record.window as unknown as BrowserWindow;
  };
  return { made, createWindow };
}

describe("the window's options", () => {
  /** The options setupWindow creates the window with, for a saved state and a theme. */
  async function optionsFor(bounds: { x: number; y: number; width: number; height: number }, dark: boolean) {
    const { dir, cleanup } = await makeTempDir();
    cleanups.push(cleanup);
    const stateFile = path.join(dir, "window-state.json");
    await writeFile(stateFile, JSON.stringify({ bounds, maximized: false }));
    const { made, createWindow } = fakeWindowFactory();
    await setupWindow({
      createWindow,
      workAreas: () => [{ x: 0, y: 0, width: 1920, height: 1080 }],
      platform: "linux",
      dark,
      stateFile,
      preloadPath: "/app/preload.cjs",
      indexUrl: "app://skillshelf/index.html",
    });
    return made[0]!.options;
  }

  it("uses the restored bounds, hides the window until painted and locks down the page", async () => {
    const options = await optionsFor({ x: 10, y: 20, width: 900, height: 700 }, false);
    expect(options).toMatchObject({ x: 10, y: 20, width: 900, height: 700, show: false, title: "Skillshelf" });
    expect(options.backgroundColor).toBe("#f6f7f9");
    expect((await optionsFor({ x: 0, y: 0, width: 900, height: 700 }, true)).backgroundColor).toBe("#1f2126");
    expect(options.webPreferences).toMatchObject({
      preload: "/app/preload.cjs",
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
  });
});

describe("setupWindow", () => {
  it("restores the saved state, loads the index over app://, shows when ready and saves where it was left", async () => {
    const { dir, cleanup } = await makeTempDir();
    cleanups.push(cleanup);
    const stateFile = path.join(dir, "userData", "window-state.json");
    const { made, createWindow } = fakeWindowFactory();
    const deps = {
      createWindow,
      workAreas: () => [{ x: 0, y: 0, width: 1920, height: 1080 }],
      platform: "linux" as const,
      dark: false,
      stateFile,
      preloadPath: "/app/preload.cjs",
      indexUrl: "app://skillshelf/index.html",
    };

    await setupWindow(deps);
    const first = made[0]!;
    expect(first.options).toMatchObject({ x: 360, y: 150, width: 1200, height: 780 });
    expect(first.loaded).toEqual(["app://skillshelf/index.html"]);
    expect(first.shown).toBe(0);
    first.window.emit("ready-to-show");
    expect(first.shown).toBe(1);

    first.window.moveTo(100, 50);
    first.window.emit("close");
    await expect
      .poll(async () => JSON.parse(await readFile(stateFile, "utf8").catch(() => "null")))
      .toEqual({ bounds: { x: 100, y: 50, width: 1200, height: 780 }, maximized: false });

    await writeFile(
      stateFile,
      JSON.stringify({ bounds: { x: 1500, y: 50, width: 800, height: 600 }, maximized: true }),
    );
    await setupWindow(deps);
    const second = made[1]!;
    expect(second.options).toMatchObject({ x: 1120, y: 50, width: 800, height: 600 });
    expect(second.maximized).toBe(true);
  });
});
