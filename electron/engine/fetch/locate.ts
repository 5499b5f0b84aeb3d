// Finds the skill inside an unpacked release: SKILL.md at the root, `NAME/`, `skills/NAME/`, or a source archive's
// `REPO-TAG/.../NAME/` at any (bounded) depth; then validates it and refuses it when its name is not the expected one.
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { renameWithRetry as rename } from "../fs/rename-retry";
import type { Diagnostic } from "../../../shared/model";
import { readSkill } from "../skill/read-skill";
import type { SkillReport } from "../skill/types";
import { stopsLoading } from "../../../shared/client-fit";
import { EngineError } from "../errors";

/** Deepest folder searched below the unpacked root (a monorepo's `repo-tag/plugins/x/skills/NAME` fits). */
const MAX_DEPTH = 8;
/** Most folders looked at; an unpacked release is already bounded by the extractor's file limit. */
const MAX_FOLDERS = 20_000;
const SKIPPED = new Set([".git", "node_modules", "__MACOSX"]);

/** The skill found in a release, read and validated. */
export interface LocatedSkill {
  dir: string;
  name: string;
  version: string | null;
  report: SkillReport;
  diagnostics: Diagnostic[];
}

/** Every folder below root holding a SKILL.md (relative, "" for root itself), shallowest first. */
export async function skillFolders(root: string): Promise<string[]> {
  const found: string[] = [];
  let queue: string[] = [""];
  let visited = 0;
  for (let depth = 0; depth <= MAX_DEPTH && queue.length; depth++) {
    const next: string[] = [];
    for (const rel of queue) {
      if (++visited > MAX_FOLDERS) break;
      let entries: Dirent[];
      try {
        entries = await readdir(path.join(root, rel), { withFileTypes: true });
      } catch {
        continue;
      }
      if (entries.some((e) => e.isFile() && e.name === "SKILL.md")) found.push(rel);
      for (const e of entries)
        if (e.isDirectory() && !SKIPPED.has(e.name)) next.push(rel ? `${rel}/${e.name}` : e.name);
    }
    queue = next;
  }
  return found;
}

function depthOf(rel: string): number {
  return rel ? rel.split("/").length : 0;
}

/** The one folder that holds the skill named `expectName`, by the layouts releases use; throws when none or several fit. */
async function chooseFolder(root: string, expectName: string): Promise<string> {
  const folders = await skillFolders(root);
  if (!folders.length)
    throw new EngineError(
      "install.skill.not-found",
      "The release holds no SKILL.md, so there is no skill in it to install.",
    );
  if (folders.length === 1) return folders[0]!;
  const named = folders.filter((rel) => path.posix.basename(rel) === expectName);
  const pool = named.length ? named : folders.filter((rel) => rel === "");
  if (!pool.length) {
    const listed = folders
      .slice(0, 5)
      .map((rel) => rel || "(the archive's root)")
      .join(", ");
    throw new EngineError(
      "install.skill.not-found",
      `The release holds ${folders.length} skills (${listed}${folders.length > 5 ? ", …" : ""}) and none is in a folder named "${expectName}".`,
    );
  }
  const shallowest = Math.min(...pool.map(depthOf));
  const best = pool.filter((rel) => depthOf(rel) === shallowest);
  if (best.length > 1)
    throw new EngineError(
      "install.skill.ambiguous",
      `The release holds several folders named "${expectName}" with a SKILL.md (${best.slice(0, 3).join(", ")}); it is not clear which one to install.`,
    );
  return best[0]!;
}

/**
 * Finds and validates the skill below `root` (a folder Skillshelf owns: it may rename a root-level skill folder to
 * `expectName` so the spec's name-equals-folder rule holds). Refuses a skill clients cannot read or one with another name.
 */
export async function locateSkill(root: string, expectName: string): Promise<LocatedSkill> {
  const rel = await chooseFolder(root, expectName);
  let dir = path.join(root, ...rel.split("/").filter(Boolean));
  if (rel === "" && path.basename(root) !== expectName && /^[a-z0-9-]{1,64}$/.test(expectName)) {
    const renamed = path.join(path.dirname(root), expectName);
    await rename(root, renamed);
    dir = renamed;
  }
  const report = await readSkill(dir);
  if (report.name && report.name !== expectName) {
    throw new EngineError(
      "install.skill.name-mismatch",
      `The release holds the skill "${report.name.slice(0, 100)}", not "${expectName}", so it was not installed in its place.`,
    );
  }
  // Only findings that stop clients from reading the skill refuse it; spec findings clients load anyway (AgentKey's
  // top-level `version`, say) stay in the diagnostics the plan shows as notes for the skill's author.
  const blockers = report.diagnostics.filter((d) => stopsLoading(d, null));
  if (blockers.length > 0) {
    const first = blockers
      .slice(0, 3)
      .map((d) => `${d.code}: ${d.message}`)
      .join(" ");
    throw new EngineError(
      "install.skill.invalid",
      `The skill in the release cannot be read by clients (${blockers.length} error${blockers.length === 1 ? "" : "s"}), so it was not installed. ${first}`,
    );
  }
  return { dir, name: report.name, version: report.version, report, diagnostics: report.diagnostics };
}
