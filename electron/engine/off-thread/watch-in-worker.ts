// The worker's side of folder watches: Node's recursive fs.watch on Linux walks and watches the whole tree
// synchronously (seconds for 10,000 skills), so a host keeps its watches here and only receives the events.
import { watch, type FSWatcher } from "node:fs";
import type { MessagePort } from "node:worker_threads";
import type { WatchReply, WatchRequest } from "./watch-protocol";

const watches = new Map<number, FSWatcher>();

/** Handles one watch request from the host; every failure is answered as a watch-error, never thrown. */
export function handleWatchRequest(port: MessagePort, request: WatchRequest): void {
  const post = (reply: WatchReply) => port.postMessage(reply);
  if (request.type === "unwatch") {
    watches.get(request.id)?.close();
    watches.delete(request.id);
    return;
  }
  const fail = (error: unknown) => {
    watches.get(request.id)?.close();
    watches.delete(request.id);
    post({ type: "watch-error", id: request.id, code: String((error as NodeJS.ErrnoException)?.code ?? "error") });
  };
  try {
    const watcher = watch(request.root, { recursive: true, persistent: true }, (_event, filename) =>
      post({ type: "watch-event", id: request.id, filename: filename === null ? null : filename.toString() }),
    );
    watcher.on("error", fail);
    watches.set(request.id, watcher);
    post({ type: "watching", id: request.id });
  } catch (error) {
    fail(error);
  }
}
