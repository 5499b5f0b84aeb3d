// `validate`'s kept run, for the bin's entry: the key of this command line, the check of the kept run before the
// command's code loads, and the saving of what a run printed once it has printed it.
import { defaultCacheDir } from "../engine/cache-dir";
import { defaultSettingsFile } from "../engine/config-dir";
import {
  MAX_RUN_BYTES,
  checkRun,
  readRun,
  runFileIn,
  runFileParts,
  saveRun,
  type RunCheck,
  type RunToKeep,
} from "../engine/validate-cache/run-index";
import { nowNs } from "../engine/validate-cache/identity";
import { RULES_VERSION } from "../engine/validate-cache/rules-version";

declare const __SKILLSHELF_BUILD_ID__: string | undefined;

/** A hash of every source the bin is built from: kept output is only ever printed again by the build that printed it. */
const BUILD_ID = typeof __SKILLSHELF_BUILD_ID__ === "string" ? __SKILLSHELF_BUILD_ID__ : null;

/** One `validate` invocation's kept run: where it lives, what the disk says of it, and what the run leaves to keep. */
export interface ValidateRunPlan {
  file: string;
  key: string;
  /** The settings file (whether the cache is on): a path every kept run depends on. */
  settingsFile: string;
  check: RunCheck | null;
  /** When the check began (ns): what a splice reads again is kept only when older than the racy window before it. */
  since: bigint;
  /** Set when the output may be kept: the paths it depends on, each skill's marks, and how it was printed. */
  pending?: Pick<RunToKeep, "deps" | "marks" | "how" | "namesText">;
}

/** Where the command runs: what, besides its arguments, can change what it prints. */
interface RunPlace {
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdoutIsTerminal: boolean;
}

/**
 * The plan for `validate ARGS…`, or null for a build from sources (no build id: its code may change between runs). The
 * key holds the arguments, folder, terminal, the cache and settings files and every SKILLSHELF_ variable.
 */
export function planValidateRun(args: readonly string[], place: RunPlace): ValidateRunPlan | null {
  if (BUILD_ID === null) return null;
  const cacheDir = defaultCacheDir(place.env);
  const settingsFile = defaultSettingsFile(place.env);
  const env = Object.entries(place.env)
    .filter(([name]) => name.startsWith("SKILLSHELF_"))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const key = JSON.stringify({
    build: BUILD_ID,
    rules: RULES_VERSION,
    args,
    cwd: place.cwd,
    terminal: place.stdoutIsTerminal,
    cacheDir,
    settingsFile,
    env,
  });
  const file = runFileIn(cacheDir, key);
  const since = nowNs();
  let check: RunCheck | null = null;
  try {
    const run = readRun(file, key);
    check = run && checkRun(run);
  } catch {
    /* a kept run that cannot be checked is not used */
  }
  return { file, key, settingsFile, check, since };
}

/**
 * What a `validate` run wrote to stdout, up to a kept run's size (`whole` is false past it). The pieces are kept as
 * given: the bin encodes each once, and nothing reuses a piece it wrote.
 */
export class KeptOutput {
  readonly parts: Uint8Array[] = [];
  whole = true;
  private bytes = 0;

  add(part: Uint8Array): void {
    if (!this.whole) return;
    this.bytes += part.length;
    if (this.bytes <= MAX_RUN_BYTES) this.parts.push(part);
    else {
      this.whole = false;
      this.parts.length = 0;
    }
  }
}

/** Keeps what a run printed, when `validate` left something to keep; a failure to keep it costs only speed. */
export function keepValidateRun(plan: ValidateRunPlan, output: readonly Uint8Array[], code: number): void {
  if (!plan.pending || (code !== 0 && code !== 1)) return;
  saveRun(plan.file, runFileParts({ ...plan.pending, key: plan.key, code, output }));
}
