// Decides what a path given on the command line is: a skill, a folder of skills, a plugin, a marketplace or a skill archive.
import { lstatSync, statSync, type BigIntStats, type Stats } from "node:fs";
import { lstat, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { isInside } from "../fs/safe-fs";
import type { StatsSeen } from "../fs/stats-seen";
import type { ClaudeCodeContext } from "../plugin/types";
import { isSkillArchivePath } from "./archive-path";
import { isMarketplaceRoot, marketplaceRootKinds } from "./marketplace-root";
import { countFound, searchFolder, type SearchSummary, type SearchTrace } from "./target-search";
import { EngineError } from "../errors";

/** One thing to check, as a path names it. */
export type ValidationTarget =
  | { kind: "skill"; path: string; dir: string }
  | { kind: "archive"; path: string; file: string }
  | { kind: "plugin"; path: string; root: string; claudeCode?: ClaudeCodeContext }
  | { kind: "marketplace"; path: string; root: string };

/** A path that does not exist: bad usage, not a finding. */
export class MissingPathError extends EngineError {
  override name = "MissingPathError";
  constructor(readonly target: string) {
    super("path.missing", `${target}: no such file or folder.`);
  }
}

/**
 * stat(2) in the calling thread (it opens nothing, so it cannot hang on a FIFO), or null when the path cannot be told;
 * kept in `seen` when given.
 */
function statOrNull(abs: string, seen?: StatsSeen): Stats | BigIntStats | null {
  try {
    return (seen ? seen.stat(abs, true) : statSync(abs, { throwIfNoEntry: false })) ?? null;
  } catch {
    return null;
  }
}

/** True when the folder holds an entry named exactly SKILL.md; false when not or when that cannot be told. */
function exactSkillFile(dir: string, seen?: StatsSeen): boolean {
  const file = path.join(dir, "SKILL.md");
  try {
    return (seen ? seen.stat(file, false) : lstatSync(file, { throwIfNoEntry: false })) !== undefined;
  } catch {
    return false;
  }
}

const hasSkillFile = (names: readonly string[]) => names.some((n) => n.toLowerCase() === "skill.md");

/** The targets one path names, plus what a search of it looked at when the path was neither a skill nor a plugin. */
export interface FoundTargets {
  targets: ValidationTarget[];
  search: SearchSummary | null;
}

/**
 * Expands one path (docs/architecture.md, "validate"): `.claude-plugin/` or a manifest in it → the folder above; a
 * marketplace root holding its own skill or plugin → that skill or plugin, the marketplace and every plugin it lists (a
 * root plugin.json without `$schema` is not a plugin there); a SKILL.md → its folder; a folder holding SKILL.md (any
 * case) → a skill; a folder with plugin.json or .claude-plugin/plugin.json → a plugin; a .zip/.skill → an archive; any other folder is searched (no dependency folders, no
 * links out, bounded depth) and every skill, plugin and marketplace found is a target — a folder a marketplace lists is
 * a plugin even without a manifest, and the skills inside it are checked as its skills, not again on their own; a
 * folder holding none is a skill target that reports skill.missing-file. With `seen`, the stats of a skill folder and
 * its SKILL.md are kept there (the validation cache's check takes them instead of stat'ing the same paths again); with
 * `trace`, a search adds the folders it listed and the links it met.
 */
export async function findTargets(
  input: string,
  cwd: string = process.cwd(),
  seen?: StatsSeen,
  trace?: SearchTrace,
): Promise<FoundTargets> {
  const abs = path.resolve(cwd, input);
  // Synchronous: `validate` of thousands of paths would otherwise wait on a thread-pool round trip for each.
  const info = statOrNull(abs, seen);
  const one = (target: ValidationTarget): FoundTargets => ({ targets: [target], search: null });
  if (!info) {
    const linked = await lstat(abs).catch(() => null);
    if (!linked) throw new MissingPathError(input);
    return one({ kind: "skill", path: abs, dir: abs });
  }
  // .claude-plugin/, or its marketplace.json or plugin.json, names the plugin or marketplace folder above it.
  const manifestOf = claudeManifestParent(abs, info.isDirectory());
  if (manifestOf) return findTargets(manifestOf, cwd, seen, trace);
  if (!info.isDirectory()) {
    if (path.basename(abs).toLowerCase() === "skill.md")
      return one({ kind: "skill", path: abs, dir: path.dirname(abs) });
    if (isSkillArchivePath(abs)) return one({ kind: "archive", path: abs, file: abs });
    return one({ kind: "skill", path: abs, dir: abs });
  }
  // A marketplace is never hidden by what else sits at its root: the root's own skill or plugin, the marketplace and
  // every plugin it lists are all targets.
  if (isMarketplaceRoot(abs)) {
    const rootTargets = await marketplaceRootTargets(abs);
    if (rootTargets) return { targets: await addListedPlugins(rootTargets, abs), search: null };
  }
  // The usual case in one lstat: a SKILL.md under its exact name (the validator lists the folder itself afterwards).
  if (exactSkillFile(abs, seen)) return one({ kind: "skill", path: abs, dir: abs });
  const names = await readdir(abs).catch(() => [] as string[]);
  if (hasSkillFile(names)) return one({ kind: "skill", path: abs, dir: abs });
  const claude = names.includes(".claude-plugin")
    ? await readdir(path.join(abs, ".claude-plugin")).catch(() => [] as string[])
    : [];
  if (names.includes("plugin.json") || claude.includes("plugin.json"))
    return one({ kind: "plugin", path: abs, root: abs });
  const { items, summary } = await searchFolder(abs, seen, trace);
  const targets: ValidationTarget[] = [];
  for (const item of items) {
    if (item.kind === "skill") targets.push({ kind: "skill", path: item.dir, dir: item.dir });
    else if (item.kind === "plugin") targets.push({ kind: "plugin", path: item.dir, root: item.dir });
    else targets.push({ kind: "marketplace", path: item.dir, root: item.dir });
  }
  const withListed = await addListedPlugins(targets, abs);
  summary.found = countFound(
    abs,
    withListed.map((t) => ({ kind: t.kind === "archive" ? "skill" : t.kind, dir: t.path })),
  );
  return { targets: withListed.length > 0 ? withListed : [{ kind: "skill", path: abs, dir: abs }], search: summary };
}

/** The folder a path inside `.claude-plugin/` stands for (the plugin or marketplace root), or null. */
function claudeManifestParent(abs: string, isDir: boolean): string | null {
  if (isDir) return path.basename(abs) === ".claude-plugin" ? path.dirname(abs) : null;
  const parent = path.dirname(abs);
  const name = path.basename(abs);
  return path.basename(parent) === ".claude-plugin" && (name === "marketplace.json" || name === "plugin.json")
    ? path.dirname(parent)
    : null;
}

/**
 * A marketplace root that also holds a skill or a plugin of its own: the marketplace plus that skill or plugin (a root
 * plugin.json counts only with `$schema`, or beside .claude-plugin/plugin.json, which Claude Code reads); null for a
 * marketplace root with neither, which is searched like any other folder.
 */
async function marketplaceRootTargets(abs: string): Promise<ValidationTarget[] | null> {
  const kinds = marketplaceRootKinds(abs, await readdir(abs).catch(() => [] as string[]));
  return (
    kinds?.map((kind): ValidationTarget =>
      kind === "skill" ? { kind, path: abs, dir: abs } : { kind, path: abs, root: abs },
    ) ?? null
  );
}

/**
 * Adds the folders the found marketplaces list that are not plugins by themselves (no manifest: Claude Code loads them
 * in the standard layout, named by the entry), and drops the skill targets inside any plugin (they are its skills).
 */
async function addListedPlugins(targets: ValidationTarget[], searched: string): Promise<ValidationTarget[]> {
  const out = [...targets];
  const pluginRoots = new Set(out.flatMap((t) => (t.kind === "plugin" ? [t.root] : [])));
  for (const target of targets) {
    if (target.kind !== "marketplace") continue;
    // Loaded here: checking a skill never needs the plugin readers (start-up of `validate`).
    const { localPlugins, readMarketplace } = await import("../plugin/marketplace");
    for (const listed of localPlugins(await readMarketplace(target.root))) {
      // An entry whose source is the marketplace itself ("./", as in skills repositories) adds no plugin target: the
      // search already found every skill there, and several such entries would claim the same folder.
      if (
        listed.dir === target.root ||
        pluginRoots.has(listed.dir) ||
        !isInside(searched, listed.dir) ||
        !(await stat(listed.dir).catch(() => null))?.isDirectory()
      )
        continue;
      pluginRoots.add(listed.dir);
      const claudeCode: ClaudeCodeContext = {
        ...(listed.name ? { name: listed.name } : {}),
        ...(listed.entry ? { entry: listed.entry } : {}),
      };
      out.push({ kind: "plugin", path: listed.dir, root: listed.dir, claudeCode });
    }
  }
  // Nothing added and no plugin to hold skills: the targets stay as found (a search gives them sorted already).
  if (pluginRoots.size === 0 && out.every((t, i) => i === 0 || (out[i - 1] as ValidationTarget).path <= t.path))
    return out;
  const roots = [...pluginRoots];
  return out
    .filter((t) => t.kind !== "skill" || !roots.some((root) => isInside(root, t.dir) && t.dir !== root))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The targets alone (the app's validate:path and older callers). */
export async function resolveTargets(input: string, cwd: string = process.cwd()): Promise<ValidationTarget[]> {
  return (await findTargets(input, cwd)).targets;
}
