// Bench: whole-process validation of real-shaped skills next to the reference validator skills-ref (one Python
// process over the same folders), and the start-up of single commands. Prints figures and ratios; asserts nothing.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { availableParallelism as availableCores, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { cachedCorpus } from "./corpus-cache";
import { generateRealCorpus } from "./real-corpus";

const BIN = fileURLToPath(new URL("../bin/skillshelf.js", import.meta.url));
const SKILLS_REF_SCRIPT = `
import sys
from pathlib import Path
sys.path.insert(0, str(Path(sys.argv[1]) / "src"))
from skills_ref.validator import validate
invalid = 0
for line in open(sys.argv[2], encoding="utf-8"):
    d = line.strip()
    if d and validate(Path(d)):
        invalid += 1
print(invalid)
`;

/** Wall time of one whole process, in ms; throws when it fails to start. */
function timed(
  command: string,
  args: string[],
  env?: NodeJS.ProcessEnv,
): { ms: number; status: number | null; stdout: string } {
  const start = performance.now();
  const run = spawnSync(command, args, {
    encoding: "utf8",
    maxBuffer: 512 * 1024 * 1024,
    env: env ? { ...process.env, ...env } : process.env,
  });
  const ms = performance.now() - start;
  if (run.error) throw run.error;
  return { ms, status: run.status, stdout: run.stdout };
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]! };
};
const ms = (v: number) => `${v.toFixed(0)} ms`;

/** The Python that can run skills-ref (Debian's, which has python3-strictyaml), or why none can. */
function skillsRefPython(dir: string): { python: string } | { reason: string } {
  if (!existsSync(path.join(dir, "src", "skills_ref", "validator.py")))
    return { reason: `SKILLS_REF_DIR=${dir} does not hold src/skills_ref/validator.py` };
  for (const python of [process.env.SKILLS_REF_PYTHON, "/usr/bin/python3", "python3"].filter((p): p is string =>
    Boolean(p),
  )) {
    const probe = spawnSync(python, ["-c", "import strictyaml"], { encoding: "utf8" });
    if (probe.status === 0) return { python };
  }
  return { reason: "no Python with strictyaml found (install Debian's python3-strictyaml, or set SKILLS_REF_PYTHON)" };
}

/** Measures validate over the corpus against skills-ref, then start-up times; prints a summary. */
export async function runRealBench(options: { count?: number; rounds?: number } = {}): Promise<void> {
  const count = options.count ?? 800;
  const rounds = options.rounds ?? 5;
  const corpus = await cachedCorpus("real", count, async (root, n) => (await generateRealCorpus(root, n)).dirs);
  console.log(
    `${corpus.reused ? "Reused" : `Generated in ${corpus.seconds.toFixed(1)} s`} ${count} real-shaped skills (dozens of links, 10+ bundled files each) in ${corpus.root}.`,
  );
  const listFile = path.join(corpus.root, ".dirs.txt");
  await writeFile(listFile, corpus.dirs.join("\n"));
  const refDir = process.env.SKILLS_REF_DIR;
  const ref = refDir
    ? skillsRefPython(path.resolve(refDir))
    : {
        reason: "SKILLS_REF_DIR is not set (point it at the skills-ref checkout, e.g. ../shared/reference/skills-ref)",
      };
  if ("reason" in ref) console.log(`skills-ref not run: ${ref.reason}.`);
  const ours: number[] = [];
  const warm: number[] = [];
  const theirs: number[] = [];
  let summary = "";
  // The validation cache of these runs lives in a folder of the bench, never the user's.
  const cacheEnv = { SKILLSHELF_CACHE_DIR: await mkdtemp(path.join(tmpdir(), "skillshelf-bench-real-cache-")) };
  timed(process.execPath, [BIN, "validate", "--json", ...corpus.dirs], cacheEnv);
  for (let round = 0; round < rounds; round++) {
    const run = timed(process.execPath, [BIN, "validate", "--json", "--no-cache", ...corpus.dirs]);
    ours.push(run.ms);
    const cached = timed(process.execPath, [BIN, "validate", "--json", ...corpus.dirs], cacheEnv);
    if (cached.stdout !== run.stdout) throw new Error("validate printed other results from its cache");
    warm.push(cached.ms);
    const results = (JSON.parse(run.stdout) as { results: Array<{ valid: boolean }> }).results;
    summary = `${results.length} checked, ${results.filter((r) => !r.valid).length} invalid`;
    if ("python" in ref) {
      const py = timed(ref.python, ["-c", SKILLS_REF_SCRIPT, path.resolve(refDir!), listFile]);
      if (py.status !== 0) throw new Error(`skills-ref exited with ${py.status}`);
      theirs.push(py.ms);
      summary += `; skills-ref: ${py.stdout.trim()} invalid`;
    }
  }
  await rm(cacheEnv.SKILLSHELF_CACHE_DIR, { recursive: true, force: true });
  const a = stats(ours);
  const w = stats(warm);
  console.log(`Load average (1 min) after the rounds: ${loadavg()[0]!.toFixed(2)} on ${availableCores()} cores.`);
  console.log(
    `skillshelf validate --json --no-cache, whole process: min ${ms(a.min)}, median ${ms(a.median)} over ${rounds} rounds (${summary}).`,
  );
  console.log(`skillshelf validate --json, warm cache:               min ${ms(w.min)}, median ${ms(w.median)}.`);
  if (theirs.length > 0) {
    const b = stats(theirs);
    console.log(`skills-ref in one Python process:                     min ${ms(b.min)}, median ${ms(b.median)}.`);
    console.log(
      `Time as a share of skills-ref's, median of ${rounds}: no cache ${(a.median / b.median).toFixed(2)}, warm cache ${(w.median / b.median).toFixed(2)} (goal <= 0.4; best against best ${(a.min / b.min).toFixed(2)} and ${(w.min / b.min).toFixed(2)}).`,
    );
  }
  const one = corpus.dirs[0]!;
  const startups: Array<[string, string[]]> = [
    ["node -e 0 (the floor)", ["-e", "0"]],
    ["skillshelf --help", [BIN, "--help"]],
    ["skillshelf validate ONE-SKILL", [BIN, "validate", one]],
  ];
  let floor: number | null = null;
  for (const [label, args] of startups) {
    const times = Array.from({ length: 15 }, () => timed(process.execPath, args).ms);
    const s = stats(times);
    const over = floor === null ? "" : `  (+${ms(s.min - floor)} over the floor)`;
    floor ??= s.min;
    console.log(`${label.padEnd(30)} min ${ms(s.min)}, median ${ms(s.median)} (15 runs)${over}`);
  }
  console.log(
    "Goals (issue 12): validate one skill in <= 80 ms and --help in <= 60 ms, set where `node -e 0` took 50 ms: that is at most +30 ms and +10 ms over the floor. Figures depend on machine load.",
  );
}
