// Where the CLI's read worker is: the bundle built beside it, for big scans and for `validate`'s reads.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ScanOptions } from "../engine/discovery/types";

/**
 * The read worker for big scans and big `validate` runs: the bundle built beside this CLI bundle (none when running from source), unless
 * SKILLSHELF_SCAN_WORKER_MIN is 0; a positive value is the fewest skills a scan reads in the worker (default 400).
 * Exported for tests: they pass the address of a bundle that is not there.
 */
export function scanWorkerOptions(
  env: Record<string, string | undefined>,
  moduleUrl: string = import.meta.url,
): Pick<ScanOptions, "workerScript" | "workerMinSkills"> {
  const modulePath = moduleUrl.startsWith("file:") ? fileURLToPath(moduleUrl) : null;
  if (!modulePath?.endsWith(".mjs")) return {};
  const script = path.join(path.dirname(modulePath), "read-worker.mjs");
  const min = env.SKILLSHELF_SCAN_WORKER_MIN?.trim();
  const minSkills = min ? Number(min) : undefined;
  if (minSkills === 0 || !existsSync(script)) return {};
  return minSkills !== undefined && Number.isInteger(minSkills) && minSkills > 0
    ? { workerScript: script, workerMinSkills: minSkills }
    : { workerScript: script };
}
