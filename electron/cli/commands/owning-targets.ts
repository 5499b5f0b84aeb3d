// `validate --files`: a hook or CI step passes the files that changed; each is mapped to the skill, plugin, marketplace
// or archive that holds it, so only those are checked (pre-commit passes only the staged files its pattern matches).
import path from "node:path";

/** The base names `--files` maps to a target; any other file is skipped (the hook's pattern should not pass it). */
const OWNING = /^(skill\.md|plugin\.json|marketplace\.json)$/i;
const ARCHIVE = /\.(skill|zip)$/i;

/** The path to validate for one changed file, or null when the file is none of SKILL.md, a manifest or an archive. */
export function owningPath(file: string): string | null {
  const base = path.basename(file);
  if (ARCHIVE.test(base)) return file;
  if (!OWNING.test(base)) return null;
  const dir = path.dirname(file);
  if (/^marketplace\.json$/i.test(base) || path.basename(dir) === ".claude-plugin") return path.dirname(dir);
  return dir;
}

/** Each changed file's owning path, first-seen order, once each (a skill with several staged files is checked once). */
export function owningPaths(files: readonly string[], cwd: string): { paths: string[]; skipped: string[] } {
  const paths: string[] = [];
  const seen = new Set<string>();
  const skipped: string[] = [];
  for (const file of files) {
    const owner = owningPath(file);
    if (owner === null) {
      skipped.push(file);
      continue;
    }
    const key = path.resolve(cwd, owner);
    if (seen.has(key)) continue;
    seen.add(key);
    paths.push(owner);
  }
  return { paths, skipped };
}
