// Desktop integration for the handlers in Electron: the file manager, the default editor, the browser and the
// native folder picker, each behind the same checks the web host applies.
import type { BrowserWindow, Dialog, Shell } from "electron";
import type { DesktopIntegration } from "../handlers/context";
import { openExternalSafely } from "./security";

/** Builds the DesktopIntegration main passes to the handlers, from Electron's shell and dialog. */
export function electronDesktopIntegration(deps: {
  shell: Pick<Shell, "showItemInFolder" | "openPath" | "openExternal">;
  dialog: Pick<Dialog, "showOpenDialog">;
  getWindow: () => BrowserWindow | null;
}): DesktopIntegration {
  return {
    async reveal(target) {
      deps.shell.showItemInFolder(target);
    },
    async openInEditor(target) {
      const problem = await deps.shell.openPath(target);
      if (problem) throw new Error(`Skillshelf could not open ${target}: ${problem}`);
    },
    openExternal: (url) => openExternalSafely(deps.shell, url),
    async pickFolder() {
      const window = deps.getWindow();
      const options = { title: "Open a skill or plugin folder", buttonLabel: "Open", properties: ["openDirectory" as const] };
      const result = window && !window.isDestroyed() ? await deps.dialog.showOpenDialog(window, options) : await deps.dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
  };
}
