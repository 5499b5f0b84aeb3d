// Decides what a path given on the command line is: a skill, a folder of skills, a plugin or a skill archive.
import { lstat, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { isSkillArchivePath } from "./archive";
import { mapBounded } from "./validate-many";

/** One thing to check, as a path names it. */
export type ValidationTarget =
  | { kind: "skill"; path: string; dir: string }
  | { kind: "archive"; path: string; file: string }
  | { kind: "plugin"; path: string; root: string };

/** A path that does not exist: bad usage, not a finding. */
export class MissingPathError extends Error {
  constructor(readonly target: string) {
    super(`${target}: no such file or folder.`);
  }
}

const hasSkillFile = (names: readonly string[]) => names.some((n) => n.toLowerCase() === "skill.md");

/**
 * Expands one path (README.md "The command line"): a SKILL.md → its folder; a folder holding SKILL.md
 * (any case) → a skill; a folder with plugin.json or .claude-plugin/plugin.json → a plugin; a folder
 * whose immediate children hold SKILL.md → each such child; a .zip/.skill → an archive; else a skill
 * (which reports skill.missing-file).
 */
export async function resolveTargets(input: string, cwd: string = process.cwd()): Promise<ValidationTarget[]> {
  const abs = path.resolve(cwd, input);
  const info = await stat(abs).catch(() => null);
  if (!info) {
    const linked = await lstat(abs).catch(() => null);
    if (!linked) throw new MissingPathError(input);
    return [{ kind: "skill", path: abs, dir: abs }];
  }
  if (!info.isDirectory()) {
    if (path.basename(abs).toLowerCase() === "skill.md") return [{ kind: "skill", path: abs, dir: path.dirname(abs) }];
    if (isSkillArchivePath(abs)) return [{ kind: "archive", path: abs, file: abs }];
    return [{ kind: "skill", path: abs, dir: abs }];
  }
  const names = await readdir(abs).catch(() => [] as string[]);
  if (hasSkillFile(names)) return [{ kind: "skill", path: abs, dir: abs }];
  if (names.includes("plugin.json")) return [{ kind: "plugin", path: abs, root: abs }];
  if (names.includes(".claude-plugin")) {
    const claude = await stat(path.join(abs, ".claude-plugin", "plugin.json")).catch(() => null);
    if (claude) return [{ kind: "plugin", path: abs, root: abs }];
  }
  const sorted = [...names].sort();
  const holds = await mapBounded(sorted, 32, async (name) => {
    const childNames = await readdir(path.join(abs, name)).catch(() => null);
    return childNames !== null && hasSkillFile(childNames);
  });
  const children: ValidationTarget[] = sorted.filter((_, i) => holds[i]).map((name) => ({ kind: "skill", path: path.join(abs, name), dir: path.join(abs, name) }));
  return children.length > 0 ? children : [{ kind: "skill", path: abs, dir: abs }];
}
