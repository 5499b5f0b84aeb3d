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
import { makeTempDir } from "../../../test-support/tmp";
import { readSkillAt } from "./read";
import type { ReadJob } from "./read-protocol";
import { scan } from "./scan";
import type { ScanOptions } from "./types";
import { endIdleWorkers, prestartWorker } from "./worker-lease";
import { readSharedWithWorker } from "./worker-pool";

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
  ])("gives the same result as one thread with %s, reading each folder once and reporting progress", async (_label, script) => {
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
  });

  it("reuses the idle worker for the next scan with the same result", async () => {
    const first = await scan({ ...base, workerScript: CLI_WORKER });
    expect(await prestartWorker(CLI_WORKER)).toBe(true);
    const second = await scan({ ...base, workerScript: CLI_WORKER });
    expect(second).toEqual(first);
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
    ["the worker exits at its first batch", `import { parentPort } from "node:worker_threads";\nparentPort.on("message", () => process.exit(3));\nparentPort.postMessage({ type: "ready" });\n`],
    ["the worker throws at its first batch", `import { parentPort } from "node:worker_threads";\nparentPort.on("message", () => { throw new Error("boom"); });\nparentPort.postMessage({ type: "ready" });\n`],
    ["the worker answers with too few reads", `import { parentPort } from "node:worker_threads";\nparentPort.on("message", (m) => parentPort.postMessage({ type: "done", batch: m.batch, reads: [] }));\nparentPort.postMessage({ type: "ready" });\n`],
    ["the worker reports every batch as failed", `import { parentPort } from "node:worker_threads";\nparentPort.on("message", (m) => parentPort.postMessage({ type: "failed", batch: m.batch, message: "no" }));\nparentPort.postMessage({ type: "ready" });\n`],
  ];

  it.each(cases)("reads everything in this thread when %s", async (label, body) => {
    const script = body === null ? path.join(dir, "does-not-exist.mjs") : await workerFile(`${label.replace(/\W+/g, "-")}.mjs`, body);
    if (body?.includes("ready")) expect(await prestartWorker(script)).toBe(true);
    const alone = await scanRecorded(base);
    const shared = await scanRecorded({ ...base, workerScript: script });
    expect(shared.result).toEqual(alone.result);
    expect(shared.reads).toEqual(alone.reads);
  });

  it("gives up on a worker that takes batches and never answers", async () => {
    const silent = await workerFile("silent.mjs", `import { parentPort } from "node:worker_threads";\nparentPort.on("message", () => undefined);\nparentPort.postMessage({ type: "ready" });\n`);
    const jobs: ReadJob[] = (await scan(base)).skills.filter((s) => !s.pluginId).map((s) => ({ dir: s.dir, realDir: s.realDir, profile: "agent-skills" }));
    const reads = new Array(jobs.length);
    expect(await prestartWorker(silent)).toBe(true);
    await readSharedWithWorker(jobs, { workerScript: silent, limit: 4, batchSize: 8, stallMs: 300 }, (i, read) => (reads[i] = read));
    const expected = await Promise.all(jobs.map((j) => readSkillAt(j.dir, j.realDir, j.profile)));
    expect(reads).toEqual(expected);
  });
});
