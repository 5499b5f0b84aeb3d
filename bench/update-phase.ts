// One measured update in a fresh process: obtain (unpack + validate) a release of N files, diff it against the
// installed copy, swap it in. Prints one JSON line: each step's time, the peak RSS and what changed.
import { performance } from "node:perf_hooks";
import { diffFolders } from "../electron/engine/apply/diff";
import { obtainSkill } from "../electron/engine/fetch/obtain";
import { applyFolderUpdate } from "../electron/engine/transaction/swap";

/** What the update phase measured. */
export interface UpdatePhaseResult {
  obtainMs: number;
  diffMs: number;
  swapMs: number;
  maxRssMb: number;
  detail: string;
}

const [, , target, archive, dataDir] = process.argv;
const t0 = performance.now();
const obtained = await obtainSkill({ file: archive! }, { dataDir: dataDir!, expectName: "bench-skill" });
const t1 = performance.now();
const diff = await diffFolders(target!, obtained.skillDir);
const t2 = performance.now();
const applied = await applyFolderUpdate(target!, obtained.skillDir, { dataDir: dataDir!, keep: diff.kept });
const t3 = performance.now();
await obtained.cleanup();
const result: UpdatePhaseResult = {
  obtainMs: t1 - t0,
  diffMs: t2 - t1,
  swapMs: t3 - t2,
  maxRssMb: process.resourceUsage().maxRSS / 1024,
  detail: `${diff.added.length} added, ${diff.changed.length} changed, ${diff.kept.length} kept, ${diff.unchanged} unchanged; ${applied.version}`,
};
process.stdout.write(JSON.stringify(result) + "\n");
