// `skillshelf pack DIR [--out FILE] [--for claude-desktop] [--force] [--json]`: builds a .skill archive from a skill folder.
import { stat } from "node:fs/promises";
import path from "node:path";
import type { Diagnostic } from "../../../shared/model";
import { escapeControl } from "../../../shared/terminal-text";
import { packSkill, PackRefusedError, type PackResult } from "../../engine/archive/pack";
import { UsageError, printJson, stringFlag, type CliCommand, type CliIo } from "../command";
import { formatDiagnostics, plural, shownPath } from "./report-format";

const TARGETS = ["claude-desktop"];

function printPacked(result: PackResult, forDesktop: boolean, io: CliIo): void {
  const version = result.version ? ` ${escapeControl(result.version)}` : "";
  const lines = [
    `Packed ${escapeControl(result.name)}${version} into ${shownPath(result.file, io.cwd)} (${plural(result.files.length, "file")}).`,
  ];
  if (forDesktop)
    lines.push("It passes Claude Desktop's upload rules; upload it in Claude Desktop to add or replace the skill.");
  const shown = result.diagnostics.filter((d) => d.severity !== "info" || d.code.startsWith("pack."));
  if (shown.length > 0) lines.push(...formatDiagnostics(shown, io.cwd, ""));
  io.stdout(lines.join("\n") + "\n");
}

function printRefused(message: string, diagnostics: Diagnostic[], io: CliIo): void {
  const lines = [
    `Not packed: ${escapeControl(message)}`,
    ...formatDiagnostics(
      diagnostics.filter((d) => d.severity !== "info"),
      io.cwd,
      "",
    ),
  ];
  io.stderr(lines.join("\n") + "\n");
}

/** The `pack` command. */
export const packCommand: CliCommand = {
  name: "pack",
  summary: "Build a .skill archive from a skill folder; with --for claude-desktop it must pass Desktop's upload rules.",
  usage: "skillshelf pack DIR [--out FILE] [--for claude-desktop] [--force] [--json]",
  options: { out: { type: "string" }, for: { type: "string" }, force: { type: "boolean" }, json: { type: "boolean" } },
  async run(args, io) {
    if (args.positionals.length !== 1) throw new UsageError("give exactly one DIR: the skill's folder.");
    const target = stringFlag(args, "for");
    if (target !== undefined && !TARGETS.includes(target))
      throw new UsageError(`--for takes ${TARGETS.join(" or ")}, not "${escapeControl(target)}".`);
    const dir = path.resolve(io.cwd, args.positionals[0]!);
    const info = await stat(dir).catch(() => null);
    if (!info?.isDirectory())
      throw new UsageError(
        `${escapeControl(args.positionals[0]!)} is not a folder; give the skill's folder (the one holding SKILL.md).`,
      );
    const out = stringFlag(args, "out");
    if (out === "") throw new UsageError("--out needs a file name.");
    const forDesktop = target === "claude-desktop";
    try {
      const result = await packSkill(dir, {
        out: out === undefined ? undefined : path.resolve(io.cwd, out),
        outDir: io.cwd,
        forDesktop,
        overwrite: args.values.force === true,
      });
      if (args.values.json) printJson(io, { packed: true, ...result });
      else printPacked(result, forDesktop, io);
      return 0;
    } catch (error) {
      // Whatever went wrong is one sentence (and, with --json, one JSON document), never a stack trace.
      const refused =
        error instanceof PackRefusedError
          ? error
          : new PackRefusedError(
              `Packing failed (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
              [],
            );
      if (args.values.json) printJson(io, { packed: false, error: refused.message, diagnostics: refused.diagnostics });
      else printRefused(refused.message, refused.diagnostics, io);
      return 1;
    }
  },
};
