// `skillshelf levels PATH [--json]`: what a model sees of one skill at levels 1, 2 and 3, with sizes and token estimates.
import { capabilitySummary } from "../../../shared/capabilities";
import type { SkillLevels } from "../../../shared/levels";
import { severityCounts } from "../../../shared/ui-catalog";
import { formatBytes, formatCount } from "../../../shared/format";
import { EngineError } from "../../engine/errors";
import { previewOffered } from "../../engine/mcp-skills/offered";
import { getSkillLevels } from "../../engine/skill/levels";
import { urlEndpoint } from "../../engine/updates/endpoints";
import { UsageError, printJson, stringFlag, type CliCommand, type CliIo } from "../command";
import { formatDiagnostics, plural, safe, safeBlock, shownPath } from "./report-format";
import { expandPaths } from "./validate";

const PREVIEW_LINES = 12;

function printReadable(levels: SkillLevels, io: CliIo): void {
  const { level1, level2, level3 } = levels;
  const lines = [
    `Skill ${safe(level1.name) || "(no name)"} — ${shownPath(levels.dir, io.cwd)}`,
    "Token counts are estimates (characters ÷ 4), not a tokenizer's count.",
    "",
  ];
  lines.push(
    `Level 1 — catalog entry, always in the prompt: ${formatCount(level1.chars)} characters, about ${formatCount(level1.tokens)} tokens (estimate)`,
  );
  lines.push(safeBlock(level1.text) || "  (nothing: the skill has no readable name or description)", "");
  const endLine = level2.startLine + Math.max(level2.lines - 1, 0);
  lines.push(
    `Level 2 — instructions, loaded when a task matches: SKILL.md lines ${level2.startLine}-${endLine}, ${formatCount(level2.lines)} lines, ${formatCount(level2.chars)} characters, about ${formatCount(level2.tokens)} tokens (estimate)`,
  );
  const bodyLines = level2.text.split("\n");
  lines.push(...bodyLines.slice(0, PREVIEW_LINES).map((l) => `  | ${safeBlock(l.replace(/\r$/, ""))}`));
  if (bodyLines.length > PREVIEW_LINES)
    lines.push(`  | … ${bodyLines.length - PREVIEW_LINES} more lines (use --json for the full text)`);
  lines.push("");
  const files = level3.entries.filter((e) => e.kind === "file");
  const total = files.reduce((sum, e) => sum + e.size, 0);
  lines.push(
    `Level 3 — bundled files, read only when the instructions point at them: ${plural(files.length, "file")}, ${formatBytes(total)}, about ${formatCount(level3.tokens)} tokens (estimate)${level3.uncounted > 0 ? `; ${plural(level3.uncounted, "file")} not counted (not text or too large)` : ""}${level3.truncated ? " (listing cut short)" : ""}`,
  );
  const width = Math.max(0, ...files.map((e) => safe(e.path).length));
  for (const entry of files) {
    lines.push(
      `  ${safe(entry.path).padEnd(width)}  ${formatBytes(entry.size).padStart(10)}  ${(entry.tokens === null ? "—" : `≈ ${formatCount(entry.tokens)} tokens`).padStart(16)}${entry.referenced ? "  referenced" : ""}`,
    );
  }
  for (const ref of level3.references.filter((r) => !r.exists || r.outside)) {
    lines.push(`  ${ref.outside ? "outside the folder" : "missing"}: ${safe(ref.target)} (SKILL.md line ${ref.line})`);
  }
  for (const rel of level3.outside) lines.push(`  left out (a link leaving the folder): ${safe(rel)}`);
  const can = levels.capabilities ? capabilitySummary(levels.capabilities) : "";
  if (can) lines.push("", `What it can do: ${safe(can)}`);
  const counts = severityCounts(levels.diagnostics);
  lines.push(
    "",
    `Diagnostics: ${plural(counts.error, "error")}, ${plural(counts.warning, "warning")}, ${plural(counts.info, "note")}`,
  );
  lines.push(...formatDiagnostics(levels.diagnostics, io.cwd, "  "));
  io.stdout(lines.join("\n") + "\n");
}

/** The `levels` command. */
export const levelsCommand: CliCommand = {
  name: "levels",
  summary: "Show what a model sees of one skill at levels 1, 2 and 3, with sizes and token estimates.",
  usage: "skillshelf levels PATH [--json] | skillshelf levels mcp:URL --skill NAME|PATH|URI [--json]",
  options: { json: { type: "boolean" }, skill: { type: "string" } },
  async run(args, io) {
    if (args.positionals.length !== 1) throw new UsageError("give exactly one PATH: a skill folder or its SKILL.md.");
    const skill = stringFlag(args, "skill");
    if (args.positionals[0]!.startsWith("mcp:")) {
      if (!skill) throw new UsageError("give the server's skill with --skill NAME (see skillshelf offered).");
      // Fetched and verified into a temporary folder that is deleted again: nothing is installed.
      const url = args.positionals[0]!.slice("mcp:".length);
      const preview = await previewOffered(urlEndpoint(url), skill).catch((error: unknown) => {
        if (!(error instanceof EngineError)) throw error;
        io.stderr(`skillshelf levels: ${safe(error.message)}\n`);
        return null;
      });
      if (!preview) return 1;
      const { levels } = preview;
      if (args.values.json) printJson(io, levels);
      else printReadable(levels, io);
      return 0;
    }
    if (skill !== undefined) throw new UsageError("--skill is for a server's skill (levels mcp:URL --skill NAME).");
    const targets = await expandPaths(args.positionals, io.cwd);
    const target = targets[0];
    if (targets.length !== 1 || !target || target.kind !== "skill") {
      throw new UsageError(
        `${args.positionals[0]} is ${target?.kind === "plugin" ? "a plugin" : target?.kind === "archive" ? "an archive" : target?.kind === "marketplace" ? "a marketplace" : "a folder of several skills"}; give one skill folder.`,
      );
    }
    const levels = await getSkillLevels(target.dir);
    if (args.values.json) printJson(io, levels);
    else printReadable(levels, io);
    return 0;
  },
};
