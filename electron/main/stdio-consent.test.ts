// Stdio consent in Electron: the page can only ask main to review; main's native dialog lists the exact commands,
// and only the user's "Allow" there approves them. Approval by id from the page is refused at main's IPC door.
import type { BrowserWindow, Dialog, MessageBoxOptions, Shell } from "electron";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test-support/tmp";
import type { UpdateInfo } from "../../shared/model";
import type { StdioServerList } from "../../shared/stdio-servers";
import { createEngine } from "../handlers/engine";
import { createHandlerSession } from "../handlers/handlers";
import {
  alphaLatest,
  STDIO_SERVER_SCRIPT,
  stdioConfigFile,
  writeStdioConfig,
  writeStdioHome,
} from "../handlers/testing/stdio-home";
import { electronDesktopIntegration } from "./desktop";
import { pageIpcCaller } from "./testing/page-ipc";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function mainWithDialog(answer: () => number) {
  const tmp = await makeTempDir();
  closers.push(tmp.cleanup);
  const scanOptions = await writeStdioHome(tmp.dir);
  const shown: MessageBoxOptions[] = [];
  const dialog = {
    showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
    showMessageBox: async (...args: [BrowserWindow, MessageBoxOptions] | [MessageBoxOptions]) => (
      shown.push(args.length === 2 ? args[1] : args[0]),
      { response: answer(), checkboxChecked: false }
    ),
  } as unknown as Pick<Dialog, "showOpenDialog" | "showMessageBox">;
  const shell = { showItemInFolder: () => undefined, openExternal: async () => undefined } as unknown as Pick<
    Shell,
    "showItemInFolder" | "openExternal"
  >;
  const desktop = electronDesktopIntegration({ shell, dialog, getWindow: () => null });
  const session = createHandlerSession({
    host: "electron",
    scanOptions,
    desktop,
    emit: () => undefined,
    engine: createEngine(scanOptions),
    liveCatalog: false,
  });
  closers.push(() => session.dispose());
  const call = pageIpcCaller(session.handlers);
  await call("catalog:scan");
  return { call, shown, home: scanOptions.home };
}

describe("stdio consent in Electron main", () => {
  it("starts nothing until the user allows the exact commands in main's dialog, and asks again when the arguments change", async () => {
    let response = 0;
    const { call, shown, home } = await mainWithDialog(() => response);
    const latest = async (force: boolean) => alphaLatest(await call<UpdateInfo[]>("updates:check", force));
    await expect(call("settings:update", { askStdioServers: true })).rejects.toThrow();
    const listed = await call<StdioServerList>("stdio:list");
    expect(listed.approval).toBe("dialog");
    await expect(call("stdio:approve", listed.servers[0]!.id)).rejects.toThrow(/dialog/);
    expect(await latest(true)).toBeNull();

    expect((await call<StdioServerList>("stdio:review")).servers[0]!.approved).toBe(false);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.detail).toContain(`${process.execPath} ${STDIO_SERVER_SCRIPT} alpha 2.0.0`);
    expect(shown[0]!.detail).toContain(stdioConfigFile(home));
    expect(shown[0]!.detail).toContain("SKILL_META_TOKEN");
    expect(shown[0]!.detail).not.toContain("expected");
    expect(shown[0]).toMatchObject({ buttons: ["Don't allow", "Allow"], defaultId: 0, cancelId: 0 });
    expect(await latest(true)).toBeNull();

    response = 1;
    expect((await call<StdioServerList>("stdio:review")).servers[0]!.approved).toBe(true);
    expect(await latest(false)).toBe("2.0.0");

    await writeStdioConfig(home, "3.0.0");
    expect(await latest(true)).toBeNull();
    response = 0;
    await call("stdio:review");
    expect(shown.at(-1)!.detail).toContain(`${process.execPath} ${STDIO_SERVER_SCRIPT} alpha 3.0.0`);
    expect(await latest(true)).toBeNull();
    response = 1;
    await call("stdio:review");
    expect(await latest(false)).toBe("3.0.0");
  });

  it("shows control characters and spaces in a command visibly, so the dialog cannot be made to read differently", async () => {
    const shown: MessageBoxOptions[] = [];
    const dialog = {
      showMessageBox: async (...args: [BrowserWindow, MessageBoxOptions] | [MessageBoxOptions]) => (
        shown.push(args.length === 2 ? args[1] : args[0]),
        { response: 0, checkboxChecked: false }
      ),
    } as unknown as Pick<Dialog, "showOpenDialog" | "showMessageBox">;
    const shell = { showItemInFolder: () => undefined, openExternal: async () => undefined } as unknown as Pick<
      Shell,
      "showItemInFolder" | "openExternal"
    >;
    const desktop = electronDesktopIntegration({ shell, dialog, getWindow: () => null });
    await desktop.confirmStdioServers!([
      {
        id: "a".repeat(32),
        name: "evil\u001b[2J",
        configFile: "/h/.claude.json",
        command: "sh",
        args: ["-c", "echo hi\rrm -rf ~"],
        cwd: null,
        envNames: [],
        approved: false,
      },
    ]);
    const [{ detail }] = shown as [MessageBoxOptions];
    expect(detail).toContain('sh -c "echo hi\\rrm -rf ~"');
    expect(detail).toContain("evil\\x1b[2J");
    expect(detail).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
  });
});
