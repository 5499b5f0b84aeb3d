// Electron's desktop integration for the handlers: file manager, editor, browser, folder picker.
import type { BrowserWindow, Dialog, OpenDialogOptions, Shell } from "electron";
import { describe, expect, it } from "vitest";
import { electronDesktopIntegration } from "./desktop";

function setup(
  options: {
    openPathResult?: string;
    dialogResult?: { canceled: boolean; filePaths: string[] };
    window?: BrowserWindow | null;
  } = {},
) {
  const log: string[] = [];
  const shown: OpenDialogOptions[] = [];
  const shell = {
    showItemInFolder: (p: string) => void log.push(`reveal ${p}`),
    openPath: async (p: string) => (log.push(`open ${p}`), options.openPathResult ?? ""),
    openExternal: async (url: string) => void log.push(`external ${url}`),
  } as unknown as Pick<Shell, "showItemInFolder" | "openPath" | "openExternal">;
  const dialog = {
    showOpenDialog: async (...args: [BrowserWindow, OpenDialogOptions] | [OpenDialogOptions]) => {
      const dialogOptions = args.length === 2 ? args[1] : args[0];
      shown.push(dialogOptions);
      log.push(`dialog ${args.length === 2 ? "sheet" : "free"} ${dialogOptions.properties?.join(",")}`);
      return options.dialogResult ?? { canceled: true, filePaths: [] };
    },
  } as unknown as Pick<Dialog, "showOpenDialog" | "showMessageBox">;
  const spawn = async (command: string, args: string[]) => (
    log.push(`spawn ${[command, ...args].join(" ")}`),
    { code: options.openPathResult ? 1 : 0, stdout: "" }
  );
  return {
    log,
    shown,
    desktop: electronDesktopIntegration({
      shell,
      dialog,
      getWindow: () => options.window ?? null,
      platform: "darwin",
      env: {},
      spawn,
    }),
  };
}

describe("electronDesktopIntegration", () => {
  it("reveals in the file manager and opens text with the text editor, never through shell.openPath", async () => {
    const { log, desktop } = setup();
    await desktop.reveal("/skills/pdf/SKILL.md");
    await desktop.openInEditor("/skills/pdf/SKILL.md");
    expect(log).toEqual(["reveal /skills/pdf/SKILL.md", "spawn open -t /skills/pdf/SKILL.md"]);
  });

  it("turns the text editor's failure into an error", async () => {
    const { desktop, log } = setup({ openPathResult: "failed" });
    await expect(desktop.openInEditor("/x.md")).rejects.toThrow(/could not be started/);
    expect(log.some((line) => line.startsWith("open "))).toBe(false);
  });

  it("opens only http(s) links in the browser", async () => {
    const { log, desktop } = setup();
    expect(await desktop.openExternal("file:///etc/passwd")).toBe(false);
    expect(await desktop.openExternal("https://agentskills.io/")).toBe(true);
    expect(log).toEqual(["external https://agentskills.io/"]);
  });

  it("picks a folder with the native dialog, attached to the window, and returns null when cancelled", async () => {
    const window = { isDestroyed: () => false } as unknown as BrowserWindow;
    const picked = setup({ window, dialogResult: { canceled: false, filePaths: ["/work/my-skill"] } });
    expect(await picked.desktop.pickFolder()).toBe("/work/my-skill");
    expect(picked.log).toEqual(["dialog sheet openDirectory"]);
    const cancelled = setup();
    expect(await cancelled.desktop.pickFolder()).toBeNull();
    expect(cancelled.log).toEqual(["dialog free openDirectory"]);
  });

  it("picks a skill folder or archive for Add with the native dialog (archives filtered), only a path back", async () => {
    const window = { isDestroyed: () => false } as unknown as BrowserWindow;
    const picked = setup({ window, dialogResult: { canceled: false, filePaths: ["/work/tidy.zip"] } });
    expect(await picked.desktop.pickAddSource!("archive")).toBe("/work/tidy.zip");
    expect(picked.log).toEqual(["dialog sheet openFile"]);
    expect(picked.shown[0]!.filters?.[0]?.extensions).toEqual(["zip", "skill", "gz", "tgz"]);
    const folder = setup();
    expect(await folder.desktop.pickAddSource!("folder")).toBeNull();
    expect(folder.shown[0]!.properties).toEqual(["openDirectory"]);
  });
});
