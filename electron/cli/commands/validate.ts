// `skillshelf validate PATH... [--profile agent-skills|claude-desktop] [--json]`: checks skills, plugins and skill archives.
import type { Profile } from "../../../shared/model";
import { severityCounts } from "../../../shared/ui-catalog";
import { MissingPathError, resolveTargets, type ValidationTarget } from "../../engine/skill/targets";
import { mapBounded } from "../../engine/skill/validate-many";
import { validateTarget, type TargetResult } from "../../engine/validate-target";
import { UsageError, printJson, stringFlag, type CliArgs, type CliCommand, type CliIo } from "../command";
import { formatDiagnostics, plural, safe, shownPath } from "./report-format";

/** One checked path in `validate`'s JSON output. */
export type ValidateResult = TargetResult;

/** Reads the --profile flag, refusing unknown profiles. */
export function profileFlag(args: CliArgs): Profile {
  const value = stringFlag(args, "profile") ?? "agent-skills";
  if (value !== "agent-skills" && value !== "claude-desktop") throw new UsageError(`unknown profile "${value}"; use agent-skills or claude-desktop.`);
  return value;
}

/** Expands every PATH argument, turning a missing path into bad usage (exit 2). */
export async function expandPaths(paths: readonly string[], cwd: string): Promise<ValidationTarget[]> {
  if (paths.length === 0) throw new UsageError("give at least one PATH (a SKILL.md, a skill folder, a folder of skills, a plugin or a .zip/.skill archive).");
  const targets: ValidationTarget[] = [];
  for (const p of paths) {
    try {
      targets.push(...(await resolveTargets(p, cwd)));
    } catch (error) {
      if (error instanceof MissingPathError) throw new UsageError(error.message);
      throw error;
    }
  }
  return targets;
}

/** Checks one target and shapes its result. */
function printReadable(results: readonly ValidateResult[], io: CliIo): void {
  const lines: string[] = [];
  for (const result of results) {
    const counts = severityCounts(result.diagnostics);
    const label = result.name ? `${result.kind} ${safe(result.name)}` : result.kind;
    const state = result.valid ? "valid" : "invalid";
    const notes = [counts.error && plural(counts.error, "error"), counts.warning && plural(counts.warning, "warning"), counts.info && plural(counts.info, "note")].filter(Boolean).join(", ");
    lines.push(`${state.padEnd(7)}  ${label} (${shownPath(result.path, io.cwd)})${notes ? ` — ${notes}` : ""}`);
    lines.push(...formatDiagnostics(result.diagnostics, io.cwd, "  "));
  }
  const all = results.flatMap((r) => r.diagnostics);
  const totals = severityCounts(all);
  const invalid = results.filter((r) => !r.valid).length;
  lines.push("", `${results.length} checked (${results.length - invalid} valid, ${invalid} invalid): ${plural(totals.error, "error")}, ${plural(totals.warning, "warning")}, ${plural(totals.info, "note")}.`);
  io.stdout(lines.join("\n") + "\n");
}

/** The `validate` command. */
export const validateCommand: CliCommand = {
  name: "validate",
  summary: "Check skills, plugins and skill archives against the specifications.",
  usage: "skillshelf validate PATH... [--profile agent-skills|claude-desktop] [--json]",
  options: { profile: { type: "string" }, json: { type: "boolean" } },
  async run(args, io) {
    const profile = profileFlag(args);
    const targets = await expandPaths(args.positionals, io.cwd);
    const results = await mapBounded(targets, 16, (target) => validateTarget(target, profile));
    if (args.values.json) printJson(io, { results });
    else printReadable(results, io);
    return results.some((r) => r.diagnostics.some((d) => d.severity === "error")) ? 1 : 0;
  },
};
