// Update recipes from a skill-meta server: a `shell` recipe is run only on request, verbatim, through the user's
// shell, with its output streamed and its exit status reported; `manual_ui` and unknown kinds are instructions only.
import { spawn, spawnSync } from "node:child_process";
import { escapeControl, escapeHidden } from "../../../shared/terminal-text";
import { EngineError } from "../errors";

/** The longest recipe command that is run at all (real ones are a few dozen characters). */
const MAX_RECIPE_LENGTH = 1_000;

/**
 * Characters that make a command something other than what it shows: C0, DEL, C1, line/paragraph separators, bidi
 * controls, and every format (Cf) or default-ignorable character — zero-width spaces, directional marks, tag characters.
 */
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const CONTROL_CHAR = /[\u0000-\u001f\u007f-\u009f]/;

/** Why a recipe command is refused, as a sentence, or null when it may be shown for running. */
export function recipeProblem(command: string): string | null {
  if (command.trim() === "") return "The command is empty.";
  if (command.length > MAX_RECIPE_LENGTH)
    return `The command is ${command.length.toLocaleString("en-US")} characters long, over the ${MAX_RECIPE_LENGTH.toLocaleString("en-US")} a real update command needs, so it is not run.`;
  const match = UNSAFE.exec(command);
  if (!match) return null;
  const char = match[0];
  const shown = escapeHidden(char);
  if (char === "\u0000")
    return "The command holds a NUL character, so what runs could differ from what is shown; it is not run.";
  if (char === "\n" || char === "\r" || char === "\u2028" || char === "\u2029")
    return `The command holds a line break (${shown}), so it could run more than the line shown; it is not run.`;
  if (/[\u202a-\u202e\u2066-\u2069]/.test(char))
    return `The command holds a bidirectional control (${shown}) that can show it in another order than it runs; it is not run.`;
  if (CONTROL_CHAR.test(char))
    return `The command holds a control character (${shown}) that can hide or change what a terminal shows; it is not run.`;
  return `The command holds an invisible or format character (${shown}) that can make it read otherwise than it runs; it is not run.`;
}

/** A recipe refused before anything ran; `message` says why. */
class RecipeRefusedError extends EngineError {
  override name = "RecipeRefusedError";
  constructor(message: string) {
    super("recipe.refused", message);
  }
}

/** How a recipe of some kind is handled: run on request (`shell`) or shown as instructions only (everything else). */
export function recipeHandling(kind: string): { runnable: boolean; note: string } {
  if (kind === "shell")
    return {
      runnable: true,
      note: "A command to run in a terminal; Skillshelf runs it only when asked, after a confirmation.",
    };
  if (kind === "manual_ui")
    return { runnable: false, note: "Steps to follow by hand in the client's own window; nothing is run." };
  return {
    runnable: false,
    note: `The update server gave a recipe of an unknown kind (${escapeControl(kind)}); it is shown as instructions only and nothing is run.`,
  };
}

/**
 * The program and arguments that run a command through the user's shell on a platform (never a shell string of our own).
 * Exported for tests: Windows' invocation is checked where it cannot run.
 */
export function shellInvocation(
  command: string,
  options: { shell?: string; platform?: NodeJS.Platform; env?: NodeJS.ProcessEnv } = {},
): { file: string; args: string[]; windowsVerbatimArguments: boolean } {
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  if (platform === "win32") {
    // cmd.exe: /d skips AutoRun, /s /c runs what is between the outer quotes exactly as written.
    return {
      file: options.shell ?? env.ComSpec ?? "cmd.exe",
      args: ["/d", "/s", "/c", `"${command}"`],
      windowsVerbatimArguments: true,
    };
  }
  const shell = options.shell ?? (env.SHELL && env.SHELL.startsWith("/") ? env.SHELL : "/bin/sh");
  return { file: shell, args: ["-c", command], windowsVerbatimArguments: false };
}

/** Options of one recipe run. */
export interface RunRecipeOptions {
  /** The shell to run it with (default: $SHELL, else /bin/sh; cmd.exe on Windows). */
  shell?: string;
  cwd?: string;
  /** Each piece of output as it arrives, decoded as UTF-8. */
  onOutput: (chunk: string, stream: "stdout" | "stderr") => void;
  /** Aborting stops the command and everything it started. */
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
}

/** How a recipe run ended. */
export interface RecipeResult {
  exitCode: number | null;
  signal: string | null;
  /** True when the run was stopped through the AbortSignal. */
  cancelled: boolean;
}

/** Stops a command and its children: the process group on POSIX (TERM, then KILL after a grace period), taskkill /T on Windows. */
function stopTree(pid: number, platform: NodeJS.Platform, exited: () => boolean): void {
  if (platform === "win32") {
    spawnSync("taskkill", ["/pid", String(pid), "/T", "/F"], { stdio: "ignore", windowsHide: true, timeout: 10_000 });
    return;
  }
  const signalGroup = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig);
    } catch {
      /* the group is already gone */
    }
  };
  signalGroup("SIGTERM");
  setTimeout(() => {
    if (!exited()) signalGroup("SIGKILL");
  }, 3_000).unref();
}

/**
 * Runs a recipe command verbatim through the user's shell, streaming its output; resolves with its exit status.
 * Refuses (RecipeRefusedError) a command with a problem, before anything runs. stdin is closed: a command that asks
 * a question gets end-of-file.
 */
export async function runRecipe(command: string, options: RunRecipeOptions): Promise<RecipeResult> {
  const problem = recipeProblem(command);
  if (problem) throw new RecipeRefusedError(problem);
  if (options.signal?.aborted) return { exitCode: null, signal: null, cancelled: true };
  const platform = options.platform ?? process.platform;
  const { file, args, windowsVerbatimArguments } = shellInvocation(command, options);
  return new Promise<RecipeResult>((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: platform !== "win32",
      windowsHide: true,
      windowsVerbatimArguments,
    });
    let cancelled = false;
    let exited = false;
    const decoders = { stdout: new TextDecoder("utf-8"), stderr: new TextDecoder("utf-8") };
    const forward = (stream: "stdout" | "stderr") => (data: Buffer) => {
      const text = decoders[stream].decode(data, { stream: true });
      if (text) options.onOutput(text, stream);
    };
    child.stdout!.on("data", forward("stdout"));
    child.stderr!.on("data", forward("stderr"));
    const onAbort = () => {
      if (exited || child.pid === undefined) return;
      cancelled = true;
      stopTree(child.pid, platform, () => exited);
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    child.on("error", (error) => {
      exited = true;
      options.signal?.removeEventListener("abort", onAbort);
      reject(error);
    });
    child.on("close", (code, sig) => {
      exited = true;
      options.signal?.removeEventListener("abort", onAbort);
      for (const stream of ["stdout", "stderr"] as const) {
        const rest = decoders[stream].decode();
        if (rest) options.onOutput(rest, stream);
      }
      resolve({ exitCode: code, signal: sig, cancelled });
    });
  });
}
