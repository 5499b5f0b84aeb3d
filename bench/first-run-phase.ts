// Where a first `validate FOLDER` spends its time, stage by stage, in a fresh process: `first-run-phase.ts FOLDER
// CACHE-FILE`. Each stage runs over every skill on its own (the files are in the page cache), so the figures say what
// each costs, not how they overlap; the cache file is written to CACHE-FILE. Prints one JSON line.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { StatsSeen } from "../electron/engine/fs/stats-seen";
import { DiagnosticSink } from "../electron/engine/skill/diagnostics";
import { parseFrontmatter, splitFrontmatter } from "../electron/engine/skill/frontmatter";
import { findTargets } from "../electron/engine/skill/targets";
import { keepFresh } from "../electron/engine/validate-cache/cached-skill";
import { recordKey } from "../electron/engine/validate-cache/format";
import { nowNs } from "../electron/engine/validate-cache/identity";
import { readForRecord } from "../electron/engine/validate-cache/read-for-record";
import { readCacheable } from "../electron/engine/validate-cache/scan-part";
import { ValidationCache } from "../electron/engine/validate-cache/store";

const [, , folder, cacheFile] = process.argv;

/** Milliseconds `fn` takes. */
async function timed(fn: () => unknown): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** Lists a folder and every folder in it, as the validator's listing does (the counts only). */
function listTree(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    n++;
    if (entry.isDirectory()) n += listTree(path.join(dir, entry.name));
  }
  return n;
}

const seen = new StatsSeen();
const stages: Record<string, number> = {};
let dirs: string[] = [];
stages.search = await timed(async () => {
  const { targets } = await findTargets(folder!, process.cwd(), seen);
  dirs = targets.flatMap((t) => (t.kind === "skill" ? [t.dir] : []));
});
const texts: string[] = [];
stages.listing = await timed(() => dirs.forEach(listTree));
stages.readSkillMd = await timed(() => dirs.forEach((d) => texts.push(readFileSync(path.join(d, "SKILL.md"), "utf8"))));
stages.frontmatter = await timed(async () => {
  for (const [i, text] of texts.entries()) {
    const split = splitFrontmatter(text);
    if (split.ok) await parseFrontmatter(split.yaml, 2, new DiagnosticSink(dirs[i]!));
  }
});
// Everything the validator does for a skill (listing, reading, frontmatter, rules, references), without the cache.
stages.validate = await timed(async () => {
  for (const dir of dirs) await readCacheable(dir, { profile: "agent-skills" }, null, undefined, false);
});
// The same with the cache's part: the stats of what each result depends on, and the record.
const since = nowNs();
const fresh: Awaited<ReturnType<typeof readForRecord>>[] = [];
stages.validateWithRecord = await timed(async () => {
  for (const dir of dirs) fresh.push(await readForRecord(dir, "agent-skills", since));
});
const cache = await ValidationCache.open(cacheFile!);
stages.keep = await timed(() => fresh.forEach((f, i) => keepFresh(cache, recordKey("agent-skills", dirs[i]!), f)));
stages.save = await timed(() => cache.save());
process.stdout.write(JSON.stringify({ skills: dirs.length, ...stages }) + "\n");
