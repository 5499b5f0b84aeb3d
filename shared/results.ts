// What the engine produces about skills and plugins on disk, apart from the scan itself: part of the data model,
// so the engine can return it without importing the IPC contract (shared/ipc.ts re-exports these for its callers).
import type { Diagnostic, Plugin, Skill } from "./model";

/** The result of validating one folder or file, as `skillshelf validate --json` reports it. */
export interface ValidationResult {
  path: string;
  kind: "skill" | "plugin" | "marketplace";
  name: string;
  valid: boolean;
  diagnostics: Diagnostic[];
}

/** What the catalog watcher reports: only what changed. */
export interface CatalogChange {
  skills: { updated: Skill[]; removed: string[] };
  plugins: { updated: Plugin[]; removed: string[] };
}
