// skills/: immediate children holding an exact SKILL.md that is a regular file inside the root (§6, §7.1).
import path from "node:path";
import type { Diagnostic, Profile } from "../../../shared/model";
import { readSkill } from "../skill/read-skill";
import type { ReadSkillOptions } from "../skill/types";
import type { SkillReport } from "../skill/types";
import { mapBounded } from "../fs/bounded";
import { skillReport } from "../skill/validate-text";
import { entryNames, resolveInRoot } from "./containment";
import { diagnostic, quote } from "./diagnostics";

/** What discovering skills/ found: every skill read (valid or not) and plugin-level findings. */
export interface SkillsResult {
  skills: SkillReport[];
  diagnostics: Diagnostic[];
}

const PARALLEL_READS = 8;

/**
 * Discovers and reads the plugin's skills with the given profile (`claudeCode`: as Claude Code reads them, its own
 * keys valid); never searches below skills/NAME/.
 */
export async function discoverSkills(
  root: string,
  realRoot: string,
  rootEntries: Set<string>,
  profile: Profile | undefined,
  claudeCode = false,
): Promise<SkillsResult> {
  const result: SkillsResult = { skills: [], diagnostics: [] };
  if (!rootEntries.has("skills")) return result;
  const skillsDir = path.join(root, "skills");
  const where = await resolveInRoot(realRoot, skillsDir);
  if (where.status === "outside") {
    result.diagnostics.push(
      diagnostic(
        "plugin.containment",
        "error",
        skillsDir,
        `skills is a link to ${where.real}, outside the plugin folder, so the plugin's skills are disabled.`,
        {
          fix: "Move the skills into the plugin folder (a link may point only inside it).",
        },
      ),
    );
    return result;
  }
  if (where.status === "missing" || where.kind !== "dir") {
    const what =
      where.status === "missing"
        ? "a link whose target is missing or loops"
        : where.kind === "file"
          ? "a file"
          : "a special file";
    result.diagnostics.push(
      diagnostic(
        "plugin.skills.not-dir",
        "error",
        skillsDir,
        `skills is ${what}, not a folder, so the plugin's skills are disabled.`,
        {
          fix: "Make skills a folder holding one folder per skill (skills/NAME/SKILL.md).",
        },
      ),
    );
    return result;
  }
  const names = [...((await entryNames(skillsDir)) ?? [])].sort();
  const candidates: string[] = [];
  for (const name of names) {
    const found = await skillCandidate(skillsDir, name, realRoot);
    if (found.diagnostic) result.diagnostics.push(found.diagnostic);
    if (found.dir) candidates.push(found.dir);
  }
  result.skills = await mapBounded(candidates, PARALLEL_READS, (dir) =>
    readOneSkill(dir, { ...(profile ? { profile } : {}), pluginRoot: root, claudeCode }),
  );
  return result;
}

async function skillCandidate(
  skillsDir: string,
  name: string,
  realRoot: string,
): Promise<{ dir?: string; diagnostic?: Diagnostic }> {
  const dir = path.join(skillsDir, name);
  const where = await resolveInRoot(realRoot, dir);
  if (where.status === "outside") {
    return {
      diagnostic: diagnostic(
        "plugin.containment",
        "error",
        dir,
        `skills/${name} is a link to ${where.real}, outside the plugin folder, so it is skipped.`,
        {
          fix: "Copy the skill into the plugin folder instead of linking to it.",
        },
      ),
    };
  }
  if (where.status !== "inside" || where.kind !== "dir") return {};
  const names = await entryNames(dir);
  if (!names?.has("SKILL.md")) {
    const variant = names ? [...names].find((n) => n.toLowerCase() === "skill.md") : undefined;
    if (!variant) return {};
    return {
      diagnostic: diagnostic(
        "plugin.skills.file-case",
        "warning",
        path.join(dir, variant),
        `skills/${name} holds ${quote(variant)} but no file named exactly SKILL.md; inside a plugin only SKILL.md is discovered, so ${quote(name)} is not loaded as a skill.`,
        {
          fix: `Rename ${quote(variant)} to SKILL.md.`,
        },
      ),
    };
  }
  const file = path.join(dir, "SKILL.md");
  const skillFile = await resolveInRoot(realRoot, file);
  if (skillFile.status === "outside") {
    return {
      diagnostic: diagnostic(
        "plugin.containment",
        "error",
        file,
        `skills/${name}/SKILL.md is a link to ${skillFile.real}, outside the plugin folder, so the skill is skipped.`,
        {
          fix: "Put the real SKILL.md inside the plugin folder.",
        },
      ),
    };
  }
  if (skillFile.status === "missing" || skillFile.kind !== "file") {
    const what =
      skillFile.status === "missing"
        ? "a link whose target is missing or loops"
        : skillFile.kind === "dir"
          ? "a folder"
          : "a special file (such as a named pipe)";
    return {
      diagnostic: diagnostic(
        "plugin.skills.entry-not-file",
        "warning",
        file,
        `skills/${name}/SKILL.md is ${what}, not a regular file, so clients do not treat ${quote(name)} as a skill.`,
        {
          fix: "Make SKILL.md a regular text file.",
        },
      ),
    };
  }
  return { dir };
}

async function readOneSkill(dir: string, options: ReadSkillOptions): Promise<SkillReport> {
  try {
    return await readSkill(dir, options);
  } catch (error) {
    const file = path.join(dir, "SKILL.md");
    const reason = error instanceof Error ? error.message : String(error);
    const failed = diagnostic(
      "plugin.skill.read-failed",
      "error",
      file,
      `This skill could not be checked (${reason}), so it is skipped.`,
      { fix: "Check that SKILL.md is well-formed; report this as a Skillshelf bug if it is." },
    );
    return skillReport({ dir, realDir: dir, skillFile: file }, [failed], null);
  }
}
