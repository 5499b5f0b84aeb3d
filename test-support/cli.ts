// Runs the built `skillshelf` bin as a child process, as users and tools do.
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Path of the package's bin script. */
export const BIN = fileURLToPath(new URL("../bin/skillshelf.js", import.meta.url));

/** What one run of the bin printed and returned. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `skillshelf ...args` with an optional environment and working folder; resolves when it exits. */
export function runBin(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<CliRun> {
  return runProcess(process.execPath, [BIN, ...args], { ...options, env: { ...process.env, ...options.env } });
}

/**
 * Runs `skillshelf ...args` on a pseudo-terminal (util-linux script(1)), answering each `[y/N]` question with the next
 * of `answers` ("n" once they run out); resolves with everything it showed.
 */
export function runBinOnTerminal(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; answers?: string[] } = {},
): Promise<{ code: number | null; output: string }> {
  const answers = options.answers ?? [];
  return new Promise((resolve, reject) => {
    const command = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
    const child = spawn("script", ["-qec", command, "/dev/null"], {
      env: { ...process.env, ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    let asked = 0;
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.stdout.on("data", (d) => {
      output += d;
      const questions = output.split("[y/N]").length - 1;
      while (asked < questions) child.stdin.write(`${answers[asked++] ?? "n"}\r`);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Runs any program with piped output, killed after `timeoutMs` (default 60 s); resolves when it exits. */
export function runProcess(
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number },
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

/** The unprivileged user tests switch to when they run as root (root reads files whatever their mode). */
const NOBODY = { uid: 65534, gid: 65534 };

/**
 * Runs the bin as an unprivileged user when the tests run as root, so permission cases are real; as any other user
 * it runs the bin as that user. Folders the bin must reach have to be traversable by that user (see makeTraversable).
 */
export function runBinUnprivileged(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<CliRun> {
  if (process.getuid?.() !== 0) return runBin(args, options);
  const privileges = [`--reuid=${NOBODY.uid}`, `--regid=${NOBODY.gid}`, "--clear-groups"];
  return runProcess("setpriv", [...privileges, process.execPath, BIN, ...args], {
    ...options,
    env: { ...process.env, HOME: "/tmp", ...options.env },
  });
}

/**
 * Why runBinUnprivileged cannot show a permission failure here, or null when it can: as root it needs setpriv, and the
 * unprivileged user must be able to run node and read the built bin (a clone under a private folder may not be).
 */
export function unprivilegedUnavailable(): string | null {
  if (process.getuid?.() !== 0) return null;
  const built = fileURLToPath(new URL("../dist/cli/skillshelf.mjs", import.meta.url));
  const probe = spawnSync(
    "setpriv",
    [
      `--reuid=${NOBODY.uid}`,
      `--regid=${NOBODY.gid}`,
      "--clear-groups",
      process.execPath,
      "-e",
      `require("fs").accessSync(${JSON.stringify(built)}, 4)`,
    ],
    { stdio: "ignore", timeout: 20_000 },
  );
  if (probe.error)
    return `setpriv is not available to switch from root to an unprivileged user (${probe.error.message})`;
  if (probe.status !== 0)
    return "the unprivileged user cannot run node or read the built bin from this checkout's folder";
  return null;
}
