// A kept `validate` run where only some skills changed, in the bin's entry before the dispatcher loads: those skills
// are read again, their pieces of the kept output replaced and the totals counted again from the kept marks, so the
// output is what a whole run prints without the search, the cache file or the other skills' results.
import { PROFILES, type Profile } from "../../shared/model";
import type { ValidationResult } from "../../shared/results";
import { RealDirs } from "../engine/skill/real-dirs";
import { readForRecord } from "../engine/validate-cache/read-for-record";
import { splicePieces, type NewPiece, type RunCheck } from "../engine/validate-cache/run-index";
import { skillOf, withSkillsChanged, type SkillDep } from "../engine/validate-cache/run-deps";
import { resultEntries } from "../engine/validate-cache/result-entries";
import { severityCounts } from "../../shared/ui-catalog";
import { mayHoldRawInJson } from "./command";
import {
  SPLICED_FORMATS,
  jsonBlock,
  readableBlock,
  readableTail,
  type SplicedFormat,
} from "./commands/validate-blocks";
import type { ValidateRunPlan } from "./validate-run";

/** How the kept run was printed, as its header says, when a splice can print it the same way. */
function howOf(how: unknown): { format: SplicedFormat; profile: Profile } | null {
  if (typeof how !== "object" || how === null) return null;
  const { format, profile } = how as Record<string, unknown>;
  const known =
    (SPLICED_FORMATS as readonly unknown[]).includes(format) && (PROFILES as readonly unknown[]).includes(profile);
  return known ? { format: format as SplicedFormat, profile: profile as Profile } : null;
}

/** A skill read again: its piece of the output with its counts, and what it depends on (null: not to be kept). */
interface Fresh extends NewPiece {
  dep: SkillDep | null;
}

/**
 * Prints the kept run with its changed skills read again: the output's parts and its exit code, with what to keep
 * left in the plan. Null when the run cannot be spliced (no marks or marks that do not hold, a piece that would need
 * escaping, a read that failed): the run then goes the whole way. The kept output was screened by checkRun.
 */
export async function spliceRun(
  plan: ValidateRunPlan,
  check: Extract<RunCheck, { kind: "stale" }>,
  cwd: string,
): Promise<{ output: Uint8Array[]; code: number } | null> {
  const { run, stale } = check;
  const how = howOf(run.how);
  if (!how || !run.marks) return null;
  const realDirs = new RealDirs();
  const fresh = new Map<number, Fresh>();
  try {
    for (const { index } of stale) {
      const { dir, shown } = skillOf(run.deps, index);
      const read = await readForRecord(dir, how.profile, plan.since, { realDirs });
      const result: ValidationResult = {
        path: shown,
        kind: "skill",
        name: read.name,
        valid: read.valid,
        diagnostics: read.diagnostics,
      };
      const block = how.format === "text" ? readableBlock(result, cwd) : null;
      const bytes = Buffer.from(block ? block.text : jsonBlock(result));
      // The whole run would escape raw characters after marking: such a piece is not spliced.
      if (!block && mayHoldRawInJson(bytes)) return null;
      const c = block?.counts ?? severityCounts(read.diagnostics);
      const counts = [c.error, c.warning, c.info, read.valid ? 1 : 0] as const;
      const entries = resultEntries(read);
      fresh.set(index, { bytes, counts, dep: entries && [dir, shown, entries] });
    }
  } catch {
    return null;
  }
  const spliced = splicePieces(run, fresh);
  if (!spliced) return null;
  // Text ends in the totals, counted again; JSON in the document's end, as kept.
  const tail = how.format === "text" ? Buffer.from(readableTail(spliced.totals)) : spliced.rest;
  keepSplice(plan, check, fresh, spliced.marks);
  return { output: [...spliced.parts, tail], code: spliced.totals.failed ? 1 : 0 };
}

/** Leaves the spliced run to keep when every skill read again may be kept (its paths told, none changed just now). */
function keepSplice(
  plan: ValidateRunPlan,
  { run, stale }: Extract<RunCheck, { kind: "stale" }>,
  fresh: ReadonlyMap<number, Fresh>,
  marks: Uint32Array,
): void {
  const changed = new Map<number, SkillDep>();
  for (const { index } of stale) {
    const dep = fresh.get(index)?.dep;
    if (!dep) return;
    changed.set(index, dep);
  }
  const deps = withSkillsChanged(run.deps, changed, new Map(stale.map((skill) => [skill.index, skill])));
  if (!deps) return;
  plan.pending = { deps, marks, how: run.how, ...(deps.names === run.deps.names ? { namesText: run.namesText } : {}) };
}
