// Finds the installed copy `update` and `rollback` act on: by name among the skills a scan finds, or by path.
import { realpath, stat } from "node:fs/promises";
import path from "node:path";
import type { ScanResult, Skill } from "../../../shared/model";
import { allSkills } from "../../../shared/scan-result";
import { scan } from "../../engine/discovery/scan";
import type { ScanOptions } from "../../engine/discovery/types";
import { UsageError } from "../command";
import { safe } from "./report-format";

/** The copy found, with the scan it came from (plugins matter to the update check). */
export interface SkillTarget {
  skill: Skill;
  result: ScanResult;
}

/** A NAME|PATH argument that names a folder: it holds a separator, starts with `.` or `~`, or exists as a folder. */
async function asFolder(arg: string, cwd: string): Promise<string | null> {
  const looksLikePath = /[\\/]/.test(arg) || arg.startsWith(".") || arg.startsWith("~");
  const abs = path.resolve(cwd, arg);
  const isDir = await stat(abs).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (isDir) return abs;
  if (looksLikePath) throw new UsageError(`the folder ${safe(abs)} does not exist.`);
  return null;
}

/**
 * The one installed copy NAME|PATH means. A name held by copies in several real folders is a usage error listing them
 * (give the path); a name or path that matches nothing returns null.
 */
export async function findSkillTarget(
  arg: string,
  scanOptions: ScanOptions & { include: string[] },
  cwd: string,
): Promise<SkillTarget | null> {
  const folder = await asFolder(arg, cwd);
  if (folder) {
    const real = await realpath(folder);
    const matches = (s: Skill) => s.realDir === real || s.dir === folder || s.links.includes(folder);
    const known = await scan(scanOptions);
    const found = allSkills(known).find(matches);
    if (found) return { skill: found, result: known };
    const result = await scan({ ...scanOptions, include: [...scanOptions.include, folder] });
    const skill = allSkills(result).find(matches);
    return skill ? { skill, result } : null;
  }
  const result = await scan(scanOptions);
  const named = allSkills(result).filter((s) => s.name === arg);
  const byReal = new Map(named.map((s) => [s.realDir, s]));
  if (byReal.size > 1) {
    const listed = [...byReal.values()]
      .map((s) => `  ${safe(s.dir)}  (${s.client}${s.version ? `, ${safe(s.version)}` : ""})`)
      .join("\n");
    throw new UsageError(
      `${byReal.size} installed copies are named "${safe(arg)}"; give the path of the one to change:\n${listed}`,
    );
  }
  const [skill] = byReal.values();
  return skill ? { skill, result } : null;
}
