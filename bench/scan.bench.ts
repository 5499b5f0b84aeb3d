// Bench: a full scan of a fake home with 10,000 skills (a dozen locations, 20 Desktop trees), and one edit seen by the watcher.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import { computeBudget } from "../electron/engine/budget/budget";
import { scan } from "../electron/engine/discovery/scan";
import { watchCatalog } from "../electron/engine/discovery/watch";
import type { ScanOptions } from "../electron/engine/discovery/types";
import { cachedCorpus } from "./corpus-cache";
import { benchSizes, printTable, runPhase } from "./validate.bench";

const USER_FOLDERS = [
  ".claude/skills",
  ".agents/skills",
  ".cursor/skills",
  ".codex/skills",
  ".gemini/skills",
  ".copilot/skills",
  ".codeium/windsurf/skills",
  ".config/goose/skills",
  ".config/opencode/skills",
  ".cline/skills",
  ".roo/skills",
  ".kiro/skills",
];
const DESKTOP_TREES = 20;
/** The built read worker (`npm run bench` builds first); without it the scans run in one thread, as the output says. */
const WORKER_SCRIPT = fileURLToPath(new URL("../dist/cli/read-worker.mjs", import.meta.url));
const LINE =
  "Read the request, pick the matching template, fill every field from the payload and check the totals before writing the result file for review.";

function skillMd(name: string, i: number): string {
  const body = Array.from({ length: 10 + (i % 25) }, (_, p) => `${p + 1}. ${LINE}`).join("\n");
  return `---\nname: ${name}\ndescription: Handles ${name} requests. Use when the user asks about ${name}.\nlicense: MIT\nmetadata:\n  version: "1.${i % 10}.0"\n---\n# ${name}\n\n${body}\n${i % 3 === 0 ? "\nSee [the reference](references/guide.md).\n" : ""}`;
}

/** Writes the fake home (exported for profiling runs): 10,000 skills split over a dozen user folders and 20 Desktop account trees. */
export async function generateHome(home: string, count: number): Promise<string[]> {
  const folders: string[] = USER_FOLDERS.map((f) => path.join(home, ...f.split("/")));
  const root = path.join(home, ".config", "Claude", "local-agent-mode-sessions", "skills-plugin");
  const trees: string[] = [];
  for (let t = 0; t < DESKTOP_TREES; t++) {
    const tree = path.join(root, `org-${t % 5}`, `account-${t}`);
    trees.push(tree);
    folders.push(path.join(tree, "skills"));
  }
  const dirs: string[] = [];
  const manifests = new Map<string, unknown[]>(trees.map((t) => [t, []]));
  for (let i = 0; i < count; i++) {
    const name = `skill-${String(i).padStart(5, "0")}`;
    const folder = folders[i % folders.length] as string;
    const dir = path.join(folder, name);
    dirs.push(dir);
    await mkdir(path.join(dir, "references"), { recursive: true });
    await writeFile(path.join(dir, "SKILL.md"), skillMd(name, i));
    if (i % 3 === 0) await writeFile(path.join(dir, "references", "guide.md"), `# Guide\n\n${LINE}\n`.repeat(20));
    const tree = trees.find((t) => folder === path.join(t, "skills"));
    if (tree)
      manifests.get(tree)?.push({
        skillId: `skill_${i}`,
        name,
        creatorType: "user",
        enabled: true,
        syncManaged: true,
        updatedAt: Date.now(),
      });
  }
  for (const [tree, skills] of manifests)
    await writeFile(path.join(tree, "manifest.json"), JSON.stringify({ lastUpdated: Date.now(), skills }));
  return dirs;
}

