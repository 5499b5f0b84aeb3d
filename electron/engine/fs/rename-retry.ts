// A folder rename on Windows fails with EPERM, EBUSY or EACCES while another program (an antivirus scan, a search
// indexer, an editor or a terminal open in the folder) holds a file in it open, usually for a moment: the rename is
// retried with a bounded backoff, as npm's graceful-fs and VS Code do, and a lasting failure says what held it.
import { rename } from "node:fs/promises";

/** The codes Windows gives a rename while something holds the folder open. */
const HELD_CODES = new Set(["EPERM", "EBUSY", "EACCES"]);

/**
 * How long to wait before each retry (about 3 s in all), then give up.
 * Exported for tests: they check the waits taken.
 */
export const RENAME_RETRY_DELAYS_MS = [20, 40, 80, 160, 320, 640, 1000, 1000];

/** Settings and faults a test can inject; production code leaves them alone. Exported for tests: they set the platform, faults and sleep. */
export const renameRetry: {
  platform: NodeJS.Platform;
  /** Called before each attempt; a throw is that attempt's failure (an injected fault). */
  fault: ((from: string, to: string) => void) | null;
  sleep: (ms: number) => Promise<void>;
} = {
  platform: process.platform,
  fault: null,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** rename(2) that, on Windows, retries while another program holds the folder; elsewhere a plain rename. */
export async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      renameRetry.fault?.(from, to);
      await rename(from, to);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "";
      if (renameRetry.platform !== "win32" || !HELD_CODES.has(code)) throw error;
      if (attempt >= RENAME_RETRY_DELAYS_MS.length) {
        const seconds = RENAME_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) / 1000;
        throw new Error(
          `${from} stayed in use by another program (often an antivirus scan, a search indexer, or an editor or terminal open in that folder): renaming it failed with ${code} ${attempt + 1} times over ${seconds} s. Close what uses the skill's folder and try again`,
          { cause: error },
        );
      }
      await renameRetry.sleep(RENAME_RETRY_DELAYS_MS[attempt]!);
    }
  }
}
