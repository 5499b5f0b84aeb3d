// Small views of a ScanResult that the engine's adapters, the views and the tests all need.
import type { ScanResult, Skill } from "./model";

/** A scan that found nothing (the state before the first scan). */
export function emptyScan(): ScanResult {
  return { locations: [], skills: [], plugins: [], diagnostics: [] };
}

/** Every skill of a scan, plugins' skills included, each once (by id). */
export function allSkills(scan: ScanResult): Skill[] {
  const seen = new Set<string>();
  const out: Skill[] = [];
  for (const skill of [...scan.skills, ...scan.plugins.flatMap((p) => p.skills)]) {
    if (seen.has(skill.id)) continue;
    seen.add(skill.id);
    out.push(skill);
  }
  return out;
}
