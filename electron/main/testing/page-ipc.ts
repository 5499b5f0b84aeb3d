// Main's IPC door as the app page meets it, for tests: handlers registered through the real registerCommands and
// sender check, called with an event from the app's own page, and the answer unwrapped as the preload unwraps it.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from "electron";
import { unwrapReply, type CommandHandlers } from "../../../shared/ipc";
import { createSenderCheck, registerCommands } from "../ipc";
import { appPaths } from "../paths";

/** Registers `handlers` as main does and returns a call made the way the app page makes it. */
export function pageIpcCaller(handlers: CommandHandlers): <T>(channel: string, ...args: unknown[]) => Promise<T> {
  const registered = new Map<string, (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>>();
  const ipcMain = {
    handle: (channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>) =>
      void registered.set(channel, listener),
    removeHandler: () => undefined,
  };
  const { indexUrl } = appPaths("/opt/skillshelf/dist/main");
  const contents = {
    mainFrame: { url: indexUrl },
    isDestroyed: () => false,
    send: () => undefined,
  } as unknown as WebContents;
  registerCommands(
    ipcMain as unknown as Pick<IpcMain, "handle" | "removeHandler">,
    handlers,
    createSenderCheck(() => contents, indexUrl),
  );
  const event = { sender: contents, senderFrame: contents.mainFrame } as unknown as IpcMainInvokeEvent;
  return <T>(channel: string, ...args: unknown[]) =>
    registered.get(channel)!(event, ...args).then(unwrapReply) as Promise<T>;
}
