// The clock of a bench phase run in its own process: wall time and this process's user and kernel CPU since it started,
// printed as the one JSON line runScript reads back.
import { performance } from "node:perf_hooks";

/** Starts the clock; the returned function prints what it measured, with `extra` fields, as one JSON line. */
export function startPhaseClock(): (extra: Record<string, unknown>) => void {
  const start = performance.now();
  const cpu = process.resourceUsage();
  return (extra) => {
    const usage = process.resourceUsage();
    process.stdout.write(
      JSON.stringify({
        ms: performance.now() - start,
        userMs: (usage.userCPUTime - cpu.userCPUTime) / 1000,
        systemMs: (usage.systemCPUTime - cpu.systemCPUTime) / 1000,
        ...extra,
      }) + "\n",
    );
  };
}
