// Checking many skills at once through the cache, here and in the built read worker (dist/, built by vitest's
// globalSetup), must give exactly what validating each folder alone gives, keep records a later run and the scan
// reuse, and fall back to this thread when the worker cannot help.
import { lstatSync } from "node:fs";
import { cp, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test-support/tmp";
import { endIdleWorkers, prestartWorker } from "../discovery/worker-lease";
import { StatsSeen } from "../fs/stats-seen";
import { findTargets } from "../skill/targets";
import { validateTarget, type TargetResult } from "../validate-target";
import type { CacheClock } from "./cached-skill";
import { recordKey } from "./format";
import { nowNs } from "./identity";
import { validateSkillsCached } from "./skills-cached";
import { ValidationCache, cacheFileIn } from "./store";

const FIXTURES = fileURLToPath(new URL("../skill/fixtures", import.meta.url));
const WORKER = path.resolve(__dirname, "../../..", "dist", "cli", "read-worker.mjs");
/** A clock an hour ahead: every file looks long settled, so results are kept. */
const SETTLED: CacheClock = { now: () => nowNs() + 3_600_000_000_000n };

let tmp: Awaited<ReturnType<typeof makeTempDir>>;
let root: string;
let skills: Array<{ path: string; dir: string }>;
let expected: TargetResult[];

beforeAll(async () => {
  tmp = await makeTempDir();
  root = path.join(tmp.dir, "skills");
  await cp(FIXTURES, root, { recursive: true, verbatimSymlinks: true });
  for (let i = 0; i < 60; i++) {
    const dir = path.join(root, "many", `skill-${i}`);
    await mkdir(path.join(dir, "references"), { recursive: true });
    await writeFile(path.join(dir, "references", "guide.md"), `# Guide ${i}\n`);
    const description = i % 7 === 0 ? "" : `Handles skill-${i}. Use when asked about it.`;
    await writeFile(
      path.join(dir, "SKILL.md"),
      `---\nname: skill-${i}\ndescription: ${description}\n---\n# Skill ${i}\n\nSee [the guide](references/guide.md) and [gone](references/gone-${i % 3}.md).\n`,
    );
  }
  const { targets } = await findTargets(root);
  skills = targets.flatMap((t) => (t.kind === "skill" ? [{ path: t.path, dir: t.dir }] : []));
  expected = await Promise.all(skills.map((t) => validateTarget({ kind: "skill", ...t }, "agent-skills")));
  expect(skills.length).toBeGreaterThan(100);
});
afterEach(endIdleWorkers);
afterAll(() => tmp.cleanup());

/** One run over every skill with a fresh cache object on `file`; its results, counts and the folders the worker read. */
async function run(file: string, options: { workerScript?: string } = {}) {
  const cache = await ValidationCache.open(file, "rules-1");
  const byWorker: string[] = [];
  const results = await validateSkillsCached(skills, "agent-skills", cache, {
    ...options,
    workerMinSkills: 1,
    clock: SETTLED,
    onWorkerRead: (dir) => byWorker.push(dir),
  });
  await cache.save();
  return { results, counts: { ...cache.counts }, byWorker, cache };
}

describe("validating many skills through the cache", () => {
  it("gives each folder's own result, in order, with the worker reading part of them", async () => {
    const file = cacheFileIn(path.join(tmp.dir, "cache-worker"));
    // Loaded before the run (as a warm worker from an earlier run is): a hundred skills are read before a cold one loads.
    expect(await prestartWorker(WORKER)).toBe(true);
    const first = await run(file, { workerScript: WORKER });
    expect(JSON.stringify(first.results)).toBe(JSON.stringify(expected));
    expect(first.counts.read).toBe(skills.length);
    expect(first.byWorker.length).toBeGreaterThan(0);
    expect(first.byWorker.length).toBeLessThan(skills.length + 1);
    // What the worker recorded is what this thread records: a later run reuses every cacheable skill.
    const second = await run(file, { workerScript: WORKER });
    expect(JSON.stringify(second.results)).toBe(JSON.stringify(expected));
    expect(second.counts.read).toBe(first.counts.uncacheable);
    expect(second.counts.reused).toBe(skills.length - first.counts.uncacheable);
    expect(second.byWorker).toEqual([]);
    // Records carry the scan's part, so the app's scan reuses them too.
    const reopened = await ValidationCache.open(file, "rules-1");
    const some = skills.find((t) => t.dir.endsWith(`${path.sep}skill-3`))!;
    expect(reopened.get(recordKey("agent-skills", some.dir))?.s?.r).toBe(some.dir);
  });

  it("reads everything here, with the same results, when the worker cannot start", async () => {
    const file = cacheFileIn(path.join(tmp.dir, "cache-no-worker"));
    const broken = path.join(tmp.dir, "broken-worker.mjs");
    await writeFile(broken, "throw new Error('this worker does not load');\n");
    for (const workerScript of [broken, path.join(tmp.dir, "missing.mjs"), undefined]) {
      const got = await run(`${file}-${path.basename(workerScript ?? "none")}`, workerScript ? { workerScript } : {});
      expect(JSON.stringify(got.results)).toBe(JSON.stringify(expected));
      expect(got.byWorker).toEqual([]);
      expect(got.counts.read).toBe(skills.length);
    }
  });

  it("reads here, with the same results, what a worker that dies on every batch it takes never answered", async () => {
    const dying = path.join(tmp.dir, "dying-worker.mjs");
    await writeFile(
      dying,
      `import { parentPort } from "node:worker_threads";
parentPort.on("message", (m) => {
  if (m?.type !== "read") return;
  parentPort.postMessage({ type: "taken", batch: m.batch });
  process.exit(3);
});
parentPort.postMessage({ type: "ready" });
`,
    );
    const few = skills.slice(0, 4);
    // Loaded first, so it takes the whole batch before this thread reads any of it.
    expect(await prestartWorker(dying)).toBe(true);
    const cache = await ValidationCache.open(cacheFileIn(path.join(tmp.dir, "cache-dying")), "rules-1");
    const byWorker: string[] = [];
    const results = await validateSkillsCached(few, "agent-skills", cache, {
      workerScript: dying,
      workerMinSkills: 1,
      clock: SETTLED,
      onWorkerRead: (dir) => byWorker.push(dir),
    });
    expect(JSON.stringify(results)).toBe(JSON.stringify(expected.slice(0, 4)));
    expect(byWorker).toEqual([]);
    expect(cache.counts.read).toBe(4);
  });

  it("takes the search's stat of each SKILL.md instead of taking it again", async () => {
    const file = cacheFileIn(path.join(tmp.dir, "cache-seen"));
    await run(file);
    const seen = new StatsSeen();
    const { targets } = await findTargets(root, root, seen);
    const exact = targets.filter(
      (t) => t.kind === "skill" && lstatSync(path.join(t.dir, "SKILL.md"), { throwIfNoEntry: false })?.isFile(),
    );
    expect(exact.length).toBeGreaterThan(100);
    // The searched folder's own stat, and one lstat of each SKILL.md found.
    expect(seen.size).toBeGreaterThanOrEqual(exact.length + 1);
    const cache = await ValidationCache.open(file, "rules-1");
    await validateSkillsCached(skills, "agent-skills", cache, { seen, clock: SETTLED });
    expect(cache.counts.reused).toBeGreaterThan(100);
    // Every stat the search kept was used by the check but the searched folder's own and those of skills read afresh.
    expect(seen.size).toBeLessThanOrEqual(1 + cache.counts.read);
  });
});
