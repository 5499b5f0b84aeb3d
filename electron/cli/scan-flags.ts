// The flags every command that scans a machine shares (`--home`, `--platform`, `--include`), parsed and checked once.
import { stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { isDirectory } from "../engine/discovery/list";
import { scanPlatformOf } from "../engine/discovery/locations";
import type { ScanOptions, ScanPlatform } from "../engine/discovery/types";
import { scanWorkerOptions } from "./read-worker-script";
import { UsageError, listFlag, stringFlag, type CliArgs, type CliCommand, type CliIo } from "./command";

const PLATFORMS: ScanPlatform[] = ["darwin", "win32", "linux"];

/** Option specs for parseArgs: spread into a command's options. */
export const scanFlagOptions = {
  home: { type: "string" },
  platform: { type: "string" },
  include: { type: "string", multiple: true },
} as const satisfies CliCommand["options"];

/** The usage text of those flags. */
export const SCAN_FLAGS_USAGE = "[--home DIR] [--platform darwin|win32|linux] [--include DIR]...";

/** The platform whose layout a scan uses by default: this machine's, mapped to one of the three known. */
function defaultPlatform(platform: NodeJS.Platform = process.platform): ScanPlatform {
  return scanPlatformOf(platform);
}

/** Reads and checks the scan flags; bad values are usage errors (exit 2). */
export async function readScanFlags(args: CliArgs, io: CliIo): Promise<ScanOptions & { include: string[] }> {
  const platformFlag = stringFlag(args, "platform");
  if (platformFlag !== undefined && !PLATFORMS.includes(platformFlag as ScanPlatform)) {
    throw new UsageError(`unknown platform "${platformFlag}"; use darwin, win32 or linux.`);
  }
  const home = path.resolve(io.cwd, stringFlag(args, "home") ?? os.homedir());
  if (!(await isDirectory(home))) throw new UsageError(`the home folder ${home} does not exist.`);
  const include = listFlag(args, "include").map((p) => path.resolve(io.cwd, p));
  for (const dir of include) {
    if (!(await stat(dir).catch(() => null)))
      throw new UsageError(`the folder ${dir} given with --include does not exist.`);
  }
  return {
    home,
    platform: (platformFlag as ScanPlatform | undefined) ?? defaultPlatform(),
    env: io.env,
    include,
    ...scanWorkerOptions(io.env),
  };
}
