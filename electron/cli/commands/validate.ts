// `skillshelf validate PATH... [--profile …] [--format text|json|sarif|github|junit|gitlab] [--json]`: checks skills, plugins, archives
// and whole repositories.
import path from "node:path";
import { PROFILES, type Profile } from "../../../shared/model";
import type { SearchSummary, SearchTrace } from "../../engine/skill/target-search";
import { MissingPathError, findTargets, type ValidationTarget } from "../../engine/skill/targets";
import { RealDirs } from "../../engine/skill/real-dirs";
import { StatsSeen } from "../../engine/fs/stats-seen";
import { mapBounded } from "../../engine/fs/bounded";
import type { TargetResult } from "../../engine/validate-target";
import { validateSkillsCached } from "../../engine/validate-cache/skills-cached";
import { nowNs } from "../../engine/validate-cache/identity";
import { pathDeps, storedDeps, type SkillDep } from "../../engine/validate-cache/run-deps";
import { ValidationCache, defaultCacheFile } from "../../engine/validate-cache/store";
import { defaultSettingsFile, validationCacheOn } from "../../engine/config-dir";
import { UsageError, printJson, stringFlag, type CliArgs, type CliCommand, type CliIo } from "../command";
import { JsonListPrinter } from "../json-list";
import { safe } from "./report-format";
import { RESULTS_KEY, RunMarks, SPLICED_FORMATS, readableBlock, readableTail, type Totals } from "./validate-blocks";
import { VALIDATE_FORMATS, searchSummaryLines, type ValidateFormat } from "./validate-summary";
import { owningPaths } from "./owning-targets";
import { lazyImport } from "../../engine/lazy-import";

type ValidateTarget = typeof import("../../engine/validate-target").validateTarget;

/** The reader and the rules for a target checked on its own (loaded with the first). */
const validateTargetModule = lazyImport(() => import("../../engine/validate-target"));

/** Targets checked together (their skills' stats and reads), then printed, before the next ones are looked at. */
const STRETCH = 16_384;

/** One checked path in `validate`'s JSON output. */
export type ValidateResult = TargetResult;

/** Reads the --profile flag, refusing unknown profiles. */
export function profileFlag(args: CliArgs): Profile {
  const value = stringFlag(args, "profile") ?? "agent-skills";
  if (!(PROFILES as readonly string[]).includes(value))
    throw new UsageError(`unknown profile "${value}"; use ${PROFILES.join(", ").replace(/, (?=[^,]*$)/, " or ")}.`);
  return value as Profile;
}

/** Expands every PATH argument, turning a missing path into bad usage (exit 2). */
export async function expandPaths(paths: readonly string[], cwd: string): Promise<ValidationTarget[]> {
  return (await expandPathsWithSearch(paths, cwd)).targets;
}

