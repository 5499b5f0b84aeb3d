// The one door from the renderer into main: every command of shared/ipc.ts is registered through handle(),
// which checks who is calling and what they pass before any handler runs; events go to our window only.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from "electron";
import { isAppPageUrl } from "./app-page";
import { replyOf } from "../handlers/errors";
import {
  commandArgs,
  PACKED_REPLIES,
  type CommandChannel,
  type CommandHandlers,
  type EventChannel,
  type IpcEvents,
} from "../../shared/ipc";

/** Thrown (and so rejected in the renderer) when a call is refused; the handler never sees it. */
class IpcRefusedError extends Error {
  constructor(channel: string, reason: string) {
    super(`Skillshelf refused the call to "${channel}": ${reason}`);
    this.name = "IpcRefusedError";
  }
}

/** Decides whether an invoke event comes from our window's main frame showing our own page. */
export type SenderCheck = (event: IpcMainInvokeEvent) => string | null;

/** Builds the sender check: the event must come from our window's WebContents, its main frame, at our index URL. */
export function createSenderCheck(getWindowContents: () => WebContents | null, indexUrl: string): SenderCheck {
  return (event) => {
    const ours = getWindowContents();
    if (!ours || ours.isDestroyed() || event.sender !== ours) return "the sender is not the Skillshelf window";
    const frame = event.senderFrame;
    if (!frame) return "the sending frame is gone";
    if (frame !== ours.mainFrame) return "the sender is not the window's main frame";
    if (!isAppPageUrl(frame.url, indexUrl)) return "the sending page is not the Skillshelf page";
    return null;
  };
}

/**
 * Registers every command on ipcMain through the one wrapper; returns a function that removes them all. A refused call
 * rejects; a call that reached its handler answers in the envelope the web host uses (`{ok, value}` or
 * `{ok: false, error: {message, cause}}`), which the preload unwraps, so the page sees the handler's own words.
 * Exported for tests: they register on a fake ipcMain (registerCommandsOnIpcMain loads Electron).
 */
export function registerCommands(
  ipcMain: Pick<IpcMain, "handle" | "removeHandler">,
  handlers: CommandHandlers,
  checkSender: SenderCheck,
): () => void {
  const channels = Object.keys(commandArgs) as CommandChannel[];
  for (const channel of channels) {
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      const refused = refusalOf(channel, checkSender, event, args);
      if (refused) throw refused;
      return replyOf(() => handle(channel, handlers, checkSender, event, args), PACKED_REPLIES[channel]);
    });
  }
  return () => channels.forEach((channel) => ipcMain.removeHandler(channel));
}

/** Registers every command on Electron's own ipcMain, the one place main touches it raw (loaded on call: tests need no Electron). */
export async function registerCommandsOnIpcMain(
  handlers: CommandHandlers,
  checkSender: SenderCheck,
): Promise<() => void> {
  const { ipcMain } = await import("electron");
  return registerCommands(ipcMain, handlers, checkSender);
}

/** Why a call is refused (a foreign sender, arguments the command does not accept), or null. */
function refusalOf(
  channel: CommandChannel,
  checkSender: SenderCheck,
  event: IpcMainInvokeEvent,
  args: unknown[],
): IpcRefusedError | null {
  const senderProblem = checkSender(event);
  if (senderProblem) return new IpcRefusedError(channel, senderProblem);
  const validate = commandArgs[channel];
  if (!validate(args)) return new IpcRefusedError(channel, "its arguments are not what the command accepts");
  return null;
}

/** Checks the sender, then the arguments, then calls the handler: a refused call throws and reaches nothing. */
async function handle(
  channel: CommandChannel,
  handlers: CommandHandlers,
  checkSender: SenderCheck,
  event: IpcMainInvokeEvent,
  args: unknown[],
): Promise<unknown> {
  const refused = refusalOf(channel, checkSender, event, args);
  if (refused) throw refused;
  const handler = handlers[channel] as (...handlerArgs: unknown[]) => Promise<unknown>;
  return handler(...args);
}

/** Sends events to our window only, and only while it is alive. */
export function createWindowEventSender(getWindowContents: () => WebContents | null) {
  return <E extends EventChannel>(channel: E, payload: IpcEvents[E]): boolean => {
    const contents = getWindowContents();
    if (!contents || contents.isDestroyed()) return false;
    contents.send(channel, payload);
    return true;
  };
}