/** Measures first scans in fresh processes at each size, warm rescans and the time from saving one SKILL.md to the watcher's report; prints figures, asserts nothing. */
export async function runScanBench(
  options: { count?: number; concurrency?: number; rounds?: number } = {},
): Promise<void> {
  const count = options.count ?? 10_000;
  const rounds = options.rounds ?? 3;
  const workerScript = existsSync(WORKER_SCRIPT) ? WORKER_SCRIPT : undefined;
  const sizes = [...new Set([...benchSizes(), count])].sort((a, b) => a - b);
  const homes = new Map<number, { home: string; dirs: string[] }>();
  for (const size of sizes) {
    const made = await cachedCorpus("home", size, generateHome);
    homes.set(size, { home: made.root, dirs: made.dirs });
    console.log(
      `${made.reused ? "Reused" : `Generated in ${made.seconds.toFixed(1)} s`} a home of ${size} skills in ${USER_FOLDERS.length} user folders and ${DESKTOP_TREES} Desktop trees: ${made.root}`,
    );
  }
  console.log(
    workerScript
      ? "Scans read skills in the built read worker beside the main thread."
      : "dist/cli/read-worker.mjs is not built: scans read in one thread.",
  );
  // One unmeasured scan per home reads it back into the page cache (idle cache is reclaimed on some machines), so the
  // rounds compare warm scans; a first scan after a reboot reads from the disk and takes longer.
  for (const size of sizes) await runPhase(["scan", homes.get(size)!.home, workerScript ?? "-"]);
  console.log("One unmeasured scan of each home ran first, so every round below reads a warm page cache.");
  const rows: string[][] = [];
  for (const size of sizes) {
    const repeat = size <= 10_000 ? 2 : 1;
    for (let round = 1; round <= repeat; round++) {
      const phase = await runPhase(["scan", homes.get(size)!.home, workerScript ?? "-"]);
      rows.push([
        String(size),
        String(round),
        `${(phase.ms / 1000).toFixed(2)} s`,
        `${((phase.ms / size) * 1000).toFixed(0)} µs`,
        `${phase.maxRssMb.toFixed(0)} MB`,
        phase.detail,
      ]);
    }
  }
  printTable(["skills", "round", "first scan, fresh process", "per skill", "peak RSS", "result"], rows);
  const { home, dirs } = homes.get(count)!;
  const base: ScanOptions = {
    home,
    platform: "linux",
    env: { XDG_CONFIG_HOME: "", XDG_STATE_HOME: "", CLAUDE_CONFIG_DIR: "", CODEX_HOME: "" },
    concurrency: options.concurrency,
    workerScript,
  };
  const runs: Array<[string, ScanOptions]> = [];
  for (let round = 1; round <= rounds; round++) runs.push([`in one process, scan ${round}`, base]);
  if (workerScript) runs.push(["in one process, one thread, for comparison", { ...base, workerScript: undefined }]);
  for (const [label, scanOptions] of runs) {
    const start = performance.now();
    const result = await scan(scanOptions);
    const ms = performance.now() - start;
    const budgetStart = performance.now();
    const budget = await computeBudget(result, { claudeConfigDir: path.join(home, ".claude") });
    const budgetMs = performance.now() - budgetStart;
    console.log(
      `${count} skills, ${label}: ${(ms / 1000).toFixed(2)} s, ${result.skills.length} skills, ${result.locations.filter((l) => l.desktop?.accountTree).length} Desktop trees, ${result.skills.filter((s) => !s.valid).length} invalid; budget of ${budget.clients.length} listings on that scan: ${budgetMs.toFixed(0)} ms (+${((budgetMs / ms) * 100).toFixed(1)}%)`,
    );
  }
  const target = path.join(dirs[Math.floor(dirs.length / 2)] as string, "SKILL.md");
  const original = await readFile(target, "utf8");
  try {
    for (const debounceMs of [20, 10]) {
      let reads = 0;
      let seen: (() => void) | null = null;
      const watch = await watchCatalog({ ...base, debounceMs, onSkillRead: () => reads++ }, () => seen?.());
      reads = 0;
      const times: number[] = [];
      for (let edit = 0; edit < 3; edit++) {
        const arrived = new Promise<void>((resolve) => (seen = resolve));
        const start = performance.now();
        await writeFile(target, original.replace(/version: "[^"]*"/, `version: "9.${edit}.0"`));
        await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        times.push(performance.now() - start);
      }
      await watch.close();
      console.log(
        `watch, debounce ${debounceMs} ms${debounceMs === 20 ? " (the default)" : ""}: an edited SKILL.md reported in ${times.map((t) => `${t.toFixed(0)} ms`).join(", ")} (${reads} skill re-reads for 3 edits)`,
      );
    }
  } finally {
    await writeFile(target, original);
  }
  console.log(
    "Goals (issue 12): first scan of 10,000 skills in a fresh process < 1.5 s, warm rescans < 1 s, one edit reported < 100 ms; it should grow linearly. Issue 35: the budget adds at most 10% to a scan. Figures depend on machine load.",
  );
}