/** expandPaths plus what each search of a non-skill folder found where (validate prints it); `statsSeen`, `trace`: see findTargets. */
async function expandPathsWithSearch(
  paths: readonly string[],
  cwd: string,
  statsSeen?: StatsSeen,
  trace?: SearchTrace,
): Promise<{ targets: ValidationTarget[]; searches: SearchSummary[] }> {
  if (paths.length === 0)
    throw new UsageError(
      "give at least one PATH (a SKILL.md, a skill folder, a plugin, a .zip/.skill archive, or a folder to search, such as a repository).",
    );
  const targets: ValidationTarget[] = [];
  const searches: SearchSummary[] = [];
  // Paths are looked at several at a time (each is a few stat and readdir calls), then taken in the order given.
  const outcomes = await mapBounded(paths, 16, (p) =>
    findTargets(p, cwd, statsSeen, trace).then(
      (found) => ({ found }),
      (error: unknown) => ({ error }),
    ),
  );
  // A target two arguments name (a marketplace and a plugin it lists, say) is checked once, where it first appears.
  const seen = new Set<string>();
  for (const outcome of outcomes) {
    if ("error" in outcome) {
      if (outcome.error instanceof MissingPathError) throw new UsageError(outcome.error.message);
      throw outcome.error;
    }
    for (const target of outcome.found.targets) {
      const key = `${target.kind}\0${target.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      targets.push(target);
    }
    if (outcome.found.search) searches.push(outcome.found.search);
  }
  return { targets, searches };
}

/** The targets the PATH arguments name; with --files, those holding each changed file (none is bad usage only without it). */
async function targetsOf(
  args: CliArgs,
  cwd: string,
  statsSeen?: StatsSeen,
  trace?: SearchTrace,
): Promise<{ targets: ValidationTarget[]; searches: SearchSummary[] }> {
  if (!args.values.files) return expandPathsWithSearch(args.positionals, cwd, statsSeen, trace);
  const { paths } = owningPaths(args.positionals, cwd);
  return paths.length > 0 ? expandPathsWithSearch(paths, cwd, statsSeen) : { targets: [], searches: [] };
}

/** Reads --format (and --json, its short form), refusing unknown formats. */
function formatFlag(args: CliArgs): ValidateFormat {
  const value = stringFlag(args, "format") ?? (args.values.json ? "json" : "text");
  if (!(VALIDATE_FORMATS as readonly string[]).includes(value))
    throw new UsageError(`unknown format "${value}"; use ${VALIDATE_FORMATS.join(", ")}.`);
  if (args.values.json && value !== "json")
    throw new UsageError("--json and --format " + value + " ask for two outputs; give one.");
  return value as ValidateFormat;
}

/** Prints the readable report: what each search found, then every result with its diagnostics, then the totals. */
function printReadable(
  results: readonly ValidateResult[],
  searches: readonly SearchSummary[],
  io: CliIo,
  marks?: RunMarks,
): void {
  const found = searchSummaryLines(searches, io.cwd, safe);
  const head = found.length > 0 ? found.join("\n") + "\n\n" : "";
  marks?.skip(head);
  const text = [head];
  const totals: Totals = { checked: results.length, invalid: 0, error: 0, warning: 0, info: 0 };
  for (const result of results) {
    const block = readableBlock(result, io.cwd);
    marks?.piece(block.text, result, block.counts);
    text.push(block.text);
    if (!result.valid) totals.invalid++;
    totals.error += block.counts.error;
    totals.warning += block.counts.warning;
    totals.info += block.counts.info;
  }
  text.push(readableTail(totals));
  io.stdout(text.join(""));
}

const failed = (result: ValidateResult) => result.diagnostics.some((d) => d.severity === "error");

/** Prints every result at once in a format but JSON (the CI formats and the documentation SARIF quotes load only then). */
async function printResults(
  format: Exclude<ValidateFormat, "json">,
  results: readonly ValidateResult[],
  searches: readonly SearchSummary[],
  io: CliIo,
  marks?: RunMarks,
): Promise<void> {
  if (format === "sarif") printJson(io, (await import("./validate-formats")).toSarif(results, io.cwd));
  else if (format === "gitlab")
    printJson(io, (await import("./validate-ci-reports")).toGitlabCodeQuality(results, io.cwd));
  else if (format === "junit") io.stdout((await import("./validate-ci-reports")).toJunit(results, io.cwd));
  else if (format === "github") {
    const lines = (await import("./validate-formats")).toGithubAnnotations(results, io.cwd);
    io.stdout(lines.length > 0 ? lines.join("\n") + "\n" : "");
  } else printReadable(results, searches, io, marks);
}

/** The `validate` command. */
export const validateCommand: CliCommand = {
  name: "validate",
  summary: "Check skills, plugins and skill archives against the specifications.",
  usage:
    "skillshelf validate PATH... [--profile agent-skills|claude-desktop|claude-plugin-directory] [--format text|json|sarif|github|junit|gitlab] [--json] [--files] [--no-cache] [--capabilities]",
  options: {
    profile: { type: "string" },
    format: { type: "string" },
    json: { type: "boolean" },
    files: { type: "boolean" },
    "no-cache": { type: "boolean" },
    capabilities: { type: "boolean" },
  },
  async run(args, io) {
    const since = nowNs();
    const profile = profileFlag(args);
    const format = formatFlag(args);
    const cached = !args.values["no-cache"] && (await validationCacheOn(defaultSettingsFile(io.env)));
    const withCapabilities = args.values.capabilities === true;
    // A run is kept whole only through the cache, for the paths given (not --files) and without --capabilities.
    const plan = cached && !args.values.files && !withCapabilities ? io.validateRun : undefined;
    // Where each result's piece of the output lies, so a kept run can replace a changed skill's piece alone.
    const marks = plan && (SPLICED_FORMATS as readonly string[]).includes(format) ? new RunMarks() : undefined;
    // With the cache, the stats that tell what each path names are kept for the cache's check of the same skill.
    const statsSeen = cached ? new StatsSeen() : undefined;
    // The cache file is read while the paths are looked at (its reading waits on the disk, theirs on stat calls).
    const opening = cached ? ValidationCache.open(defaultCacheFile(io.env)) : null;
    opening?.catch(() => undefined);
    const trace: SearchTrace | undefined = plan ? { listed: [], links: 0 } : undefined;
    const { targets, searches } = await targetsOf(args, io.cwd, statsSeen, trace);
    const realDirs = new RealDirs();
    const cache = await opening;
    const noteAtOpen = cache?.note ?? null;
    if (noteAtOpen) io.stderr(`note: ${safe(noteAtOpen)}\n`);
    // The reader and the rules load only when a target is read, not taken from the cache.
    const validateTarget = async (...args: Parameters<ValidateTarget>) =>
      (await validateTargetModule()).validateTarget(...args);
    // Through the cache, the skills of a stretch of targets are checked together first: kept results by stats, the
    // rest read here and in the read worker at once (scanWorkerOptions says where it is and when it pays). Every
    // other target, and every skill without the cache, is checked on its own.
    let worker: ReturnType<typeof import("../read-worker-script").scanWorkerOptions> | undefined;
    const ready = new Map<number, TargetResult>();
    // What each skill's result depends on, for the kept run (null: its result was not kept).
    const entries = plan ? new Map<number, Array<[string, string]> | null>() : undefined;
    const checkSkillsOf = async (from: number, to: number) => {
      if (!cache) return;
      // Loaded here: finding the worker's bundle takes node:url, which a run without the cache never needs.
      worker ??= (await import("../read-worker-script")).scanWorkerOptions(io.env);
      const skills: number[] = [];
      for (let i = from; i < to; i++) if (targets[i]!.kind === "skill") skills.push(i);
      const found = await validateSkillsCached(
        skills.map((i) => targets[i] as { path: string; dir: string }),
        profile,
        cache,
        {
          seen: statsSeen,
          realDirs,
          ...worker,
          ...(entries ? { onEntries: (k: number, paths) => entries.set(skills[k]!, paths) } : {}),
        },
      );
      skills.forEach((i, k) => ready.set(i, found[k]!));
    };
    /** Checks every target (a stretch at a time, so results are not all held at once), each with its index. */
    const checkAll = async <T>(each: (target: ValidationTarget, index: number) => Promise<T>): Promise<T[]> => {
      const out: T[] = [];
      for (let from = 0; from < targets.length; from += STRETCH) {
        const to = Math.min(targets.length, from + STRETCH);
        await checkSkillsOf(from, to);
        out.push(...(await mapBounded(targets.slice(from, to), 16, (target, k) => each(target, from + k))));
      }
      return out;
    };
    const check = async (target: ValidationTarget, index: number) => {
      const kept = ready.get(index);
      ready.delete(index);
      const result = kept ?? (await validateTarget(target, profile, realDirs));
      const dir = target.kind === "skill" ? target.dir : target.kind === "plugin" ? target.root : null;
      if (!withCapabilities || dir === null) return result;
      const { capabilityFindings } = await import("../../engine/capabilities/findings");
      return { ...result, diagnostics: [...result.diagnostics, ...(await capabilityFindings(dir))] };
    };
    const finish = async () => {
      // Records are checked when first used, so a damaged one is found during the run.
      if (cache?.note && cache.note !== noteAtOpen) io.stderr(`note: ${safe(cache.note)}\n`);
      await cache?.save();
    };
    /** Leaves the run to keep when everything it printed can be told unchanged by stats alone. */
    const keepRun = () => {
      if (!plan || !entries || !trace || trace.links > 0) return;
      const skills: SkillDep[] = [];
      for (const [i, target] of targets.entries()) {
        const paths = entries.get(i);
        if (target.kind !== "skill" || !paths) return;
        skills.push([path.resolve(target.dir), target.path, paths]);
      }
      const given = args.positionals.map((p) => path.resolve(io.cwd, p));
      const paths = pathDeps([...given, ...trace.listed, plan.settingsFile], since);
      const deps = paths && storedDeps({ paths, skills });
      const marked = marks?.done() ?? null;
      if (deps) plan.pending = { deps, marks: marked, how: marked ? { format, profile } : null };
    };
    if (format === "json") {
      // Each result becomes text as soon as those before it have (results are not all kept until the end).
      const printer = new JsonListPrinter(
        io,
        RESULTS_KEY,
        marks && ((before, text, item) => (marks.skip(before), marks.piece(text, item as ValidateResult))),
      );
      const done = new Map<number, ValidateResult>();
      let next = 0;
      const errors = await checkAll(async (target, index) => {
        const result = await check(target, index);
        done.set(index, result);
        for (let ready; (ready = done.get(next)) !== undefined; next++) {
          done.delete(next);
          printer.add(ready);
        }
        return failed(result);
      });
      await finish();
      printer.end();
      if (printer.escaped) marks?.spoil();
      keepRun();
      return errors.includes(true) ? 1 : 0;
    }
    const results = await checkAll(check);
    await finish();
    await printResults(format, results, searches, io, marks);
    keepRun();
    return results.some(failed) ? 1 : 0;
  },
};
