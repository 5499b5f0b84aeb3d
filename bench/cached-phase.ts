// One bench phase in a fresh process: what `validate FOLDER` runs, through the validation cache, counting the skills
// reused and read: `cached-phase.ts FOLDER CACHE-FILE`. Prints one JSON line.
import { performance } from "node:perf_hooks";
import { findTargets } from "../electron/engine/skill/targets";
import { mapBounded } from "../electron/engine/fs/bounded";
import { validateSkillCached } from "../electron/engine/validate-cache/cached-skill";
import { ValidationCache } from "../electron/engine/validate-cache/store";

const [, , folder, cacheFile] = process.argv;
const start = performance.now();
const cpu = process.resourceUsage();
const { targets } = await findTargets(folder!);
const cache = await ValidationCache.open(cacheFile!);
await mapBounded(targets, 16, async (target) =>
  target.kind === "skill" ? validateSkillCached(target, "agent-skills", cache) : null,
);
await cache.save();
const usage = process.resourceUsage();
process.stdout.write(
  JSON.stringify({
    ms: performance.now() - start,
    userMs: (usage.userCPUTime - cpu.userCPUTime) / 1000,
    systemMs: (usage.systemCPUTime - cpu.systemCPUTime) / 1000,
    ...cache.counts,
  }) + "\n",
);
