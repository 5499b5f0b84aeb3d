// The process's stdout and stderr for the command line, made to survive their reader leaving: `skillshelf validate . |
// head` ends quietly instead of with a stack trace, and a command that writes (`update --yes`) is never cut short by a
// closed pipe — its work finishes, only the rest of its output is dropped.

/** A stream's writers plus what became of it. */
export interface GuardedOutput {
  text: (text: string) => void;
  bytes: (bytes: Uint8Array) => void;
  /** The error that stopped the output other than its reader leaving (a full disk, say), or null. */
  readonly failure: NodeJS.ErrnoException | null;
  /** Resolves once what was written has been taken or has failed (a write's error arrives after it). */
  settled: () => Promise<void>;
}

/**
 * Writes to `stream` until it fails. EPIPE (the reader has gone, as `head` does) drops the rest silently; any other
 * error drops the rest too and is kept in `failure`, so the command can say its output is incomplete.
 */
export function guardOutput(stream: NodeJS.WritableStream): GuardedOutput {
  let stopped = false;
  let failure: NodeJS.ErrnoException | null = null;
  const stop = (error: NodeJS.ErrnoException) => {
    stopped = true;
    if (error.code !== "EPIPE") failure ??= error;
  };
  stream.on("error", stop);
  const write = (chunk: string | Uint8Array) => {
    if (stopped) return;
    try {
      stream.write(chunk);
    } catch (error) {
      stop(error as NodeJS.ErrnoException);
    }
  };
  return {
    text: write,
    bytes: write,
    get failure() {
      return failure;
    },
    settled: () =>
      new Promise<void>((resolve) => {
        if (stopped) return resolve();
        try {
          stream.write("", (error) => {
            if (error) stop(error);
            resolve();
          });
        } catch (error) {
          stop(error as NodeJS.ErrnoException);
          resolve();
        }
      }),
  };
}

/**
 * The exit code once the output is settled: the command's own, or 1 (a failed operation) when its output could not be
 * written for a reason other than its reader leaving; the reason goes to stderr when stderr still works.
 */
export function exitCodeWithOutput(code: number, stdout: GuardedOutput, stderr: GuardedOutput): number {
  if (!stdout.failure) return code;
  stderr.text(
    `skillshelf: the output could not be written (${stdout.failure.code ?? stdout.failure.message}); it is incomplete.\n`,
  );
  return code === 0 ? 1 : code;
}
