// Runs the decided action on the user's machine: opens a text file with a text editor (never the general "open"
// handler, which may run a program) or shows a path in the file manager. Programs are started directly with an
// argument list, never through a shell, and a failure is reported instead of being dropped.
import { spawn } from "node:child_process";
import { lstat } from "node:fs/promises";
import path from "node:path";
import { EngineError } from "../errors";

/** What a started program did: its exit code when it was waited for (null when it was left running), and its output. */
export interface SpawnOutcome {
  code: number | null;
  stdout: string;
}

/**
 * Starts one program with an argument list. `wait` waits for its exit (and its output); otherwise it resolves once
 * the program has started. Rejects when it cannot be started (not installed).
 */
export type Spawner = (
  command: string,
  args: string[],
  options: { wait: boolean; env: NodeJS.ProcessEnv },
) => Promise<SpawnOutcome>;

/** An opener failure, in a sentence the user can act on. */
class OpenerError extends EngineError {
  override name = "OpenerError";
  constructor(message: string) {
    super("open.failed", message);
  }
}

const WAIT_LIMIT_MS = 15_000;
const MAX_OUTPUT = 64 * 1024;

/** The real spawner: no shell, no inherited terminal, output capped, a program that outlives the wait left running. */
export const spawnProgram: Spawner = (command, args, options) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      shell: false,
      detached: !options.wait,
      stdio: ["ignore", options.wait ? "pipe" : "ignore", "ignore"],
      env: options.env,
      windowsHide: true,
    });
    let stdout = "";
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (chunk: string) => {
      if (stdout.length < MAX_OUTPUT) stdout += chunk.slice(0, MAX_OUTPUT - stdout.length);
    });
    child.once("error", reject);
    if (!options.wait) {
      child.once("spawn", () => {
        child.unref();
        resolve({ code: null, stdout: "" });
      });
      return;
    }
    const timer = setTimeout(() => {
      child.unref();
      resolve({ code: null, stdout });
    }, WAIT_LIMIT_MS);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout });
    });
  });

/** How to start programs for one platform and environment. */
export interface OpenerOptions {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  spawn: Spawner;
}

const DESKTOP_ID = /^[A-Za-z0-9_][A-Za-z0-9_.+-]*\.desktop$/;

function windowsProgram(env: NodeJS.ProcessEnv, ...parts: string[]): string {
  const root = env.SystemRoot ?? env.SYSTEMROOT ?? "C:\\Windows";
  return path.win32.join(path.win32.isAbsolute(root) ? root : "C:\\Windows", ...parts);
}

async function tryRun(
  options: OpenerOptions,
  command: string,
  args: string[],
  wait = true,
): Promise<SpawnOutcome | null> {
  return options.spawn(command, args, { wait, env: options.env }).catch(() => null);
}

/** The desktop file that handles text/plain on Linux (from xdg-mime), found in the XDG data folders, or null. */
async function linuxTextHandler(options: OpenerOptions): Promise<{ id: string; file: string | null } | null> {
  const query = await tryRun(options, "xdg-mime", ["query", "default", "text/plain"]);
  const id = query?.code === 0 ? query.stdout.trim().split(/\s*;\s*|\n/)[0]! : "";
  if (!DESKTOP_ID.test(id)) return null;
  const home = options.env.HOME ?? "";
  const dataHome =
    options.env.XDG_DATA_HOME && path.isAbsolute(options.env.XDG_DATA_HOME)
      ? options.env.XDG_DATA_HOME
      : path.join(home, ".local", "share");
  const dataDirs = (options.env.XDG_DATA_DIRS || "/usr/local/share:/usr/share")
    .split(":")
    .filter((d) => path.isAbsolute(d));
  for (const dir of [dataHome, ...dataDirs]) {
    const file = path.join(dir, "applications", id);
    const info = await lstat(file).catch(() => null);
    if (info?.isFile()) return { id, file };
  }
  return { id, file: null };
}

/** The programs tried, in order, to open a text file as text on a platform (exposed for tests and the report). */
function textOpenCommands(
  platform: NodeJS.Platform,
  file: string,
  env: NodeJS.ProcessEnv,
  handler?: { id: string; file: string | null },
): Array<[string, string[]]> {
  if (platform === "darwin") return [["open", ["-t", file]]];
  if (platform === "win32") return [[windowsProgram(env, "System32", "notepad.exe"), [file]]];
  if (!handler) return [];
  return [
    ["gtk-launch", [handler.id, file]],
    ...(handler.file ? [["gio", ["launch", handler.file, file]] as [string, string[]]] : []),
  ];
}

/**
 * Opens a regular text file as text: macOS `open -t` (the default text editor), Windows Notepad (always present, and it
 * only ever shows text), Linux the application registered for text/plain, started through gtk-launch or gio. Throws
 * OpenerError when no text editor could be started.
 */
export async function openAsText(file: string, options: OpenerOptions): Promise<void> {
  if (!(options.platform === "win32" ? path.win32 : path.posix).isAbsolute(file))
    throw new OpenerError(`Skillshelf opens only absolute paths; ${file} is not one.`);
  const handler =
    options.platform === "linux" || (options.platform !== "darwin" && options.platform !== "win32")
      ? await linuxTextHandler(options)
      : undefined;
  const commands = textOpenCommands(options.platform, file, options.env, handler ?? undefined);
  if (commands.length === 0)
    throw new OpenerError(
      "No text editor is set up for text files on this computer (xdg-mime has no default for text/plain), so nothing was opened. Use “Reveal” to find the file.",
    );
  const waits = options.platform !== "win32";
  for (const [command, args] of commands) {
    const outcome = await tryRun(options, command, args, waits);
    if (outcome && (outcome.code === 0 || outcome.code === null)) return;
  }
  throw new OpenerError(
    `The text editor could not be started (${commands.map(([c]) => path.basename(c)).join(", ")}), so ${file} was not opened.`,
  );
}

/** The program that shows a path in the file manager on a platform. */
function revealCommand(
  platform: NodeJS.Platform,
  target: string,
  isDirectory: boolean,
  env: NodeJS.ProcessEnv,
): [string, string[]] {
  if (platform === "darwin") return ["open", ["-R", target]];
  if (platform === "win32") return [windowsProgram(env, "explorer.exe"), [`/select,${target}`]];
  return ["xdg-open", [isDirectory ? target : path.dirname(target)]];
}

/** Shows a path in the file manager (a folder on Linux is opened by the folder handler, which never runs a file). */
export async function revealPath(target: string, options: OpenerOptions): Promise<void> {
  const info = await lstat(target).catch(() => null);
  if (!info) throw new OpenerError(`There is nothing at ${target} any more.`);
  const [command, args] = revealCommand(options.platform, target, info.isDirectory(), options.env);
  // explorer.exe exits with 1 even when it worked, so it is not waited for.
  const outcome = await options
    .spawn(command, args, { wait: options.platform !== "win32", env: options.env })
    .catch(() => null);
  if (!outcome)
    throw new OpenerError(
      `The file manager could not be started (${path.basename(command)} is missing), so ${target} was not shown.`,
    );
  if (outcome.code !== null && outcome.code !== 0)
    throw new OpenerError(
      `The file manager did not show ${target} (${path.basename(command)} exited with ${outcome.code}).`,
    );
}
