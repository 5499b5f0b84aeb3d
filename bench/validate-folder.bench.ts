// Bench: `validate FOLDER` of generated skills, whole process, each goal beside its yardstick from the same run —
// `find … -name SKILL.md | xargs cat`, the same skills given as paths — with the validation cache cold, warm (the kept
// run printed again), warm the whole way, and with one SKILL.md edited, as whole runs and as the cache's phases in a
// fresh process (the skills re-read are counted there). Prints figures; asserts nothing.
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cachedCorpus } from "./corpus-cache";
import { generateSkills } from "./generate";
import { runScript } from "./validate.bench";

const BIN = fileURLToPath(new URL("../bin/skillshelf.js", import.meta.url));
const CACHED_PHASE = fileURLToPath(new URL("./cached-phase.ts", import.meta.url));
const FIRST_RUN_PHASE = fileURLToPath(new URL("./first-run-phase.ts", import.meta.url));
const FLOOR_PHASE = fileURLToPath(new URL("./floor-phase.ts", import.meta.url));

/** One whole-process run as bash's `time` sees it: wall, user and kernel CPU in ms. */
interface Timed {
  ms: number;
  userMs: number;
  sysMs: number;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Runs a shell command line under bash's `time` (output discarded) and returns what it measured. */
function time(line: string, env: NodeJS.ProcessEnv = {}): Timed {
  const run = spawnSync("bash", ["-c", `TIMEFORMAT='%3R %3U %3S'; time ( (${line}) >/dev/null 2>&1 || true )`], {
    encoding: "utf8",
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  const [real, user, sys] = (run.stderr.trim().split("\n").pop() ?? "").split(" ").map(Number);
  if (run.status !== 0 || real === undefined || !Number.isFinite(real)) throw new Error(`bench run failed: ${line}`);
  return { ms: real * 1000, userMs: (user ?? 0) * 1000, sysMs: (sys ?? 0) * 1000 };
}

/** The best (least wall time) of `rounds` runs, each told its round. */
async function best<T extends { ms: number }>(rounds: number, run: (round: number) => T | Promise<T>): Promise<T> {
  let kept: T | null = null;
  for (let round = 0; round < rounds; round++) {
    const t = await run(round);
    if (!kept || t.ms < kept.ms) kept = t;
  }
  return kept!;
}

const show = (t: Timed) =>
  `${(t.ms / 1000).toFixed(2)} s (CPU ${t.userMs.toFixed(0)} user / ${t.sysMs.toFixed(0)} sys ms)`;
const verdict = (ratio: number, goal: number) =>
  `${ratio.toFixed(2)}x (goal <= ${goal}x: ${ratio <= goal ? "met" : "MISSED"})`;

/** Measures validate FOLDER against its yardsticks on `count` generated skills. */
export async function runValidateFolderBench(options: { count?: number; rounds?: number } = {}): Promise<void> {
  const count = Math.min(options.count ?? 10_000, Number(process.env.BENCH_MAX_SKILLS ?? 50_000));
  const rounds = options.rounds ?? 3;
  const corpus = await cachedCorpus("skills", count, async (root, n) => (await generateSkills(root, n)).dirs);
  const root = corpus.root;
  // A result is kept only when what it read is older than the cache's 2-second racy window.
  if (!corpus.reused) await new Promise((resolve) => setTimeout(resolve, 2_100));
  const cacheDir = await mkdtemp(path.join(tmpdir(), "skillshelf-bench-validate-cache-"));
  const env = { SKILLSHELF_CACHE_DIR: cacheDir };
  const node = quote(process.execPath);
  const validate = (args: string) => `${node} ${quote(BIN)} validate ${args}`;
  const cat = () => time(`find ${quote(root)} -name SKILL.md -print0 | xargs -0 cat`);
  try {
    console.log(
      `${corpus.reused ? "Reused" : `Generated in ${corpus.seconds.toFixed(1)} s`} ${count} skills in ${root}; best of ${rounds}, whole processes, Node ${process.version}.`,
    );
    time(validate(`--no-cache ${quote(root)}`)); // reads the corpus back into the page cache, unmeasured
    const raw = await best(rounds, cat);
    const paths = await best(rounds, () => time(validate(`--no-cache ${quote(root)}/group-*/*`)));
    const folder = await best(rounds, () => time(validate(`--no-cache ${quote(root)}`)));
    const cold = await best(rounds, () => {
      spawnSync("rm", ["-rf", path.join(cacheDir, "validate")]);
      return time(validate(quote(root)), env);
    });
    // The same with the read worker off: on two cores a second thread gains little (V8's own threads take the rest).
    const coldOneThread = await best(rounds, () => {
      spawnSync("rm", ["-rf", path.join(cacheDir, "validate")]);
      return time(validate(quote(root)), { ...env, SKILLSHELF_SCAN_WORKER_MIN: "0" });
    });
    time(validate(quote(root)), env);
    const warm = await best(rounds, () => time(validate(quote(root)), env));
    // The whole way with a warm cache: what a run costs when the kept run cannot be used (a folder's names changed).
    const whole = await best(rounds, () => {
      spawnSync("rm", ["-rf", path.join(cacheDir, "validate", "runs")]);
      return time(validate(quote(root)), env);
    });
    const rawAgain = await best(rounds, cat);
    const yardstick = Math.min(raw.ms, rawAgain.ms);
    const sameBytes = sameOutput(root, cacheDir, env);
    console.log(`find … -name SKILL.md | xargs cat:      ${show(raw)}; again after the runs: ${show(rawAgain)}`);
    console.log(`validate SKILL-FOLDERS… (as paths):     ${show(paths)}`);
    console.log(
      `validate FOLDER, no cache:              ${show(folder)} — vs as paths ${verdict(folder.ms / paths.ms, 1.1)}`,
    );
    console.log(
      `validate FOLDER, first run (cold cache): ${show(cold)} — vs xargs cat ${verdict(cold.ms / yardstick, 2.5)}`,
    );
    console.log(
      `  the same, read worker off:             ${show(coldOneThread)} — the worker takes ${(100 * (1 - cold.ms / coldOneThread.ms)).toFixed(0)}% off for ${(100 * ((cold.userMs + cold.sysMs) / (coldOneThread.userMs + coldOneThread.sysMs) - 1)).toFixed(0)}% more CPU, on ${availableParallelism()} cores`,
    );
    console.log(
      `validate FOLDER, second run, unchanged:  ${show(warm)} — vs xargs cat ${verdict(warm.ms / yardstick, 1)}`,
    );
    console.log(
      `validate FOLDER, kept run unusable:     ${show(whole)} — the search and every kept result checked, then the run kept`,
    );
    console.log(`output of a first and a second run the same bytes as without the cache: ${sameBytes ? "yes" : "NO"}`);
    // One SKILL.md edited: counted and timed in fresh processes that run what validate runs (search, cache, output
    // left out), beside the same phase with nothing changed, each the best of `rounds`. The file is put back afterwards.
    const edited = path.join(root, "group-0", "skill-00007", "SKILL.md");
    const original = await readFile(edited);
    // One SKILL.md edited, whole processes: the kept run reads that skill again; each round's edit is older than the
    // racy window, and the run after it (unmeasured) is the unchanged one the next edit starts from.
    let wholeEdit;
    try {
      time(validate(quote(root)), env);
      wholeEdit = await best(rounds, async (round) => {
        await writeFile(edited, Buffer.concat([original, Buffer.from(`\nAnother line (${round}).\n`)]));
        await new Promise((resolve) => setTimeout(resolve, 2_100));
        return time(validate(quote(root)), env);
      });
    } finally {
      await writeFile(edited, original);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      time(validate(quote(root)), env);
    }
    console.log(
      `validate FOLDER, one SKILL.md edited:    ${show(wholeEdit)} — vs unchanged ${verdict(wholeEdit.ms / warm.ms, 1.1)}`,
    );
    const phase = () =>
      runScript<CachedPhase>(CACHED_PHASE, [root, path.join(cacheDir, "validate", "results-v2.json")]);
    await phase();
    const unchanged = await best(rounds, phase);
    let one;
    try {
      // A new edit each round, older than the cache's racy window when the run starts (as an edit a person saved a
      // moment before): each round reads that one skill, keeps its new result and writes the cache file.
      one = await best(rounds, async (round) => {
        await writeFile(edited, Buffer.concat([original, Buffer.from(`\nOne more line (${round}).\n`)]));
        await new Promise((resolve) => setTimeout(resolve, 2_100));
        return phase();
      });
    } finally {
      await writeFile(edited, original);
    }
    const phaseText = (p: CachedPhase) =>
      `${(p.ms / 1000).toFixed(2)} s (CPU ${p.userMs.toFixed(0)} user / ${p.systemMs.toFixed(0)} sys ms), ${p.read} read, ${p.reused} reused`;
    const stepsText = (p: CachedPhase) =>
      `the search ${p.steps.search?.toFixed(0)} ms, reading the cache file ${p.steps.open?.toFixed(0)} ms, checking the kept results ${p.steps.check?.toFixed(0)} ms`;
    console.log(`the whole way in-process, unchanged:    ${phaseText(unchanged)}: ${stepsText(unchanged)}`);
    console.log(
      `the whole way in-process, one edited:   ${phaseText(one)} — re-read ${one.read} (goal 1), vs unchanged ${verdict(one.ms / unchanged.ms, 1.1)}`,
    );
    await printWhereTimeGoes({ root, cacheDir, count, rounds, yardstick, cold: cold.ms, warm: warm.ms });
    console.log("Figures depend on machine load: compare the CPU columns when other work shares the machine.");
  } finally {
    await rm(cacheDir, { recursive: true, force: true });
  }
}

/** What one cached phase measured: its time and CPU, the skills reused and read, and the wall time of each step. */
interface CachedPhase {
  ms: number;
  userMs: number;
  systemMs: number;
  reused: number;
  read: number;
  steps: Partial<Record<"search" | "open" | "check" | "save", number>>;
}

/** What one floor phase measured: in-process time and CPU of the system calls alone, and how many calls. */
interface Floor {
  ms: number;
  userMs: number;
  systemMs: number;
  calls: number;
}

/**
 * Prints where a first run's time goes, stage by stage per skill, and the floors: Node's own start and what the
 * system calls validate cannot do without cost alone, measured, beside the goals they bound.
 */
async function printWhereTimeGoes(run: {
  root: string;
  cacheDir: string;
  count: number;
  rounds: number;
  yardstick: number;
  cold: number;
  warm: number;
}): Promise<void> {
  const node = quote(process.execPath);
  const empty = await mkdtemp(path.join(tmpdir(), "skillshelf-bench-empty-"));
  try {
    const nodeStart = await best(run.rounds, () => time(`${node} -e 0`));
    const cliStart = await best(run.rounds, () => time(`${node} ${quote(BIN)} validate --no-cache ${quote(empty)}`));
    const cacheFile = path.join(run.cacheDir, "validate", "results-v2.json");
    const floors: Record<"warm" | "cold", Floor> = {
      warm: await runScript<Floor>(FLOOR_PHASE, [run.root, cacheFile, "warm"]),
      cold: await runScript<Floor>(FLOOR_PHASE, [run.root, cacheFile, "cold"]),
    };
    const stages = await runScript<Record<string, number>>(FIRST_RUN_PHASE, [
      run.root,
      path.join(empty, "stages", "results.json"),
    ]);
    const perSkill = (ms: number) => `${((ms * 1000) / run.count).toFixed(0).padStart(4)} µs`;
    console.log(
      `Where a first run's time goes (${run.count} skills, each stage alone in one fresh process, per skill):`,
    );
    console.log(
      `  Node's own start ${nodeStart.ms.toFixed(0)} ms; validate of an empty folder ${cliStart.ms.toFixed(0)} ms`,
    );
    for (const [stage, what] of [
      ["search", "the search for skills (listings, one lstat per SKILL.md)"],
      ["listing", "listing every skill folder"],
      ["readSkillMd", "reading every SKILL.md"],
      ["frontmatter", "parsing every frontmatter"],
      ["validate", "the whole check, no cache (listing, reading, frontmatter, rules, references)"],
      ["validateWithRecord", "the same plus what the cache records (the stats of what each result depends on)"],
      ["keep", "keeping the records"],
      ["save", "writing the cache file"],
    ] as const)
      console.log(`  ${perSkill(stages[stage] ?? NaN)}  ${what}`);
    for (const [kind, measured, goal] of [
      ["second run, unchanged", run.warm, 1],
      ["first run", run.cold, 2.5],
    ] as const) {
      const floor = floors[kind === "first run" ? "cold" : "warm"];
      const whole = nodeStart.ms + floor.ms;
      console.log(
        `  ${kind}: its system calls alone (${floor.calls} calls, CPU ${floor.userMs.toFixed(0)} user / ${floor.systemMs.toFixed(0)} sys ms) take ${floor.ms.toFixed(0)} ms, ` +
          `${whole.toFixed(0)} ms with Node's start = ${(whole / run.yardstick).toFixed(2)}x xargs cat (goal ${goal}x); measured ${(measured / run.yardstick).toFixed(2)}x`,
      );
    }
  } finally {
    await rm(empty, { recursive: true, force: true });
  }
}

/** Whether a first run (cache emptied) and a second run print exactly what a run without the cache prints. */
function sameOutput(root: string, cacheDir: string, env: NodeJS.ProcessEnv): boolean {
  const run = (args: string[]) =>
    spawnSync(process.execPath, [BIN, "validate", ...args, root], {
      env: { ...process.env, ...env },
      maxBuffer: 256 * 1024 * 1024,
    }).stdout;
  const plain = run(["--no-cache"]);
  spawnSync("rm", ["-rf", path.join(cacheDir, "validate")]);
  return plain.equals(run([])) && plain.equals(run([]));
}
