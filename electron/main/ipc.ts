// The one door from the renderer into main: every command of shared/ipc.ts is registered through handle(),
// which checks who is calling and what they pass before any handler runs; events go to our window only.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from "electron";
import { isAppPageUrl } from "./app-page";
import { replyOf } from "../handlers/errors";
import {
  commandEntries,
  handlerOf,
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
  const channels = commandEntries.map(([, { channel, args }]) => ({
    channel,
    args,
    handler: handlerOf(handlers, channel),
  }));
  for (const { channel, args: accepts, handler } of channels) {
    ipcMain.handle(channel, (event, ...args: unknown[]) => handle(channel, accepts, handler, checkSender(event), args));
  }
  return () => channels.forEach(({ channel }) => ipcMain.removeHandler(channel));
}

/** Registers every command on Electron's own ipcMain, the one place main touches it raw (loaded on call: tests need no Electron). */
export async function registerCommandsOnIpcMain(
  handlers: CommandHandlers,
  checkSender: SenderCheck,
): Promise<() => void> {
  const { ipcMain } = await import("electron");
  return registerCommands(ipcMain, handlers, checkSender);
}

/**
 * The one wrapper of every command: a foreign sender or arguments the table's validator refuses reject before the
 * handler runs; otherwise the handler's outcome goes back in the envelope.
 */
async function handle(
  channel: CommandChannel,
  accepts: (args: readonly unknown[]) => boolean,
  handler: (...handlerArgs: unknown[]) => Promise<unknown>,
  senderProblem: string | null,
  args: unknown[],
): Promise<unknown> {
  if (senderProblem) throw new IpcRefusedError(channel, senderProblem);
  if (!accepts(args)) throw new IpcRefusedError(channel, "its arguments are not what the command accepts");
  return replyOf(() => handler(...args), PACKED_REPLIES[channel]);
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
