// One measured bench phase in a fresh process, so its wall time and peak RSS are its own:
// `phase.ts read|validate LIST COUNT CONCURRENCY` or `phase.ts scan HOME WORKER-SCRIPT|-`.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { validateSkills } from "../electron/engine/skill/validate-many";
import { scan } from "../electron/engine/discovery/scan";

/** What one phase measured, printed as one JSON line on stdout. */
export interface PhaseResult {
  ms: number;
  /** CPU time of the measured part, all threads: in user space, and in the kernel (system calls). */
  userMs: number;
  systemMs: number;
  maxRssMb: number;
  detail: string;
}

/**
 * The floor validation is compared with: exactly the SKILL.md files validation must read, each read whole, as
 * `find … -name SKILL.md | xargs cat` would (one open, fstat, read and close per file; nothing else is touched).
 */
function readSkillFiles(dirs: readonly string[]): number {
  let bytes = 0;
  const buffer = Buffer.allocUnsafe(1024 * 1024);
  for (const dir of dirs) {
    const fd = openSync(path.join(dir, "SKILL.md"), constants.O_RDONLY);
    try {
      const size = fstatSync(fd).size;
      let read = 0;
      while (read < size) {
        const n = readSync(fd, buffer, 0, Math.min(buffer.length, size - read), null);
        if (n === 0) break;
        read += n;
      }
      bytes += read;
    } finally {
      closeSync(fd);
    }
  }
  return bytes;
}

const [, , mode, target, third, fourth] = process.argv;
const start = performance.now();
const cpuAtStart = process.resourceUsage();
let detail: string;
if (mode === "scan") {
  const result = await scan({
    home: target!,
    platform: "linux",
    env: { XDG_CONFIG_HOME: "", XDG_STATE_HOME: "", CLAUDE_CONFIG_DIR: "", CODEX_HOME: "" },
    workerScript: third && third !== "-" ? third : undefined,
  });
  detail = `${result.skills.length} skills, ${result.skills.filter((s) => !s.valid).length} invalid`;
} else {
  const dirs = (await readFile(target!, "utf8")).split("\n").filter(Boolean).slice(0, Number(third));
  const concurrency = Number(fourth ?? 32);
  if (mode === "read") {
    detail = `${(readSkillFiles(dirs) / 1024 / 1024).toFixed(1)} MB of SKILL.md read`;
  } else {
    const reports = await validateSkills(dirs, { concurrency });
    const invalid = reports.filter((r) => !r.valid).length;
    detail = `${reports.length - invalid} valid, ${invalid} invalid, ${reports.reduce((n, r) => n + r.diagnostics.length, 0)} diagnostics`;
  }
}
const usage = process.resourceUsage();
const result: PhaseResult = {
  ms: performance.now() - start,
  userMs: (usage.userCPUTime - cpuAtStart.userCPUTime) / 1000,
  systemMs: (usage.systemCPUTime - cpuAtStart.systemCPUTime) / 1000,
  maxRssMb: usage.maxRSS / 1024,
  detail,
};
process.stdout.write(JSON.stringify(result) + "\n");
