// One bench phase in a fresh process: what `validate FOLDER` runs, through the validation cache (the search keeping its
// stats for the cache's check, then every skill checked at once), counting the skills reused and read:
// `cached-phase.ts FOLDER CACHE-FILE`. Prints one JSON line, with the wall time of each step.
import { performance } from "node:perf_hooks";
import { StatsSeen } from "../electron/engine/fs/stats-seen";
import { findTargets } from "../electron/engine/skill/targets";
import { validateSkillsCached } from "../electron/engine/validate-cache/skills-cached";
import { ValidationCache } from "../electron/engine/validate-cache/store";
import { startPhaseClock } from "./phase-clock";

const [, , folder, cacheFile] = process.argv;
const report = startPhaseClock();
/** Wall time of each step in ms, in order. */
const steps: Record<string, number> = {};
let last = performance.now();
const step = (name: string) => {
  const now = performance.now();
  steps[name] = now - last;
  last = now;
};
const seen = new StatsSeen();
const { targets } = await findTargets(folder!, process.cwd(), seen);
step("search");
const cache = await ValidationCache.open(cacheFile!);
step("open");
const skills = targets.flatMap((t) => (t.kind === "skill" ? [{ path: t.path, dir: t.dir }] : []));
await validateSkillsCached(skills, "agent-skills", cache, { seen });
step("check");
await cache.save();
step("save");
report({ ...cache.counts, steps });
