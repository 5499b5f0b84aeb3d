// Decides what a path given on the command line is: a skill, a folder of skills, a plugin or a skill archive.
import { lstat, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { isSkillArchivePath } from "./archive";
import { searchFolder, type SearchSummary } from "./target-search";

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

/** The targets one path names, plus what a search of it looked at when the path was neither a skill nor a plugin. */
export interface FoundTargets {
  targets: ValidationTarget[];
  search: SearchSummary | null;
}

/**
 * Expands one path (docs/architecture.md, "validate"): a SKILL.md → its folder; a folder holding SKILL.md (any case) →
 * a skill; a folder with plugin.json or .claude-plugin/plugin.json → a plugin; a .zip/.skill → an archive; any other
 * folder is searched (no dependency folders, no links out, bounded depth) and every skill and plugin found is a target;
 * a folder holding none is a skill target that reports skill.missing-file.
 */
export async function findTargets(input: string, cwd: string = process.cwd()): Promise<FoundTargets> {
  const abs = path.resolve(cwd, input);
  const info = await stat(abs).catch(() => null);
  const one = (target: ValidationTarget): FoundTargets => ({ targets: [target], search: null });
  if (!info) {
    const linked = await lstat(abs).catch(() => null);
    if (!linked) throw new MissingPathError(input);
    return one({ kind: "skill", path: abs, dir: abs });
  }
  if (!info.isDirectory()) {
    if (path.basename(abs).toLowerCase() === "skill.md") return one({ kind: "skill", path: abs, dir: path.dirname(abs) });
    if (isSkillArchivePath(abs)) return one({ kind: "archive", path: abs, file: abs });
    return one({ kind: "skill", path: abs, dir: abs });
  }
  const names = await readdir(abs).catch(() => [] as string[]);
  if (hasSkillFile(names)) return one({ kind: "skill", path: abs, dir: abs });
  if (names.includes("plugin.json")) return one({ kind: "plugin", path: abs, root: abs });
  if (names.includes(".claude-plugin")) {
    const claude = await stat(path.join(abs, ".claude-plugin", "plugin.json")).catch(() => null);
    if (claude) return one({ kind: "plugin", path: abs, root: abs });
  }
  const { items, summary } = await searchFolder(abs);
  const targets: ValidationTarget[] = [];
  for (const item of items) {
    if (item.kind === "skill") targets.push({ kind: "skill", path: item.dir, dir: item.dir });
    else if (item.kind === "plugin") targets.push({ kind: "plugin", path: item.dir, root: item.dir });
  }
  return { targets: targets.length > 0 ? targets : [{ kind: "skill", path: abs, dir: abs }], search: summary };
}

/** The targets alone (the app's validate:path and older callers). */
export async function resolveTargets(input: string, cwd: string = process.cwd()): Promise<ValidationTarget[]> {
  return (await findTargets(input, cwd)).targets;
}
