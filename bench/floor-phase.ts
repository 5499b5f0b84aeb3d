// The system calls `validate FOLDER` cannot do without, alone, in a fresh process: `floor-phase.ts FOLDER CACHE-FILE
// warm|cold`. The paths come from the cache file a first run wrote (read before the clock starts). warm: the listings
// of the folders above the skills and one stat of every path a kept result depends on. cold: those, plus the listing of
// every skill folder and the reading of every file the rules read. Nothing is parsed or checked. Prints one JSON line.
import { readFileSync, readdirSync, statSync, lstatSync } from "node:fs";
import path from "node:path";
import { startPhaseClock } from "./phase-clock";

const [, , folder, cacheFile, mode] = process.argv;

interface Kept {
  k: string;
  e: Array<[string, string]>;
  o?: number;
}

const records = (JSON.parse(readFileSync(cacheFile!, "utf8")) as { records: Kept[] }).records;
const skills = records.map((r) => ({ dir: r.k.slice(r.k.indexOf("\n") + 1), own: r.e.slice(0, r.o ?? r.e.length) }));
const above = [...new Set(skills.map((s) => path.dirname(s.dir)))].filter((d) => d.startsWith(folder!));
const BIG = { bigint: true, throwIfNoEntry: false } as const;

/** Lists a folder and every folder in it; the files found go to `files` (relative, with "/"). */
function listTree(dir: string, files: Set<string>, rel = ""): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const name = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) listTree(path.join(dir, entry.name), files, name);
    else if (entry.isFile()) files.add(name);
  }
}

const report = startPhaseClock();
let calls = 0;
readdirSync(folder!, { withFileTypes: true });
for (const dir of above) readdirSync(dir, { withFileTypes: true });
calls += 1 + above.length;
for (const { dir, own } of skills) {
  const files = new Set<string>();
  if (mode === "cold") {
    listTree(dir, files);
    calls++;
  }
  for (const [rel] of own) {
    const abs = rel === "." ? dir : path.join(dir, ...rel.split("/"));
    if (files.has(rel)) readFileSync(abs);
    else if (rel === ".") statSync(abs, BIG);
    else lstatSync(abs, BIG);
    calls++;
  }
}
report({ skills: skills.length, calls });
