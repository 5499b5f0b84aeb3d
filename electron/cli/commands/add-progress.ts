// What `add` shows while it gets a source: on a terminal one line rewritten in place, otherwise a plain line per stage
// (and per quarter of a download) on stderr; and Ctrl-C (SIGINT) while it downloads cancels it, leaving nothing behind.
import type { TaskProgress } from "../../../shared/model";
import type { CliIo } from "../command";
import { safe } from "./report-format";

/** A progress printer for stderr: `onProgress` to pass on, `done` to end a rewritten line. */
export function addProgressPrinter(
  io: CliIo,
  terminal: boolean,
): { onProgress: (p: TaskProgress) => void; done: () => void } {
  let lastTitle = "";
  let lastQuarter = -1;
  let open = false;
  const line = (p: TaskProgress) =>
    `${safe(p.title)}${p.value >= 0 && p.value < 1 ? `: ${Math.round(p.value * 100)}%` : ""}${p.detail ? ` (${safe(p.detail)})` : ""}`;
  return {
    onProgress: (p) => {
      if (terminal) {
        io.stderr(`\r\u001b[2K${line(p)}`);
        open = true;
        return;
      }
      const quarter = p.value < 0 ? -1 : Math.floor(p.value * 4);
      if (p.title === lastTitle && quarter <= lastQuarter) return;
      lastTitle = p.title;
      lastQuarter = quarter;
      io.stderr(`${line(p)}\n`);
    },
    done: () => {
      if (open) io.stderr("\r\u001b[2K");
      open = false;
    },
  };
}

/** Runs `work` with a signal that SIGINT aborts (instead of killing the process mid-write); the handler is removed after. */
export async function cancellableBySigint<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.on("SIGINT", stop);
  try {
    return await work(controller.signal);
  } finally {
    process.off("SIGINT", stop);
  }
}
