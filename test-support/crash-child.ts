// Runs a crash-test child (a TypeScript script through tsx) and, when asked, kills it with SIGKILL a set time after it
// prints "ready": the harness of the update swap's and the add's crash tests.
import { spawn } from "node:child_process";

/** How the child ended: the signal that killed it, its exit code, and how long it ran after saying it was ready. */
export interface ChildEnd {
  signal: string | null;
  code: number | null;
  ms: number;
}

/** Runs `script` with `args`; with killAfterMs it is killed that long after it is ready. A failed exit rejects. */
export function runCrashChild(script: string, args: string[], killAfterMs: number | null): Promise<ChildEnd> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let started = 0;
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.stdout.on("data", (d: Buffer) => {
      if (!started && d.toString().includes("ready")) {
        started = Date.now();
        if (killAfterMs !== null) setTimeout(() => child.kill("SIGKILL"), killAfterMs);
      }
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code) reject(new Error(`${script} failed (${code}): ${stderr}`));
      else resolve({ signal, code, ms: started ? Date.now() - started : 0 });
    });
  });
}
