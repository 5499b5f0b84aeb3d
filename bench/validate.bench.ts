// Bench: validation of generated skills next to the raw read of exactly the SKILL.md files validation must read, at
// 100, 1,000, 10,000 and 50,000 skills (time and peak RSS, each phase in a fresh process).
import { spawn, spawnSync } from "node:child_process";
import { closeSync, openSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { bundledPhase } from "./bundle-phase";
import { cachedCorpus } from "./corpus-cache";
import { generateSkills } from "./generate";
import type { PhaseResult } from "./phase";

const PHASE_SCRIPT = fileURLToPath(new URL("./phase.ts", import.meta.url));

/** Runs a bench script, bundled, in a fresh Node process and returns the JSON of its last stdout line. */
export async function runScript<T>(script: string, args: string[]): Promise<T> {
  const bundled = await bundledPhase(script);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundled, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split("\n").pop() ?? "{}") as T)
        : reject(new Error(`bench phase ${path.basename(script)} ${args[0] ?? ""} exited with ${code}`)),
    );
  });
}

/** Runs one phase of phase.ts in a fresh process and returns what it measured. */
export const runPhase = (args: string[]): Promise<PhaseResult> => runScript<PhaseResult>(PHASE_SCRIPT, args);

/** Prints rows as an aligned table. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows) console.log(line(row));
}

/** The sizes the scaling tables show, capped by BENCH_MAX_SKILLS (default 50,000). */
export function benchSizes(): number[] {
  const max = Number(process.env.BENCH_MAX_SKILLS ?? 50_000);
  return [100, 1_000, 10_000, 50_000].filter((n) => n <= max);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * The issue's own yardstick: `xargs cat` over exactly the SKILL.md files (a whole process, output to /dev/null), in
 * ms; null with the reason when xargs cannot run here.
 */
function xargsCat(root: string, dirs: readonly string[]): { ms: number } | { reason: string } {
  const list = path.join(root, `.skill-md-${dirs.length}.txt`);
  writeFileSync(list, dirs.map((d) => path.join(d, "SKILL.md")).join("\n") + "\n");
  const input = openSync(list, "r");
  try {
    const start = performance.now();
    const run = spawnSync("xargs", ["cat"], { stdio: [input, "ignore", "ignore"] });
    const ms = performance.now() - start;
    if (run.error || run.status !== 0) return { reason: `xargs cat failed (${run.error?.message ?? run.status})` };
    return { ms };
  } finally {
    closeSync(input);
  }
}

/** Measures read-only and validation passes (each in its own process) at each size; prints tables; asserts nothing. */
export async function runValidateBench(
  options: { count?: number; concurrency?: number; rounds?: number } = {},
): Promise<void> {
  const count = options.count ?? 10_000;
  const concurrency = options.concurrency ?? 32;
  const rounds = options.rounds ?? 2;
  const sizes = [...new Set([...benchSizes(), count])].sort((a, b) => a - b);
  const largest = sizes[sizes.length - 1]!;
  const corpus = await cachedCorpus("skills", largest, async (root, n) => (await generateSkills(root, n)).dirs);
  const listFile = path.join(corpus.root, ".dirs.txt");
  console.log(
    `${corpus.reused ? "Reused" : `Generated in ${corpus.seconds.toFixed(1)} s`} ${largest} skills in ${corpus.root}; the first N are used for each size.`,
  );
  console.log(
    `Each phase runs in a fresh process; concurrency ${concurrency}, Node ${process.version}. "read" reads exactly the SKILL.md files validation must read, nothing else.`,
  );
  // Machines reclaim idle page cache (this VM's DAMON does within minutes): one unmeasured pass reads the corpus back,
  // so every round measures the same warm cache instead of the first one measuring the disk.
  await runPhase(["validate", listFile, String(largest), String(concurrency)]);
  console.log(
    `One unmeasured validate pass over all ${largest} skills ran first, so every round reads a warm cache.\n`,
  );
  const rows: string[][] = [];
  const best = new Map<
    number,
    { read: number; cat: number | null; validate: number; rss: number; kernel: number; readKernel: number }
  >();
  let catMissing: string | null = null;
  for (const size of sizes) {
    const repeat = size <= 10_000 ? rounds : 1;
    let read = Infinity;
    let cat: number | null = null;
    let validate = Infinity;
    let rss = 0;
    let kernel = Infinity;
    let readKernel = Infinity;
    for (let round = 1; round <= repeat; round++) {
      const r = await runPhase(["read", listFile, String(size), String(concurrency)]);
      const c = xargsCat(corpus.root, corpus.dirs.slice(0, size));
      const v = await runPhase(["validate", listFile, String(size), String(concurrency)]);
      read = Math.min(read, r.ms);
      if ("ms" in c) cat = Math.min(cat ?? Infinity, c.ms);
      else catMissing = c.reason;
      validate = Math.min(validate, v.ms);
      rss = Math.max(rss, v.maxRssMb);
      kernel = Math.min(kernel, v.systemMs);
      readKernel = Math.min(readKernel, r.systemMs);
      rows.push([
        String(size),
        String(round),
        seconds(r.ms),
        "ms" in c ? seconds(c.ms) : "n/a",
        seconds(v.ms),
        `${(v.ms / r.ms).toFixed(2)}x`,
        "ms" in c ? `${(v.ms / c.ms).toFixed(2)}x` : "n/a",
        `${v.userMs.toFixed(0)} / ${v.systemMs.toFixed(0)} ms`,
        `${r.systemMs.toFixed(0)} ms`,
        `${v.maxRssMb.toFixed(0)} MB`,
        v.detail,
      ]);
    }
    best.set(size, { read, cat, validate, rss, kernel, readKernel });
  }
  printTable(
    [
      "skills",
      "round",
      "read SKILL.md",
      "xargs cat",
      "validate",
      "vs read",
      "vs cat",
      "validate CPU user / kernel",
      "read kernel",
      "peak RSS",
      "result",
    ],
    rows,
  );
  if (catMissing) console.log(`xargs cat not measured: ${catMissing}.`);
  const at = best.get(count)!;
  console.log(
    `\n${count} skills: best validate ${seconds(at.validate)} vs best raw read of their SKILL.md files ${seconds(at.read)} in-process: ${(at.validate / at.read).toFixed(2)}x` +
      (at.cat !== null
        ? `, vs \`xargs cat\` of the same files (the issue's yardstick) ${seconds(at.cat)}: ${(at.validate / at.cat).toFixed(2)}x`
        : "") +
      ` (goal <= 3x); peak RSS ${at.rss.toFixed(0)} MB (goal < 200 MB).`,
  );
  console.log(
    `Kernel time alone: validate ${at.kernel.toFixed(0)} ms vs the in-process read ${at.readKernel.toFixed(0)} ms (${(at.kernel / at.readKernel).toFixed(1)}x): validation lists every folder of every skill (links leaving it are errors) and reads each referenced Markdown file (chains are reported), which the raw read does not.`,
  );
  const per = sizes.map((s) => `${s}: ${((best.get(s)!.validate / s) * 1000).toFixed(0)} µs`).join(", ");
  console.log(`Cost per skill as work grows (linear means flat): ${per}. Figures depend on machine load.`);
}
