// Bench: updating a skill of 1,000 files (unpack and validate the release, diff, atomic swap with backup), each round
// in a fresh process so its time and peak RSS are its own.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { strToU8, zipSync, type Zippable } from "fflate";
import { writeTree } from "../test-support/tmp";
import type { UpdatePhaseResult } from "./update-phase";
import { runScript } from "./validate.bench";

const PHASE_SCRIPT = fileURLToPath(new URL("./update-phase.ts", import.meta.url));

const skillMd = (version: string) =>
  `---\nname: bench-skill\ndescription: A skill of many files, for the update bench.\nmetadata:\n  version: "${version}"\n---\n\n# Bench skill ${version}\n`;

function files(count: number, version: string, changeEvery: number): Record<string, string> {
  const out: Record<string, string> = { "SKILL.md": skillMd(version) };
  for (let i = 1; i < count; i++) {
    const changed = i % changeEvery === 0 ? ` (revised in ${version})` : "";
    out[`references/part-${Math.floor(i / 100)}/file-${i}.md`] =
      `# Part ${i}${changed}\n\n${"Some reference text for this part of the skill.\n".repeat(20)}`;
  }
  return out;
}

/** Updates a 1,000-file skill a few times from a zip release and prints a table; asserts nothing. */
export async function runUpdateBench(options: { files?: number; rounds?: number } = {}): Promise<void> {
  const count = options.files ?? 1000;
  const rounds = options.rounds ?? 3;
  const root = await mkdtemp(path.join(tmpdir(), "skillshelf-update-bench-"));
  try {
    const target = path.join(root, "skills", "bench-skill");
    await writeTree(target, files(count, "1.0.0", 1_000_000));
    const rows: string[][] = [];
    for (let round = 1; round <= rounds; round++) {
      const version = `1.${round}.0`;
      const zippable: Zippable = {};
      for (const [rel, text] of Object.entries(files(count, version, 10)))
        zippable[`bench-skill/${rel}`] = strToU8(text);
      const archive = path.join(root, `release-${version}.zip`);
      await writeFile(archive, zipSync(zippable));
      const r = await runScript<UpdatePhaseResult>(PHASE_SCRIPT, [target, archive, path.join(root, "data")]);
      const total = r.obtainMs + r.diffMs + r.swapMs;
      rows.push([
        `round ${round}`,
        `${(total / 1000).toFixed(2)} s`,
        `${r.obtainMs.toFixed(0)} ms`,
        `${r.diffMs.toFixed(0)} ms`,
        `${r.swapMs.toFixed(0)} ms`,
        `${r.maxRssMb.toFixed(0)} MB`,
        r.detail,
      ]);
    }
    const header = ["update", "total", "obtain", "diff", "swap", "peak RSS", "result"];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
    const line = (cells: string[]) =>
      cells
        .map((c, i) => c.padEnd(widths[i]!))
        .join("  ")
        .trimEnd();
    console.log(
      `A skill of ${count} files updated from a zip release (unpack + validate, diff with text diffs, swap with fsync and backup); each round in a fresh process.\n`,
    );
    console.log(line(header));
    console.log(widths.map((w) => "-".repeat(w)).join("  "));
    for (const row of rows) console.log(line(row));
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
