// Temporary folders per test for vitest files: each folder is removed after the test that made it.
import { afterEach } from "vitest";
import { makeTempDir } from "./tmp";

/** Returns `tempDir()` for one test file; call it at the file's top level (it registers the cleanup hook). */
export function tempDirsPerTest(prefix?: string): () => Promise<string> {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  return async () => {
    const tmp = await makeTempDir(prefix);
    cleanups.push(tmp.cleanup);
    return tmp.dir;
  };
}
