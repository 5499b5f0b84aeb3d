// Reads the `skills` installer's lock file (~/.agents/.skill-lock.json or $XDG_STATE_HOME/skills/): where each skill came
// from, and the folders its copies may sit in (every agent folder the installer writes a global install to).
import type { Diagnostic, SkillLockInfo } from "../../../shared/model";
import { parseJsonWithinLimits } from "../fs/json-limits";
import { readTextFile } from "../fs/safe-fs";
import { installerSkillFolders } from "../skill-lock/agent-folders";
import { discoveryDiagnostic } from "./diagnostic";
import { skillLockCandidates } from "./locations";
import type { ScanOptions } from "./types";

/** The lock format the installer reads; it starts afresh from a lock of a lower version, ignoring its entries. */
export const SKILL_LOCK_VERSION = 3;
/** The installer's lock holds a few hundred bytes per skill; a file far past that is not read. */
export const MAX_SKILL_LOCK_BYTES = 8 * 1024 * 1024;

/** The lock file's entries by skill name, the file they came from, and any problem reading it. */
export interface SkillLock {
  file: string | null;
  entries: Map<string, SkillLockInfo>;
  diagnostics: Diagnostic[];
  /** The folders a copy of a locked skill may sit in (absolute paths): its entry matches `<folder>/<name>`. */
  folders?: ReadonlySet<string>;
}

const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A lock with no entries and one warning or note about `file`. */
function unusable(file: string, code: "scan.lock.corrupt" | "scan.lock.old-version", message: string): SkillLock {
  const fix =
    code === "scan.lock.corrupt"
      ? "Reinstall the skills with the `skills` installer, or delete the lock file so it is rebuilt."
      : "Reinstall the skills with a current `skills` installer (`npx skills add …`); it writes a new lock.";
  const severity = code === "scan.lock.corrupt" ? "warning" : "info";
  return { file, entries: new Map(), diagnostics: [discoveryDiagnostic(code, severity, file, message, fix)] };
}

/** Reads the first lock file that exists for this home; a missing file is an empty lock, a corrupt one a diagnostic. */
export async function readSkillLock(options: Pick<ScanOptions, "home" | "env">): Promise<SkillLock> {
  const folders = installerSkillFolders(options.home, options.env);
  for (const file of skillLockCandidates(options)) {
    const read = await readTextFile(file, { maxBytes: MAX_SKILL_LOCK_BYTES });
    if (!read.ok && read.reason === "not-found") continue;
    const json = read.ok ? parseJsonWithinLimits(read.text) : { ok: false as const, why: read.message };
    if (!json.ok || !isObject(json.value) || !isObject(json.value.skills)) {
      const why = json.ok ? 'it has no "skills" object.' : json.why;
      return {
        ...unusable(file, "scan.lock.corrupt", `The skills installer's lock file cannot be used: ${why}`),
        folders,
      };
    }
    const version = json.value.version;
    if (typeof version !== "number" || version < SKILL_LOCK_VERSION)
      return {
        ...unusable(
          file,
          "scan.lock.old-version",
          `The skills installer's lock file is of version ${typeof version === "number" ? version : "(none)"}; the installer ignores locks older than version ${SKILL_LOCK_VERSION}, and so does Skillshelf: its entries are not used as update sources.`,
        ),
        folders,
      };
    const entries = new Map<string, SkillLockInfo>();
    for (const [name, raw] of Object.entries(json.value.skills)) {
      if (!isObject(raw)) continue;
      entries.set(name, {
        lockFile: file,
        source: str(raw.source),
        sourceType: str(raw.sourceType),
        sourceUrl: str(raw.sourceUrl),
        skillPath: str(raw.skillPath),
        skillFolderHash: str(raw.skillFolderHash),
      });
    }
    return { file, entries, diagnostics: [], folders };
  }
  return { file: null, entries: new Map(), diagnostics: [], folders };
}
