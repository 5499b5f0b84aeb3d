// The read worker must change nothing but speed: a scan read partly in the built worker (dist/, built by the vitest
// globalSetup) equals one read in this thread, and a worker that cannot start, throws, exits, stalls or answers
// nonsense only moves its work back to this thread.
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TaskProgress } from "../../../shared/model";
import { buildFixtureHome } from "../../../test-support/fixture-homes";
import { addManySkills } from "../../../test-support/many-skills";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { readSkillAt } from "./read";
import type { ReadJob } from "./read-protocol";
import { scan } from "./scan";
import type { ScanOptions } from "./types";
import { endIdleWorkers, leaseWorker, prestartWorker, READ_WORKER_MEMORY_MB, releaseWorker } from "./worker-lease";
import { readSharedWithWorker } from "./scan-reads";

const root = path.resolve(__dirname, "../../..");
const CLI_WORKER = path.join(root, "dist", "cli", "read-worker.mjs");
const MAIN_WORKER = path.join(root, "dist", "main", "read-worker.cjs");

let dir = "";
let cleanup: () => Promise<void> = async () => undefined;
let base: ScanOptions;

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir());
  const { home, env } = await buildFixtureHome("darwin", dir);
  await addManySkills(home, 90);
  base = { home, platform: "darwin", env, workerMinSkills: 10 };
});

afterEach(endIdleWorkers);
afterAll(() => cleanup());

async function scanRecorded(options: ScanOptions) {
  const reads: string[] = [];
  const progress: TaskProgress[] = [];
  const result = await scan({ ...options, onSkillRead: (d) => reads.push(d), onProgress: (p) => progress.push(p) });
  return { result, reads: reads.sort(), last: progress.at(-1) };
}

/** A worker script in the temp folder: `body` runs in the worker thread. */
async function workerFile(name: string, body: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, body);
  return file;
}

