// `skillshelf prompt PATH... [--intro TEXT | --no-intro] [--json]`: prints the level-1 `<available_skills>` block byte-exact.
import { DEFAULT_INTRO, catalogHash, renderAvailableSkills } from "../../../shared/level1";
import { readPlugin } from "../../engine/plugin/read-plugin";
import { readSkillArchive } from "../../engine/skill/archive";
import { readSkill } from "../../engine/skill/read-skill";
import type { SkillReport } from "../../engine/skill/types";
import { mapBounded } from "../../engine/fs/bounded";
import { UsageError, printJson, stringFlag, type CliArgs, type CliCommand, type CliIo } from "../command";
import { expandPaths } from "./validate";
import { safeBlock, shownPath } from "./report-format";
import { SCAN_FLAGS_USAGE, scanFlagOptions } from "../scan-flags";

/**
 * The `prompt` command. Its stdout is exactly the rendered string — no newline is added, so
 * `skillshelf prompt x > f` writes the bytes a model would read. When stdout is a terminal, control
 * characters from the skills are shown as escapes instead (a person reads it; it cannot rewrite the
 * terminal). Skills without a name or description are left out, named on stderr, and make the exit code 1.
 */
export const promptCommand: CliCommand = {
  name: "prompt",
  summary: "Print the level-1 <available_skills> block for skills, byte-exact (no trailing newline).",
  usage: `skillshelf prompt PATH... [--intro TEXT | --no-intro] [--json] | skillshelf prompt --client ID [--project DIR] [--json] ${SCAN_FLAGS_USAGE}`,
  options: {
    intro: { type: "string" },
    "no-intro": { type: "boolean" },
    json: { type: "boolean" },
    client: { type: "string" },
    project: { type: "string" },
    ...scanFlagOptions,
  },
  ownsTerminalEscaping: true,
  async run(args, io) {
    if (stringFlag(args, "client") !== undefined) return clientPrompt(args, io);
    const intro = stringFlag(args, "intro");
    if (intro !== undefined && args.values["no-intro"])
      throw new UsageError("give either --intro TEXT or --no-intro, not both.");
    const targets = await expandPaths(args.positionals, io.cwd);
    const groups = await mapBounded(targets, 16, async (target): Promise<SkillReport[]> => {
      if (target.kind === "marketplace") return [];
      if (target.kind === "plugin")
        return (await readPlugin(target.root, target.claudeCode ? { claudeCode: target.claudeCode } : {})).skills;
      return [target.kind === "archive" ? await readSkillArchive(target.file) : await readSkill(target.dir)];
    });
    const reports = groups.flat();
    const usable: SkillReport[] = [];
    for (const report of reports) {
      if (report.name.trim() !== "" && report.description.trim() !== "") usable.push(report);
      else
        io.stderr(
          `skillshelf prompt: left out ${shownPath(report.dir, io.cwd)}: it has no readable name and description.\n`,
        );
    }
    const summaries = usable.map((r) => ({ name: r.name, description: r.description }));
    const text = renderAvailableSkills(summaries, args.values["no-intro"] ? null : (intro ?? DEFAULT_INTRO));
    if (args.values.json) {
      printJson(io, {
        text,
        catalogHash: await catalogHash(summaries),
        skills: usable.map((r) => ({ name: r.name, description: r.description, path: r.dir })),
      });
    } else {
      io.stdout(io.stdoutIsTerminal ? safeBlock(text) : text);
    }
    return usable.length === reports.length ? 0 : 1;
  },
};

/** `prompt --client ID`: the listing that client sends, as it sends it (its own caps, budget and overrides applied). */
async function clientPrompt(args: CliArgs, io: CliIo): Promise<number> {
  if (args.positionals.length) throw new UsageError("give either PATH... or --client ID, not both.");
  const { budgetFromFlags } = await import("./budget");
  const { report } = await budgetFromFlags(args, io);
  const [client, ...others] = report.clients;
  if (!client || others.length)
    throw new UsageError(
      `--client names ${report.clients.length} listings here (${report.clients.map((c) => c.id).join(", ")}); give --project DIR to pick one.`,
    );
  if (args.values.json)
    printJson(io, { client: client.id, text: client.text, chars: client.chars, tokens: client.tokens });
  else io.stdout(io.stdoutIsTerminal ? safeBlock(client.text) : client.text);
  return 0;
}
