// Bench: how long the process that answers requests stops answering while it works. The handlers run as the web host
// runs them (the same ones Electron main runs), and perf_hooks.monitorEventLoopDelay measures the event loop while
// (a) catalog:scan reads 10,000 generated skills, (b) the update check's hashes of one skill of 1,000 files run, and
// (c) catalog:scan and then updates:check run on that home with the big skill installed by the `skills` installer,
// its content compared with a GitHub look-alike running in another process.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { appendFile, cp, mkdir, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gitTreeOf } from "../electron/engine/updates/git-tree";
import { bundledPhase } from "./bundle-phase";
import { cachedCorpus } from "./corpus-cache";
import type { LoopPhaseResult } from "./event-loop-phase";
import { generateHome } from "./scan.bench";
import { printTable, runScript } from "./validate.bench";

const PHASE_SCRIPT = fileURLToPath(new URL("./event-loop-phase.ts", import.meta.url));
const LOOKALIKE_SCRIPT = fileURLToPath(new URL("./github-lookalike.ts", import.meta.url));
/** The repository the big skill was installed from (the look-alike serves it). */
const BIG_REPO = "acme/big-skills";
/** The CLI's read worker, which `serve` uses (`npm run bench` builds it first). */
const WORKER_SCRIPT = fileURLToPath(new URL("../dist/cli/read-worker.mjs", import.meta.url));
/** The budget: the 99th percentile of the event loop's delay. */
const P99_BUDGET_MS = 50;
const LINE = "Read the request, pick the matching template and check the totals before writing the result file.\n";

/** One skill of `files` files (SKILL.md plus references in a few folders), 1 to 4 KB each. */
async function generateBigSkill(root: string, files: number): Promise<string[]> {
  const dir = path.join(root, "big-skill");
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, "SKILL.md"),
    `---\nname: big-skill\ndescription: A skill of ${files} files. Use when measuring hashing.\n---\n# Big\n`,
  );
  for (let i = 1; i < files; i++) {
    const folder = path.join(dir, "references", `part-${i % 10}`);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, `file-${i}.md`), `# File ${i}\n\n${LINE.repeat(10 + (i % 30))}`);
  }
  return [dir];
}

/**
 * The generated home with the big skill installed as the `skills` installer installs from GitHub: its folder in
 * ~/.agents/skills, a lock entry naming the repository and the folder's tree SHA at install and no version, so the
 * check compares its content. Upstream (the `.upstream` folder the look-alike serves) has changed three files since.
 */
async function generateCheckHome(root: string, count: number, files: number): Promise<string[]> {
  const dirs = await generateHome(root, count);
  const [big] = await generateBigSkill(path.join(root, ".agents", "skills"), files);
  const upstream = path.join(root, ".upstream", "skills", "big-skill");
  await cp(big!, upstream, { recursive: true });
  for (const i of [1, 2, 3])
    await appendFile(path.join(upstream, "references", `part-${i % 10}`, `file-${i}.md`), "Changed upstream.\n");
  const skill = {
    source: BIG_REPO,
    sourceType: "github",
    sourceUrl: `https://github.com/${BIG_REPO}.git`,
    skillPath: "skills/big-skill/SKILL.md",
    skillFolderHash: (await gitTreeOf(big!)).sha,
  };
  await writeFile(
    path.join(root, ".agents", ".skill-lock.json"),
    JSON.stringify({ version: 3, skills: { "big-skill": skill } }, null, 2),
  );
  return [...dirs, big!];
}

/** Starts the GitHub look-alike in its own process serving `dir`; resolves with its URL and how to stop it. */
async function startLookalike(dir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [await bundledPhase(LOOKALIKE_SCRIPT), BIG_REPO, dir], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve((JSON.parse(out.split("\n")[0]!) as { url: string }).url);
    });
    child.once("exit", (code) => reject(new Error(`the GitHub look-alike exited with ${code}`)));
  });
  return { url, stop: () => (child.stdin.end(), exited) };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Runs each phase in a fresh process and prints p50, p99 and max of the event loop's delay beside the budget. */
export async function runEventLoopBench(
  options: { count?: number; files?: number; rounds?: number } = {},
): Promise<void> {
  const count = options.count ?? 10_000;
  const files = options.files ?? 1000;
  const rounds = options.rounds ?? 2;
  const workerScript = existsSync(WORKER_SCRIPT) ? WORKER_SCRIPT : "-";
  if (workerScript === "-") console.log("dist/cli/read-worker.mjs is not built: everything runs on the main thread.");
  const home = await cachedCorpus("home", count, generateHome);
  const big = await cachedCorpus("big-skill", files, generateBigSkill);
  const checkHome = await cachedCorpus(`check-home-${files}`, count, (root, n) => generateCheckHome(root, n, files));
  const github = await startLookalike(path.join(checkHome.root, ".upstream"));
  const phases: Array<[string, string[]]> = [
    ["idle, for the machine's own noise", ["idle", "3000"]],
    [`catalog:scan of ${count} skills`, ["scan", home.root, workerScript]],
    [`update check hashes of a ${files}-file skill`, ["hash", big.dirs[0] as string, workerScript]],
    [
      `catalog:scan, then updates:check with a ${files}-file skill`,
      ["check", checkHome.root, workerScript, github.url],
    ],
  ];
  const rows: string[][] = [];
  for (const [label, args] of phases) {
    for (let round = 1; round <= rounds; round++) {
      const r = await runScript<LoopPhaseResult>(PHASE_SCRIPT, args);
      rows.push([
        label,
        String(round),
        `${(r.ms / 1000).toFixed(2)} s`,
        ms(r.p50),
        ms(r.p99),
        ms(r.max),
        ms(r.timerLateMax),
        r.p99 < P99_BUDGET_MS ? "within" : "OVER",
        r.detail,
      ]);
    }
  }
  await github.stop();
  console.log(
    `Load average when done: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(", ")} on ${cpus().length} cores.`,
  );
  printTable(
    ["work", "round", "took", "p50", "p99", "max", "10 ms timer late by", `p99 < ${P99_BUDGET_MS} ms`, "result"],
    rows,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await runEventLoopBench();
