// The renderer's API object over Electron IPC, made from shared/ipc.ts's tables: one named method per command and per
// event, nothing generic, so the page can reach exactly these channels and no other.
import type { IpcRenderer, IpcRendererEvent } from "electron";
import {
  commandEntries,
  eventEntries,
  unwrapReply,
  wireArgs,
  type CommandMethods,
  type EventChannel,
  type EventMethods,
  type SkillshelfApi,
} from "../../shared/ipc";

/**
 * The two ipcRenderer calls the API needs (injected, so tests need no Electron).
 * Exported for tests: they hand the API a fake ipcRenderer.
 */
export type PreloadIpc = Pick<IpcRenderer, "invoke" | "on" | "removeListener">;

/** Electron's webUtils.getPathForFile: the real path of a dropped File (injected, so tests need no Electron). */
export type PathForFile = (file: File) => string;

/** Builds window.skillshelf: each method invokes its own channel; each `on…` subscribes and returns an unsubscribe. */
export function createSkillshelfApi(ipc: PreloadIpc, pathForFile?: PathForFile) {
  /** Invokes a channel and unwraps main's envelope: the value, or an Error with the handler's own message. */
  const invoke =
    (channel: string) =>
    (...args: unknown[]): Promise<unknown> =>
      ipc.invoke(channel, ...wireArgs(args)).then(unwrapReply);

  const subscribe =
    (channel: EventChannel) =>
    (listener: (payload: unknown) => void): (() => void) => {
      if (typeof listener !== "function") throw new TypeError(`A listener for ${channel} must be a function.`);
      const relay = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
      ipc.on(channel, relay);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        ipc.removeListener(channel, relay);
      };
    };

  const commands = Object.fromEntries(
    commandEntries.map(([method, { channel }]) => [method, invoke(channel)]),
  ) as CommandMethods;
  const events = Object.fromEntries(
    eventEntries.map(([method, channel]) => [method, subscribe(channel)]),
  ) as EventMethods;
  return {
    ...commands,
    ...events,
    pathForDroppedFile: (file: unknown) => {
      if (!pathForFile || typeof File === "undefined" || !(file instanceof File)) return null;
      const path = pathForFile(file);
      return path === "" ? null : path;
    },
  } satisfies SkillshelfApi;
}
