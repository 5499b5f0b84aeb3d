// Reads the `skills` installer's lock file (~/.agents/.skill-lock.json or $XDG_STATE_HOME/skills/): where each skill came from.
import type { Diagnostic, SkillLockInfo } from "../../../shared/model";
import { readTextFile } from "../fs/safe-fs";
import { discoveryDiagnostic } from "./diagnostic";
import { skillLockCandidates } from "./locations";
import type { ScanOptions } from "./types";

/** The lock file's entries by skill name, the file they came from, and any problem reading it. */
export interface SkillLock {
  file: string | null;
  entries: Map<string, SkillLockInfo>;
  diagnostics: Diagnostic[];
}

const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

/** Reads the first lock file that exists for this home; a missing file is an empty lock, a corrupt one a diagnostic. */
export async function readSkillLock(options: Pick<ScanOptions, "home" | "env">): Promise<SkillLock> {
  for (const file of skillLockCandidates(options)) {
    const read = await readTextFile(file);
    if (!read.ok && read.reason === "not-found") continue;
    const corrupt = (why: string): SkillLock => ({
      file,
      entries: new Map(),
      diagnostics: [discoveryDiagnostic("scan.lock.corrupt", "warning", file, `The skills installer's lock file cannot be used: ${why}`, "Reinstall the skills with the `skills` installer, or delete the lock file so it is rebuilt.")],
    });
    if (!read.ok) return corrupt(read.message);
    let parsed: unknown;
    try {
      parsed = JSON.parse(read.text);
    } catch {
      return corrupt("it is not valid JSON.");
    }
    const skills = (parsed as { skills?: unknown } | null)?.skills;
    if (!parsed || typeof parsed !== "object" || !skills || typeof skills !== "object" || Array.isArray(skills)) {
      return corrupt('it has no "skills" object.');
    }
    const entries = new Map<string, SkillLockInfo>();
    for (const [name, raw] of Object.entries(skills as Record<string, unknown>)) {
      if (!raw || typeof raw !== "object") continue;
      const e = raw as Record<string, unknown>;
      entries.set(name, { lockFile: file, source: str(e.source), sourceType: str(e.sourceType), sourceUrl: str(e.sourceUrl), skillPath: str(e.skillPath), skillFolderHash: str(e.skillFolderHash) });
    }
    return { file, entries, diagnostics: [] };
  }
  return { file: null, entries: new Map(), diagnostics: [] };
}
