// The application menu on each platform: the usual entries, "Open Folder…" for author mode, no dev tools in
// a packaged app, and the app's own items wired to their actions.
import type { MenuItemConstructorOptions } from "electron";
import { describe, expect, it, vi } from "vitest";
import { buildMenuTemplate } from "./menu";

function build(platform: NodeJS.Platform, developer = false) {
  const actions = { openFolder: vi.fn(), checkUpdates: vi.fn(), openExternal: vi.fn() };
  return { actions, template: buildMenuTemplate({ platform, appName: "Skillshelf", developer, actions }) };
}

const items = (menu: MenuItemConstructorOptions | undefined) => (menu?.submenu ?? []) as MenuItemConstructorOptions[];
const topLabels = (template: MenuItemConstructorOptions[]) => template.map((menu) => menu.label ?? menu.role);
const find = (template: MenuItemConstructorOptions[], label: string) =>
  template.flatMap(items).find((item) => item.label === label);
const click = (item: MenuItemConstructorOptions | undefined) => (item?.click as unknown as () => void)();

describe("buildMenuTemplate", () => {
  it("has the macOS app menu first, then File, Edit, View, Window and Help", () => {
    const { template } = build("darwin");
    expect(topLabels(template)).toEqual(["Skillshelf", "File", "Edit", "View", "Window", "help"]);
    expect(items(template[0]).map((item) => item.role ?? item.label ?? item.type)).toEqual(
      expect.arrayContaining(["about", "services", "hide", "hideOthers", "unhide", "quit"]),
    );
  });

  it.each(["win32", "linux"] as const)(
    "has File, Edit, View, Window and Help on %s, with Quit in File and About in Help",
    (platform) => {
      const { template } = build(platform);
      expect(topLabels(template)).toEqual(["File", "Edit", "View", "Window", "help"]);
      expect(items(template[0]).some((item) => item.role === "quit")).toBe(true);
      expect(items(template[4]).some((item) => item.role === "about")).toBe(true);
    },
  );

  it.each(["darwin", "win32", "linux"] as const)(
    "offers Open Folder… (Ctrl/Cmd+O), the edit roles and zoom on %s",
    (platform) => {
      const { template, actions } = build(platform);
      const open = items(template.find((menu) => menu.label === "File")).find((item) => item.label === "Open Folder…");
      expect(open?.accelerator).toBe("CmdOrCtrl+O");
      click(open);
      expect(actions.openFolder).toHaveBeenCalledOnce();
      const editRoles = items(template.find((menu) => menu.label === "Edit")).map((item) => item.role);
      expect(editRoles).toEqual(expect.arrayContaining(["undo", "redo", "cut", "copy", "paste", "selectAll"]));
      const viewRoles = items(template.find((menu) => menu.label === "View")).map((item) => item.role);
      expect(viewRoles).toEqual(
        expect.arrayContaining(["reload", "resetZoom", "zoomIn", "zoomOut", "togglefullscreen"]),
      );
    },
  );

  it("shows the developer tools toggle only in development", () => {
    const roles = (developer: boolean) =>
      build("linux", developer)
        .template.flatMap(items)
        .map((item) => item.role);
    expect(roles(false)).not.toContain("toggleDevTools");
    expect(roles(true)).toContain("toggleDevTools");
  });

  it("wires Check for Updates and the Help links to their actions", () => {
    const { template, actions } = build("darwin");
    click(find(template, "Check for Updates Now"));
    expect(actions.checkUpdates).toHaveBeenCalledOnce();
    click(find(template, "Agent Skills Specification"));
    click(find(template, "Agent Plugins Specification"));
    expect(actions.openExternal.mock.calls).toEqual([
      ["https://agentskills.io/specification"],
      ["https://agent-plugins.org/"],
    ]);
  });
});
