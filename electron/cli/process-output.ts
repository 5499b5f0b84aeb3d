// The process's stdout and stderr for the command line, made to survive their reader leaving: `skillshelf validate . |
// head` ends quietly instead of with a stack trace, and a command that writes (`update --yes`) is never cut short by a
// closed pipe — its work finishes, only the rest of its output is dropped.

/** A stream's writer plus what became of it. */
export interface GuardedOutput {
  /** Writes text or bytes, or nothing once the stream has failed. */
  write: (chunk: string | Uint8Array) => void;
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
  const stop = (error: NodeJS.ErrnoException | null | undefined) => {
    if (!error) return;
    stopped = true;
    if (error.code !== "EPIPE") failure ??= error;
  };
  stream.on("error", stop);
  const write = (chunk: string | Uint8Array, done?: () => void) => {
    if (stopped) return done?.();
    try {
      stream.write(chunk, (error) => {
        stop(error);
        done?.();
      });
    } catch (error) {
      stop(error as NodeJS.ErrnoException);
      done?.();
    }
  };
  return {
    write: (chunk) => write(chunk),
    get failure() {
      return failure;
    },
    settled: () => new Promise<void>((resolve) => write("", resolve)),
  };
}

/**
 * The exit code once the output is settled: the command's own, or 1 (a failed operation) when its output could not be
 * written for a reason other than its reader leaving; the reason goes to stderr when stderr still works.
 */
export function exitCodeWithOutput(code: number, stdout: GuardedOutput, stderr: GuardedOutput): number {
  if (!stdout.failure) return code;
  stderr.write(
    `skillshelf: the output could not be written (${stdout.failure.code ?? stdout.failure.message}); it is incomplete.\n`,
  );
  return code === 0 ? 1 : code;
}
