// Validates one resolved target (a skill folder, an archive, a plugin or a marketplace) into the result `validate` and the app show.
import type { ValidationResult } from "../../shared/results";
import type { PluginFormat, Profile } from "../../shared/model";
import { readSkill } from "./skill/read-skill";
import type { RealDirs } from "./skill/real-dirs";
import type { ValidationTarget } from "./skill/targets";

/** One checked path; plugins also say their format, whether its client would load them at all, and which skills they hold. */
export type TargetResult = ValidationResult & {
  loads?: boolean;
  format?: PluginFormat;
  skills?: Array<{ name: string; path: string; valid: boolean }>;
};

/**
 * Reads and checks one target; a plugin's result carries its skills' diagnostics too. A marketplace's result holds the
 * findings of marketplace.json and its entries; the plugins it lists are targets of their own (findTargets).
 */
export async function validateTarget(
  target: ValidationTarget,
  profile: Profile,
  realDirs?: RealDirs,
): Promise<TargetResult> {
  // The plugin readers are loaded only for plugins and marketplaces: checking a skill starts faster without them.
  if (target.kind === "marketplace") {
    const { readMarketplace } = await import("./plugin/marketplace");
    const market = await readMarketplace(target.root);
    return {
      path: target.path,
      kind: "marketplace",
      name: market.name ?? "",
      valid: market.valid,
      diagnostics: market.diagnostics,
    };
  }
  if (target.kind === "plugin") {
    const { readPlugin } = await import("./plugin/read-plugin");
    const plugin = await readPlugin(
      target.root,
      target.claudeCode ? { profile, claudeCode: target.claudeCode } : { profile },
    );
    // The plugin directory's submission rules are read only for authors who ask for them.
    const submission =
      profile === "claude-plugin-directory"
        ? await (await import("./plugin/directory-submission")).directoryFindings(plugin.root, plugin.manifest)
        : [];
    const diagnostics = [...plugin.diagnostics, ...submission, ...plugin.skills.flatMap((s) => s.diagnostics)];
    const skills = plugin.skills.map((s) => ({ name: s.name, path: s.dir, valid: s.valid }));
    return {
      path: target.path,
      kind: "plugin",
      name: plugin.name,
      valid: plugin.valid && !submission.some((d) => d.severity === "error"),
      loads: plugin.loads,
      format: plugin.format,
      skills,
      diagnostics,
    };
  }
  // The archive reader (and the unpacking rules, zlib among them) is loaded only for archives, like the plugin readers.
  const report =
    target.kind === "archive"
      ? await (await import("./skill/archive")).readSkillArchive(target.file, { profile })
      : await readSkill(target.dir, { profile, realDirs });
  return { path: target.path, kind: "skill", name: report.name, valid: report.valid, diagnostics: report.diagnostics };
}
