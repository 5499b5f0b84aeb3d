// Desktop integration for the handlers in Electron: the file manager, a text editor for text files, the browser and
// the native folder picker. Files are never handed to shell.openPath, which would run a program.
import type { BrowserWindow, Dialog, Shell } from "electron";
import { openAsText, spawnProgram, type Spawner } from "../engine/open/opener";
import type { DesktopIntegration } from "../handlers/context";
import { openExternalSafely } from "./security";

/** Builds the DesktopIntegration main passes to the handlers, from Electron's shell and dialog. */
export function electronDesktopIntegration(deps: {
  shell: Pick<Shell, "showItemInFolder" | "openExternal">;
  dialog: Pick<Dialog, "showOpenDialog">;
  getWindow: () => BrowserWindow | null;
  /** Starts the text editor (the real spawner unless a test injects its own). */
  spawn?: Spawner;
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
}): DesktopIntegration {
  const opener = { platform: deps.platform ?? process.platform, env: deps.env ?? process.env, spawn: deps.spawn ?? spawnProgram };
  return {
    async reveal(target) {
      deps.shell.showItemInFolder(target);
    },
    openInEditor: (target) => openAsText(target, opener),
    openExternal: (url) => openExternalSafely(deps.shell, url),
    async pickFolder() {
      const window = deps.getWindow();
      const options = { title: "Open a skill or plugin folder", buttonLabel: "Open", properties: ["openDirectory" as const] };
      const result = window && !window.isDestroyed() ? await deps.dialog.showOpenDialog(window, options) : await deps.dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
  };
}