describe("scan with the read worker", () => {
  it("the built workers exist (vitest's globalSetup builds them)", () => {
    expect(existsSync(CLI_WORKER)).toBe(true);
    expect(existsSync(MAIN_WORKER)).toBe(true);
  });

  it.each([
    ["the CLI's ESM bundle", CLI_WORKER],
    ["Electron main's CJS bundle", MAIN_WORKER],
  ])(
    "gives the same result as one thread with %s, reading each folder once and reporting progress",
    async (_label, script) => {
      const marker = path.join(dir, `batches-${path.basename(script)}.log`);
      const counting = await workerFile(
        `counting-${path.basename(script)}.mjs`,
        `import { parentPort } from "node:worker_threads";\nimport { appendFileSync } from "node:fs";\nparentPort.on("message", (m) => appendFileSync(${JSON.stringify(marker)}, m.jobs.length + "\\n"));\nawait import(${JSON.stringify(pathToFileURL(script).href)});\n`,
      );
      const alone = await scanRecorded(base);
      expect(await prestartWorker(counting)).toBe(true);
      const shared = await scanRecorded({ ...base, workerScript: counting });
      expect(alone.result.skills.length).toBeGreaterThan(90);
      expect(shared.result).toEqual(alone.result);
      expect(JSON.stringify(shared.result)).toBe(JSON.stringify(alone.result));
      expect(shared.reads).toEqual(alone.reads);
      expect(new Set(shared.reads).size).toBe(shared.reads.length);
      expect(shared.last).toMatchObject({ value: 1, title: "Scan finished" });
      const batches = (await readFile(marker, "utf8")).trim().split("\n").map(Number);
      expect(batches.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    },
  );

  it("reuses the idle worker for the next scan with the same result", async () => {
    const first = await scan({ ...base, workerScript: CLI_WORKER });
    expect(await prestartWorker(CLI_WORKER)).toBe(true);
    const second = await scan({ ...base, workerScript: CLI_WORKER });
    expect(second).toEqual(first);
  });

  it("hands work to a worker that becomes ready while this thread reads (its reads never starve the event loop)", async () => {
    const loaded = path.join(dir, "late-worker-loaded");
    const marker = path.join(dir, "late-worker-batches.log");
    const late = await workerFile(
      "late-worker.mjs",
      `import { parentPort } from "node:worker_threads";\nimport { appendFileSync, writeFileSync } from "node:fs";\nparentPort.on("message", (m) => appendFileSync(${JSON.stringify(marker)}, m.jobs.length + "\\n"));\nawait import(${JSON.stringify(pathToFileURL(CLI_WORKER).href)});\nwriteFileSync(${JSON.stringify(loaded)}, "");\n`,
    );
    const alone = await scanRecorded(base);
    let first = true;
    const shared = await scan({
      ...base,
      workerScript: late,
      onSkillRead: () => {
        // This thread's first read waits until the fresh worker has loaded and said so: its "ready" is then queued.
        if (!first) return;
        first = false;
        const until = Date.now() + 20_000;
        while (!existsSync(loaded) && Date.now() < until);
      },
    });
    expect(existsSync(loaded)).toBe(true);
    expect(shared).toEqual(alone.result);
    const batches = (await readFile(marker, "utf8").catch(() => "")).trim().split("\n").filter(Boolean).map(Number);
    expect(batches.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  it("starts one worker while listing, ready for the first reads, once enough skills are found", async () => {
    const starts = path.join(dir, "listing-starts.log");
    const marker = path.join(dir, "listing-batches.log");
    const counting = await workerFile(
      "listing-worker.mjs",
      `import { parentPort } from "node:worker_threads";\nimport { appendFileSync } from "node:fs";\nappendFileSync(${JSON.stringify(starts)}, "start\\n");\nparentPort.on("message", (m) => appendFileSync(${JSON.stringify(marker)}, m.jobs.length + "\\n"));\nawait import(${JSON.stringify(pathToFileURL(CLI_WORKER).href)});\n`,
    );
    const alone = await scanRecorded(base);
    const shared = await scanRecorded({ ...base, workerScript: counting });
    expect(shared.result).toEqual(alone.result);
    expect(shared.reads).toEqual(alone.reads);
    expect((await readFile(starts, "utf8")).trim().split("\n")).toEqual(["start"]);
    const batches = (await readFile(marker, "utf8")).trim().split("\n").map(Number);
    expect(batches.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  it("stays in this thread below the threshold", async () => {
    const missing = path.join(dir, "never-started.mjs");
    const alone = await scan(base);
    expect(await scan({ ...base, workerScript: missing, workerMinSkills: 100_000 })).toEqual(alone);
  });
});

describe("scan when the worker fails", () => {
  const cases: Array<[string, string | null]> = [
    ["the worker script does not exist", null],
    ["the worker throws while loading", `throw new Error("broken worker");\n`],
    [
      "the worker exits at its first batch",
      `import { parentPort } from "node:worker_threads";\nparentPort.on("message", () => process.exit(3));\nparentPort.postMessage({ type: "ready" });\n`,
    ],
    [
      "the worker throws at its first batch",
      `import { parentPort } from "node:worker_threads";\nparentPort.on("message", () => { throw new Error("boom"); });\nparentPort.postMessage({ type: "ready" });\n`,
    ],
    [
      "the worker answers with too few reads",
      `import { parentPort } from "node:worker_threads";\nparentPort.on("message", (m) => parentPort.postMessage({ type: "done", batch: m.batch, reads: [] }));\nparentPort.postMessage({ type: "ready" });\n`,
    ],
    [
      "the worker reports every batch as failed",
      `import { parentPort } from "node:worker_threads";\nparentPort.on("message", (m) => parentPort.postMessage({ type: "failed", batch: m.batch, message: "no" }));\nparentPort.postMessage({ type: "ready" });\n`,
    ],
  ];

  it.each(cases)("reads everything in this thread when %s", async (label, body) => {
    const script =
      body === null
        ? path.join(dir, "does-not-exist.mjs")
        : await workerFile(`${label.replace(/\W+/g, "-")}.mjs`, body);
    if (body?.includes("ready")) expect(await prestartWorker(script)).toBe(true);
    const alone = await scanRecorded(base);
    const shared = await scanRecorded({ ...base, workerScript: script });
    expect(shared.result).toEqual(alone.result);
    expect(shared.reads).toEqual(alone.reads);
  });

  it("gives up on a worker that takes batches and never answers", async () => {
    const silent = await workerFile(
      "silent.mjs",
      `import { parentPort } from "node:worker_threads";\nparentPort.on("message", () => undefined);\nparentPort.postMessage({ type: "ready" });\n`,
    );
    const jobs: ReadJob[] = (await scan(base)).skills
      .filter((s) => !s.pluginId)
      .map((s) => ({ dir: s.dir, realDir: s.realDir, profile: "agent-skills" }));
    const reads = new Array(jobs.length);
    expect(await prestartWorker(silent)).toBe(true);
    await readSharedWithWorker(
      jobs,
      { workerScript: silent, limit: 4, batchSize: 8, stallMs: 300 },
      (i, read) => (reads[i] = read),
    );
    const expected = await Promise.all(jobs.map((j) => readSkillAt(j.dir, j.realDir, j.profile)));
    expect(reads).toEqual(expected);
  });

  it("keeps a worker that finishes a file within every stall window, however long its batches take", async () => {
    const starts = path.join(dir, "steady-starts.log");
    const steady = await workerFile(
      "steady.mjs",
      `import { parentPort } from "node:worker_threads";\nimport { appendFileSync } from "node:fs";\nappendFileSync(${JSON.stringify(starts)}, "start\\n");\nconst post = parentPort.postMessage.bind(parentPort);\nparentPort.postMessage = (m) => {\n  if (m.type !== "done") return post(m);\n  let ticks = 0;\n  const timer = setInterval(() => {\n    post({ type: "progress", batch: m.batch });\n    if (++ticks === 6) { clearInterval(timer); post(m); }\n  }, 100);\n};\nawait import(${JSON.stringify(pathToFileURL(CLI_WORKER).href)});\n`,
    );
    const jobs: ReadJob[] = (await scan(base)).skills
      .filter((s) => !s.pluginId)
      .map((s) => ({ dir: s.dir, realDir: s.realDir, profile: "agent-skills" }));
    const reads = new Array(jobs.length);
    expect(await prestartWorker(steady)).toBe(true);
    await readSharedWithWorker(
      jobs,
      { workerScript: steady, limit: 4, batchSize: 8, stallMs: 300 },
      (i, read) => (reads[i] = read),
    );
    const expected = await Promise.all(jobs.map((j) => readSkillAt(j.dir, j.realDir, j.profile)));
    expect(reads).toEqual(expected);
    // Each batch took 600 ms with a sign every 100 ms: the worker was never taken for stalled and started again.
    expect((await readFile(starts, "utf8")).trim().split("\n")).toEqual(["start"]);
  });
});

describe("a folder that blows the worker's limits", () => {
  it("runs the worker with a capped heap", async () => {
    const script = await workerFile(
      "limits.mjs",
      `import { parentPort, resourceLimits } from "node:worker_threads";\nparentPort.postMessage({ type: "limits", resourceLimits });\n`,
    );
    const limits = await new Promise<unknown>((resolve, reject) => {
      const lease = leaseWorker(script, {
        message: (m) => (
          releaseWorker(script, lease, false),
          resolve((m as { resourceLimits: unknown }).resourceLimits)
        ),
        failure: reject,
      });
    });
    expect(limits).toMatchObject({ maxOldGenerationSizeMb: READ_WORKER_MEMORY_MB });
  });

  it("reports a folder that exhausts the worker's memory, and one that never finishes, as scan.skill.limit; reads every other folder as usual", async () => {
    const hostile = path.join(dir, "hostile");
    const skillMd = (name: string) => `---\nname: ${name}\ndescription: Looks harmless.\n---\n# ${name}\n`;
    await writeTree(hostile, { "bomb-oom/SKILL.md": skillMd("bomb-oom"), "bomb-spin/SKILL.md": skillMd("bomb-spin") });
    // The real worker, except that it runs out of memory on bomb-oom and spins forever on bomb-spin once it took the batch.
    const script = await workerFile(
      "hostile.mjs",
      `import { parentPort } from "node:worker_threads";\n` +
        `parentPort.on("message", (m) => {\n` +
        `  const dirs = (m.jobs ?? []).map((j) => j.dir);\n` +
        `  if (dirs.some((d) => d.endsWith("bomb-oom"))) { parentPort.postMessage({ type: "taken", batch: m.batch }); const hog = []; for (;;) hog.push(new Array(1e6).fill(m.batch)); }\n` +
        `  if (dirs.some((d) => d.endsWith("bomb-spin"))) { parentPort.postMessage({ type: "taken", batch: m.batch }); for (;;); }\n` +
        `});\n` +
        `await import(${JSON.stringify(pathToFileURL(CLI_WORKER).href)});\n`,
    );
    const found = (await scan(base)).skills
      .filter((s) => !s.pluginId)
      .map((s): ReadJob => ({ dir: s.dir, realDir: s.realDir, profile: "agent-skills" }));
    const bombs = ["bomb-oom", "bomb-spin"].map((name): ReadJob => ({
      dir: path.join(hostile, name),
      realDir: path.join(hostile, name),
      profile: "agent-skills",
    }));
    // Both in the first batch, which the warm worker takes before this thread starts reading.
    const jobs = [found[0]!, bombs[0]!, found[1]!, bombs[1]!, ...found.slice(2, 30)];
    const reads = new Array<Awaited<ReturnType<typeof readSkillAt>>>(jobs.length);
    expect(await prestartWorker(script)).toBe(true);
    await readSharedWithWorker(
      jobs,
      // 12 s: filling the worker's heap takes seconds on a loaded machine, and must finish before the stall limit.
      { workerScript: script, limit: 1, batchSize: 6, stallMs: 12_000 },
      (i, read) => (reads[i] = read),
    );
    const oom = reads[1]!.report.diagnostics;
    const spin = reads[3]!.report.diagnostics;
    expect(oom.map((d) => [d.code, d.severity])).toEqual([["scan.skill.limit", "error"]]);
    expect(oom[0]?.message).toContain(`needed more than ${READ_WORKER_MEMORY_MB} MB of memory`);
    expect(spin.map((d) => d.code)).toEqual(["scan.skill.limit"]);
    expect(spin[0]?.message).toContain("took longer than 12 s");
    expect(reads[1]!.report.valid).toBe(false);
    const others = jobs.map((job, i) => [job, i] as const).filter(([job]) => !job.dir.startsWith(hostile));
    for (const [job, i] of others)
      expect(reads[i], job.dir).toEqual(await readSkillAt(job.dir, job.realDir, job.profile));
  }, 90_000);
});
