// Hostile files through the built `skillshelf validate`, one fresh process each: wall time and peak RSS per bomb
// against the goal (a diagnostic within 2 s and under 256 MB, exit 1). A benchmark: it prints, it asserts nothing.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { jsonBombs, skillMd, yamlBombs } from "../test-support/bombs";
import { makeTempDir, writeTree } from "../test-support/tmp";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BIN = path.join(ROOT, "bin", "skillshelf.js");
const RSS_HOOK = path.join(ROOT, "bench", "rss-on-exit.cjs");
const GOAL_MS = 2000;
const GOAL_MB = 256;

interface BombRun {
  name: string;
  ms: number;
  maxRssMb: number;
  exit: number | null;
  codes: string[];
}

function validate(name: string, target: string): BombRun {
  const start = performance.now();
  const run = spawnSync(process.execPath, ["--require", RSS_HOOK, BIN, "validate", target, "--json"], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
  });
  const ms = performance.now() - start;
  const rss = /BENCH_MAX_RSS_KB=(\d+)/.exec(run.stderr ?? "");
  let codes: string[];
  try {
    const doc = JSON.parse(run.stdout) as {
      results: Array<{ diagnostics: Array<{ code: string; severity: string }> }>;
    };
    codes = [
      ...new Set(doc.results.flatMap((r) => r.diagnostics.filter((d) => d.severity === "error").map((d) => d.code))),
    ];
  } catch {
    codes = [`(no JSON: ${run.signal ?? run.error?.message ?? "exit " + run.status})`];
  }
  return { name, ms, maxRssMb: rss ? Number(rss[1]) / 1024 : NaN, exit: run.status, codes };
}

/** Validates each bomb in a fresh process and prints one line per bomb. */
export async function runBombsBench(): Promise<void> {
  const { dir, cleanup } = await makeTempDir("skillshelf-bench-bombs-");
  try {
    const runs: BombRun[] = [];
    for (const [i, bomb] of yamlBombs().entries()) {
      const folder = path.join(dir, `skill-${i}`);
      await writeTree(folder, { "SKILL.md": skillMd(bomb.frontmatter.replace("name: bomb", `name: skill-${i}`)) });
      runs.push(validate(`SKILL.md: ${bomb.name}`, folder));
    }
    for (const [i, bomb] of jsonBombs().entries()) {
      const folder = path.join(dir, `plugin-${i}`);
      await writeTree(folder, { "plugin.json": bomb.text });
      runs.push(validate(`plugin.json: ${bomb.name}`, folder));
    }
    const width = Math.max(...runs.map((r) => r.name.length));
    for (const r of runs) {
      const verdict = r.ms <= GOAL_MS && r.maxRssMb <= GOAL_MB && r.exit === 1 ? "ok" : "OVER GOAL";
      console.log(
        `${r.name.padEnd(width)}  ${r.ms.toFixed(0).padStart(5)} ms  ${r.maxRssMb.toFixed(0).padStart(4)} MB  exit ${r.exit}  ${verdict.padEnd(9)}  ${r.codes.join(", ")}`,
      );
    }
    console.log(
      `goal: each within ${GOAL_MS} ms and under ${GOAL_MB} MB peak RSS (a fresh process, node start-up included), exit 1`,
    );
  } finally {
    await cleanup();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await runBombsBench();
