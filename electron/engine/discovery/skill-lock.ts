// Reads the `skills` installer's lock file (~/.agents/.skill-lock.json or $XDG_STATE_HOME/skills/): where each skill came from.
import type { Diagnostic, SkillLockInfo } from "../../../shared/model";
import { discoveryDiagnostic } from "./diagnostic";
import { readJsonMember } from "./json-member";
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
    const json = await readJsonMember(file, "skills");
    if (json.kind === "missing") continue;
    if (json.kind === "corrupt") {
      const message = `The skills installer's lock file cannot be used: ${json.why}`;
      return {
        file,
        entries: new Map(),
        diagnostics: [
          discoveryDiagnostic(
            "scan.lock.corrupt",
            "warning",
            file,
            message,
            "Reinstall the skills with the `skills` installer, or delete the lock file so it is rebuilt.",
          ),
        ],
      };
    }
    const entries = new Map<string, SkillLockInfo>();
    for (const [name, raw] of Object.entries(json.value)) {
      if (!raw || typeof raw !== "object") continue;
      const e = raw as Record<string, unknown>;
      entries.set(name, {
        lockFile: file,
        source: str(e.source),
        sourceType: str(e.sourceType),
        sourceUrl: str(e.sourceUrl),
        skillPath: str(e.skillPath),
        skillFolderHash: str(e.skillFolderHash),
      });
    }
    return { file, entries, diagnostics: [] };
  }
  return { file: null, entries: new Map(), diagnostics: [] };
}
