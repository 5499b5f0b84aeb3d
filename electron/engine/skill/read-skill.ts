// PLACEHOLDER until the validator lands: reads name/description only. Replaced by the skill validator.
import path from "node:path";
import { parse } from "yaml";
import { readTextFile, realpathOrNull } from "../fs/safe-fs";
import type { ReadSkillOptions, SkillReport } from "./types";

/** Reads and validates one skill folder (placeholder implementation). */
export async function readSkill(dir: string, _options: ReadSkillOptions = {}): Promise<SkillReport> {
  const abs = path.resolve(dir);
  const file = path.join(abs, "SKILL.md");
  const read = await readTextFile(file);
  const report: SkillReport = {
    dir: abs, realDir: (await realpathOrNull(abs)) ?? abs, skillFile: read.ok ? file : null, name: "", description: "",
    frontmatter: null, body: "", bodyStartLine: 1, version: null, versionSource: null, repository: null, diagnostics: [], valid: true,
  };
  if (!read.ok) return { ...report, valid: false };
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(read.text);
  if (!m) return { ...report, valid: false };
  const fm = parse(m[1] ?? "") as Record<string, unknown>;
  return { ...report, frontmatter: fm, name: String(fm?.name ?? ""), description: String(fm?.description ?? ""), body: m[2] ?? "" };
}
