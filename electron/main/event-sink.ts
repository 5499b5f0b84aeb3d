// Main's event sink for the handlers: every event goes to our window, and update results also drive the
// badge and the notifications, whoever asked for the check (the page, the menu or the handlers' poller).
import type { EventChannel, IpcEvents } from "../../shared/ipc";
import type { UpdateInfo } from "../../shared/model";

/** Fans one handler event out to the window and, for update results, to the badge and notifier. */
export function createMainEventSink(deps: {
  sendToWindow: <E extends EventChannel>(channel: E, payload: IpcEvents[E]) => unknown;
  onUpdates: (updates: UpdateInfo[]) => void;
}) {
  return <E extends EventChannel>(channel: E, payload: IpcEvents[E]): void => {
    deps.sendToWindow(channel, payload);
    if (channel === "updates:changed") deps.onUpdates(payload as IpcEvents["updates:changed"]);
  };
}
