// The messages between the host's thread and its task worker: one call of a named engine function, its answer back.

/** Host → worker: run task `name` with these (structured-clonable) arguments. */
export interface TaskRequest {
  type: "task";
  id: number;
  name: string;
  args: unknown[];
}

/** Worker → host: a task's value, or the message of what it threw. */
export type TaskReply =
  | { type: "task-done"; id: number; value: unknown }
  | { type: "task-failed"; id: number; message: string; name?: string };
