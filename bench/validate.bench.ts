// Bench: validation throughput of 10,000 generated skills next to the time to merely read the same files.
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { generateSkills } from "./generate";
import type { PhaseResult } from "./phase";

const PHASE_SCRIPT = fileURLToPath(new URL("./phase.ts", import.meta.url));

/** Runs one phase in a fresh Node process (tsx loader) and returns what it measured. */
function runPhase(mode: "read" | "validate", listFile: string, concurrency: number): Promise<PhaseResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", PHASE_SCRIPT, mode, listFile, String(concurrency)], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").pop() ?? "{}") as PhaseResult) : reject(new Error(`bench phase ${mode} exited with ${code}`))));
  });
}

/** Generates the tree, measures read-only and validation passes (each in its own process), prints a table; asserts nothing. */
export async function runValidateBench(options: { count?: number; concurrency?: number; rounds?: number } = {}): Promise<void> {
  const count = options.count ?? 10_000;
  const concurrency = options.concurrency ?? 32;
  const rounds = options.rounds ?? 2;
  const root = await mkdtemp(path.join(tmpdir(), "skillshelf-bench-"));
  try {
    const genStart = performance.now();
    const tree = await generateSkills(root, count);
    const listFile = path.join(root, "dirs.txt");
    await writeFile(listFile, tree.dirs.join("\n"));
    console.log(`Generated ${count} skills (${tree.files} files, ${(tree.bytes / 1024 / 1024).toFixed(1)} MB, ${tree.invalid} made invalid or with a broken reference) in ${((performance.now() - genStart) / 1000).toFixed(1)} s.`);
    console.log(`Each phase runs in a fresh process; concurrency ${concurrency}, UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? "4 (default)"}, Node ${process.version}.\n`);
    const phases: Array<PhaseResult & { label: string }> = [];
    for (let round = 1; round <= rounds; round++) {
      phases.push({ label: `read only (round ${round})`, ...(await runPhase("read", listFile, concurrency)) });
      phases.push({ label: `validate (round ${round})`, ...(await runPhase("validate", listFile, concurrency)) });
    }
    const rows = phases.map((p) => [p.label, `${(p.ms / 1000).toFixed(2)} s`, `${Math.round((count / p.ms) * 1000)} skills/s`, `${p.maxRssMb.toFixed(0)} MB`, p.detail]);
    const header = ["phase", "wall time", "throughput", "peak RSS", "result"];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd();
    console.log(line(header));
    console.log(widths.map((w) => "-".repeat(w)).join("  "));
    for (const row of rows) console.log(line(row));
    const best = (prefix: string) => Math.min(...phases.filter((p) => p.label.startsWith(prefix)).map((p) => p.ms));
    console.log(`\nBest validate ${(best("validate") / 1000).toFixed(2)} s vs best read-only ${(best("read only") / 1000).toFixed(2)} s: ${(best("validate") / best("read only")).toFixed(2)}x.`);
    console.log("Goals (issue 2): 10,000 skills validated in under 2 s on 2 cores, within 3x of read-only, under 300 MB RSS. Figures depend on machine load.");
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
