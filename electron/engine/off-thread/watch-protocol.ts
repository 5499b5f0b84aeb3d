// The messages between a catalog watcher and the worker that holds its recursive folder watches.

/** Host → worker: start or stop watching a folder (recursively) under an id. */
export type WatchRequest = { type: "watch"; id: number; root: string } | { type: "unwatch"; id: number };

/** Worker → host: a watch is in place, something changed under a watched folder, or its watch failed (and was closed). */
export type WatchReply =
  | { type: "watching"; id: number }
  | { type: "watch-event"; id: number; filename: string | null }
  | { type: "watch-error"; id: number; code: string };
