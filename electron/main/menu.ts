// The application menu: the usual App (macOS), File, Edit, View, Window and Help entries, with "Open Folder…"
// for author mode. A pure template, so every platform's menu is tested without Electron.
import type { MenuItemConstructorOptions } from "electron";

/** What the app's own menu items do; main wires them to the window and the handlers. */
export interface MenuActions {
  openFolder(): void;
  checkUpdates(): void;
  openExternal(url: string): void;
}

/** Links the Help menu opens in the browser. */
const helpLinks = {
  skillsSpec: "https://agentskills.io/specification",
  pluginsSpec: "https://agent-plugins.org/",
} as const;

/** The menu for one platform; `developer` adds the developer tools toggle (never in a packaged app). */
export function buildMenuTemplate(options: {
  platform: NodeJS.Platform;
  appName: string;
  developer: boolean;
  actions: MenuActions;
}): MenuItemConstructorOptions[] {
  const { platform, appName, developer, actions } = options;
  const mac = platform === "darwin";
  const openFolder: MenuItemConstructorOptions = {
    label: "Open Folder…",
    accelerator: "CmdOrCtrl+O",
    click: () => actions.openFolder(),
  };
  const checkUpdates: MenuItemConstructorOptions = {
    label: "Check for Updates Now",
    click: () => actions.checkUpdates(),
  };

  const appMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      { role: "about" },
      checkUpdates,
      { type: "separator" },
      { role: "services" },
      { type: "separator" },
      { role: "hide" },
      { role: "hideOthers" },
      { role: "unhide" },
      { type: "separator" },
      { role: "quit" },
    ],
  };
  const fileMenu: MenuItemConstructorOptions = {
    label: "File",
    submenu: mac
      ? [openFolder, { type: "separator" }, { role: "close" }]
      : [openFolder, checkUpdates, { type: "separator" }, { role: "quit" }],
  };
  const editMenu: MenuItemConstructorOptions = {
    label: "Edit",
    submenu: [
      { role: "undo" },
      { role: "redo" },
      { type: "separator" },
      { role: "cut" },
      { role: "copy" },
      { role: "paste" },
      { role: "selectAll" },
    ],
  };
  const viewMenu: MenuItemConstructorOptions = {
    label: "View",
    submenu: [
      { role: "reload" },
      ...(developer ? [{ role: "toggleDevTools" } as const] : []),
      { type: "separator" },
      { role: "resetZoom" },
      { role: "zoomIn" },
      { role: "zoomOut" },
      { type: "separator" },
      { role: "togglefullscreen" },
    ],
  };
  const windowMenu: MenuItemConstructorOptions = {
    label: "Window",
    submenu: mac
      ? [{ role: "minimize" }, { role: "zoom" }, { type: "separator" }, { role: "front" }]
      : [{ role: "minimize" }, { role: "close" }],
  };
  const helpMenu: MenuItemConstructorOptions = {
    role: "help",
    submenu: [
      { label: "Agent Skills Specification", click: () => actions.openExternal(helpLinks.skillsSpec) },
      { label: "Agent Plugins Specification", click: () => actions.openExternal(helpLinks.pluginsSpec) },
      ...(mac ? [] : [{ type: "separator" } as const, { role: "about" } as const]),
    ],
  };
  return [...(mac ? [appMenu] : []), fileMenu, editMenu, viewMenu, windowMenu, helpMenu];
}
