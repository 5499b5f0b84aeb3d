// Where Electron main finds the read worker for big scans: beside dist/main/main.cjs, outside the asar once packaged.
import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The built dist/main/read-worker.cjs for a main bundle in mainDir, moved from app.asar to app.asar.unpacked (a worker
 * thread cannot load a script from inside the archive); undefined when it is missing or SKILLSHELF_SCAN_WORKER_MIN is 0.
 */
export function readWorkerPath(
  mainDir: string,
  env: Record<string, string | undefined>,
  exists: (file: string) => boolean = existsSync,
): string | undefined {
  if (env.SKILLSHELF_SCAN_WORKER_MIN?.trim() === "0") return undefined;
  const script = path.join(mainDir, "read-worker.cjs").replace(/([\\/])app\.asar(?=[\\/])/, "$1app.asar.unpacked");
  return exists(script) ? script : undefined;
}
