// One bench phase in a fresh process: what `validate FOLDER` runs, through the validation cache (the search keeping its
// stats for the cache's check, then every skill checked at once), counting the skills reused and read:
// `cached-phase.ts FOLDER CACHE-FILE`. Prints one JSON line.
import { StatsSeen } from "../electron/engine/fs/stats-seen";
import { findTargets } from "../electron/engine/skill/targets";
import { validateSkillsCached } from "../electron/engine/validate-cache/skills-cached";
import { ValidationCache } from "../electron/engine/validate-cache/store";
import { startPhaseClock } from "./phase-clock";

const [, , folder, cacheFile] = process.argv;
const report = startPhaseClock();
const seen = new StatsSeen();
const { targets } = await findTargets(folder!, process.cwd(), seen);
const cache = await ValidationCache.open(cacheFile!);
const skills = targets.flatMap((t) => (t.kind === "skill" ? [{ path: t.path, dir: t.dir }] : []));
await validateSkillsCached(skills, "agent-skills", cache, { seen });
await cache.save();
report({ ...cache.counts });
