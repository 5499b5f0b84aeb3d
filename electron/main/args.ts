// The command-line options the app accepts (the same names as `skillshelf serve`), so `npm start -- --home DIR`
// and the Electron e2e test can point the window at a fixture home.
import os from "node:os";
import path from "node:path";
import { scanPlatformOf } from "../engine/discovery/locations";
import type { ScanOptions } from "../engine/discovery/types";

/** Reads `--home DIR` and `--include DIR` (repeatable, also `--flag=DIR`) from argv; everything else is ignored. */
function parseMainArgs(argv: readonly string[]): { home: string | null; include: string[] } {
  let home: string | null = null;
  const include: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith("--") && arg.includes("=")
        ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
        : [arg, undefined];
    if (flag !== "--home" && flag !== "--include") continue;
    let value = inline;
    if (value === undefined) {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith("--")) continue;
      value = next;
      i += 1;
    }
    if (!value) continue;
    if (flag === "--home") home = path.resolve(value);
    else include.push(path.resolve(value));
  }
  return { home, include };
}

/** The scan options of the desktop app: the user's real home unless --home says otherwise. */
export function mainScanOptions(
  argv: readonly string[],
  platform: NodeJS.Platform,
  env: Record<string, string | undefined>,
): ScanOptions {
  const args = parseMainArgs(argv);
  return { home: args.home ?? os.homedir(), platform: scanPlatformOf(platform), env, include: args.include };
}
