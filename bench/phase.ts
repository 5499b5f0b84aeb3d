// One measured bench phase in a fresh process, so its wall time and peak RSS are its own: `phase.ts read|validate LIST CONCURRENCY`.
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { mapBounded, validateSkills } from "../electron/engine/skill/validate-many";

/** What one phase measured, printed as one JSON line on stdout. */
export interface PhaseResult {
  ms: number;
  maxRssMb: number;
  detail: string;
}

/** Reads every file of a skill folder, nothing more: the floor validation is compared with. */
async function readFolder(dir: string): Promise<number> {
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) bytes += await readFolder(abs);
    else if (entry.isFile()) bytes += (await readFile(abs)).length;
  }
  return bytes;
}

const [, , mode, listFile, concurrencyText] = process.argv;
const dirs = (await readFile(listFile!, "utf8")).split("\n").filter(Boolean);
const concurrency = Number(concurrencyText ?? 32);
const start = performance.now();
let detail: string;
if (mode === "read") {
  const sizes = await mapBounded(dirs, concurrency, readFolder);
  detail = `${(sizes.reduce((a, b) => a + b, 0) / 1024 / 1024).toFixed(1)} MB read`;
} else {
  const reports = await validateSkills(dirs, { concurrency });
  const invalid = reports.filter((r) => !r.valid).length;
  detail = `${reports.length - invalid} valid, ${invalid} invalid, ${reports.reduce((n, r) => n + r.diagnostics.length, 0)} diagnostics`;
}
const result: PhaseResult = { ms: performance.now() - start, maxRssMb: process.resourceUsage().maxRSS / 1024, detail };
process.stdout.write(JSON.stringify(result) + "\n");
