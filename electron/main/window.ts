// The main window: secure preferences, restored bounds, our own page over app://, shown once painted, and its
// size and position saved as the user moves it.
import type { BrowserWindow, BrowserWindowConstructorOptions, Rectangle } from "electron";
import { readJsonFile, writeJsonFile } from "./json-file";
import { secureWebPreferences } from "./security";
import { minimumWindowSize, restoreWindowState, type WindowState } from "./window-state";

/** The constructor options of the main window (pure, so the security settings are tested as written). */
function mainWindowOptions(
  state: WindowState,
  preloadPath: string,
  platform: NodeJS.Platform,
  dark: boolean,
): BrowserWindowConstructorOptions {
  return {
    ...state.bounds,
    minWidth: minimumWindowSize.width,
    minHeight: minimumWindowSize.height,
    title: "Skillshelf",
    show: false,
    backgroundColor: dark ? "#1f2126" : "#f6f7f9",
    autoHideMenuBar: false,
    ...(platform === "darwin" ? { titleBarStyle: "default" as const } : {}),
    webPreferences: secureWebPreferences(preloadPath),
  };
}

/** What setupWindow needs, injected: Electron's BrowserWindow and screen, and where files are. */
export interface WindowDeps {
  createWindow: (options: BrowserWindowConstructorOptions) => BrowserWindow;
  workAreas: () => Rectangle[];
  platform: NodeJS.Platform;
  /** Whether the OS uses a dark theme (the colour behind the page until it paints). */
  dark: boolean;
  stateFile: string;
  preloadPath: string;
  /** The page to load: app://skillshelf/index.html (never a file: URL). */
  indexUrl: string;
  onError?: (error: unknown) => void;
}

/** Opens the window where it was left and keeps its state saved; resolves once the page load has started. */
export async function setupWindow(deps: WindowDeps): Promise<BrowserWindow> {
  const state = restoreWindowState(await readJsonFile(deps.stateFile), deps.workAreas());
  const window = deps.createWindow(mainWindowOptions(state, deps.preloadPath, deps.platform, deps.dark));
  if (state.maximized) window.maximize();
  window.once("ready-to-show", () => window.show());

  let saveTimer: NodeJS.Timeout | null = null;
  const save = () => {
    if (window.isDestroyed()) return;
    const current: WindowState = { bounds: window.getNormalBounds(), maximized: window.isMaximized() };
    writeJsonFile(deps.stateFile, current).catch((error: unknown) => deps.onError?.(error));
  };
  const saveSoon = () => {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = setTimeout(save, 500);
  };
  window.on("resize", saveSoon);
  window.on("move", saveSoon);
  window.on("maximize", saveSoon);
  window.on("unmaximize", saveSoon);
  window.on("close", () => {
    if (saveTimer) clearTimeout(saveTimer);
    save();
  });

  window.loadURL(deps.indexUrl).catch((error: unknown) => deps.onError?.(error));
  return window;
}
