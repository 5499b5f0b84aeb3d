// Reads one skill (validation + content hash) and one plugin, the only places discovery touches skill contents.
import path from "node:path";
import type { Profile } from "../../../shared/model";
import { readPlugin } from "../plugin/read-plugin";
import type { ClaudeCodeContext, PluginReport } from "../plugin/types";
import { readSkill } from "../skill/read-skill";
import { readCacheable } from "../validate-cache/scan-part";
import type { SkillReport } from "../skill/types";
import { hashSkillFolderWithInfo } from "./hash";
import { findSkillFile, listCapped } from "./list";
import { isInside, realpathOrNull } from "../fs/safe-fs";
import type { ReadJob, SkillRead } from "./read-protocol";

export type { SkillRead } from "./read-protocol";

/** A plugin as read: the plugin reader's report (null if it failed) and each of its skills. */
export interface PluginRead {
  report: PluginReport | null;
  error: string | null;
  skills: Array<{ dir: string; realDir: string; read: SkillRead }>;
}

/**
 * Reads and hashes one skill folder (dir as found; the hash walks its real folder, confined). The instructions are
 * dropped: the catalog never shows them, and a read from the validation cache does not have them. With `since` (ns,
 * when reading began), the read also says what its result depends on, for the validation cache. Exported for tests:
 * they read one folder as the scan would.
 */
export async function readSkillAt(
  dir: string,
  realDir: string,
  profile: Profile,
  onSkillRead?: (dir: string) => void,
  since: bigint | null = null,
): Promise<SkillRead> {
  onSkillRead?.(dir);
  const got = await readCacheable(dir, { profile, realDir }, since);
  const hash = await hashSkillFolderWithInfo(realDir, {}, got.files, got.read);
  const report = { ...got.report, body: "" };
  return since === null ? { report, hash, profile } : { report, hash, profile, entries: got.entries };
}

/** readSkillAt for a scan's job (in the scan's thread or its worker). */
export const readJob = (job: ReadJob, onSkillRead?: (dir: string) => void): Promise<SkillRead> =>
  readSkillAt(job.dir, job.realDir, job.profile, onSkillRead, job.cacheSince ? BigInt(job.cacheSince) : null);

/**
 * Reads a plugin root with the plugin reader, then hashes each skill; skills the reader did not return are read here.
 * `claudeCode` is set where the root is known to be a Claude Code plugin (installed, listed by a marketplace, or a
 * manifest-less plugin in a folder of plugins): it is read in Claude Code's standard layout then.
 */
export async function readPluginAt(
  root: string,
  cap: number,
  onSkillRead?: (dir: string) => void,
  claudeCode?: ClaudeCodeContext,
): Promise<PluginRead> {
  let report: PluginReport | null = null;
  let error: string | null = null;
  try {
    report = await readPlugin(root, claudeCode ? { profile: "agent-skills", claudeCode } : { profile: "agent-skills" });
  } catch (e) {
    error = (e as Error).message ?? String(e);
  }
  const byDir = new Map<string, SkillReport>();
  for (const s of report?.skills ?? []) byDir.set(path.resolve(s.dir), s);
  const skillsDir = path.join(root, "skills");
  const dirs: string[] = [];
  // A missing or non-folder skills/ lists as empty; a SKILL.md found in p means p is a folder. Only the exact name
  // makes a plugin's skill (a lone skill.md is the reader's warning, not a skill of the plugin).
  for (const entry of (await listCapped(skillsDir, cap)).entries) {
    const p = path.join(skillsDir, entry.name);
    if (byDir.has(p) || path.basename((await findSkillFile(p)) ?? "") === "SKILL.md") dirs.push(p);
  }
  for (const d of byDir.keys()) if (!dirs.includes(d)) dirs.push(d);
  const skills: PluginRead["skills"] = [];
  const realRoot = (await realpathOrNull(root)) ?? root;
  for (const dir of dirs) {
    const realDir = await realpathOrNull(dir);
    if (!realDir || !isInside(realRoot, realDir)) continue;
    const known = byDir.get(dir);
    onSkillRead?.(dir);
    const [skillReport, hash] = await Promise.all([
      known ? Promise.resolve(known) : readSkill(dir, { profile: "agent-skills", pluginRoot: root }),
      hashSkillFolderWithInfo(realDir),
    ]);
    skills.push({ dir, realDir, read: { report: skillReport, hash, profile: "agent-skills" } });
  }
  return { report, error, skills };
}
