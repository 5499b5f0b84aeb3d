// What the guided update shows across the process boundary: the review of a downloaded version, what applying did,
// Claude Desktop's arrival, a recipe run's result, and the backups of a folder (history and undo).
import type { CapabilityChange, CapabilityReview } from "./capabilities";
import type { Diagnostic, FailureCause, UpdatePlanKind } from "./model";

/** Something that went wrong, in words: what happened, what to do, and the technical details on demand. */
export interface UpdateProblem {
  code: string;
  /** Why, as a cause the page may act on (Retry when offline, Settings when rate-limited…). */
  cause: FailureCause;
  /** What happened, as a sentence. */
  message: string;
  /** What to do now, as a sentence. */
  advice: string;
  /** The engine's own words (paths, codes), shown on demand. */
  detail?: string;
}

/** One file the update adds, removes, changes or keeps. */
export interface UpdateFileChange {
  path: string;
  change: "added" | "removed" | "changed" | "kept";
  binary: boolean;
  /** Unified diff for a text file, within limits. */
  diff?: string;
  note?: string;
}

/**
 * "Show my changes": the person's edits against what was installed (each file's `change` is what the person did:
 * added, removed or changed it), or why what was installed is not known (then the page compares with the source now).
 */
export type LocalChangesResult =
  { baseline: "installed"; files: UpdateFileChange[] } | { baseline: "unknown"; reason: string };

/** The downloaded version next to the installed copy, before anything is applied. */
export interface UpdateReview {
  taskId: string;
  skillId: string;
  name: string;
  kind: UpdatePlanKind;
  /** The installed folder (the real one for a folder update). */
  dir: string;
  installed: string | null;
  version: string | null;
  /** Where the new version came from (a URL). */
  source: string;
  files: UpdateFileChange[];
  counts: { added: number; removed: number; changed: number; kept: number; unchanged: number };
  diffsTruncated: boolean;
  /** What checking the new version found (errors stop the update before this point). */
  diagnostics: Diagnostic[];
  /** The installed copy already holds exactly these files. */
  nothingToDo: boolean;
  /** The copy was changed here since it was installed: applying replaces these edits and needs a yes first. */
  localEdits?: string[];
  /** What the archive held that is never installed (macOS metadata: `__MACOSX/`, `._*`, `.DS_Store`). */
  leftOut?: string[];
  /** What the new version can do that the installed one could not (scripts, hooks, tools, servers, hosts, hidden text). */
  capabilities?: CapabilityReview;
}

/** The review, or why there is none (nothing was changed). */
export type UpdateReviewResult = { ok: true; review: UpdateReview } | { ok: false; problem: UpdateProblem };

/** What applying did, by place. */
export type UpdateApplyResult =
  | {
      ok: true;
      kind: "replace-folder";
      name: string;
      dir: string;
      version: string | null;
      previousVersion: string | null;
      kept: string[];
      canUndo: boolean;
      /** What else to know once applied (the skills installer's lock), or "": the page names the apps to restart in. */
      restartNote: string;
    }
  | {
      ok: true;
      kind: "desktop-upload";
      name: string;
      archive: string;
      version: string | null;
      steps: string[];
      moved: string[];
    }
  | { ok: false; problem: UpdateProblem };

/** How one copy fared in "Update all". */
export type UpdateAllItem =
  | { skillId: string; name: string; ok: true; version: string | null; nothingToDo: boolean }
  | { skillId: string; name: string; ok: false; problem: UpdateProblem }
  /** Left for a person: the new version adds something that runs, and the setting asks first (what, in `added`). */
  | { skillId: string; name: string; ok: false; held: true; problem: UpdateProblem; added: CapabilityChange[] };

/** How waiting for Claude Desktop ended. */
export interface ArrivalView {
  /** "stale": a copy arrived or changed in Claude Desktop, but it is not the version handed off. */
  status: "arrived" | "stale" | "timeout" | "cancelled";
  version: string | null;
  /** What Claude Desktop has, in a sentence ("stale" only). */
  message?: string;
  advice: string[];
}

/** How a recipe run ended. */
export interface RecipeOutcome {
  ok: boolean;
  exitCode: number | null;
  signal: string | null;
  cancelled: boolean;
  message: string;
}

/** One piece of a running recipe's output. */
export interface TaskOutput {
  taskId: string;
  stream: "stdout" | "stderr";
  chunk: string;
}

/** One kept copy of a folder (newest first). */
export interface UpdateBackup {
  createdAt: string;
  version: string | null;
}

/** One thing that happened to an installed copy, recorded once where it happened. */
export interface UpdateEvent {
  /**
   * "update": a new version replaced the folder; "undo": a kept copy was put back; "handoff": a .skill for Desktop;
   * "add": the skill was added; "remove": it was removed (its copy kept); "restore": a removal was undone; "share": it
   * was made available to more clients.
   */
  kind: "update" | "undo" | "handoff" | "add" | "remove" | "restore" | "share";
  at: string;
  /** The version before (null: none, or not known). */
  from: string | null;
  /** The version after (for a hand-off, the version handed to Claude Desktop). */
  to: string | null;
}

/** An event as the page sees it: whether the copy it replaced is still kept (Restore puts back the newest kept one). */
export interface UpdateEventView extends UpdateEvent {
  kept: boolean;
}

/** The kept copies of one installed folder, and what happened to it (newest first). */
export interface UpdateHistory {
  skillId: string;
  backups: UpdateBackup[];
  events?: UpdateEventView[];
}

/** How start-up left an update an earlier run did not finish (a crash, a power cut), told to the user once. */
export interface UpdateRecovery {
  /** The skill folder the interrupted update was changing, when its journal named one. */
  target: string | null;
  outcome: "finished" | "undone" | "needs-attention";
  detail: string;
}

/** The installed copies that have kept copies, across the catalog. */
export interface UpdateHistories {
  histories: UpdateHistory[];
  /** Set when not every backup record was read (the limit is named). */
  limitNote?: string;
  /** Set when older history events were dropped (how many, in a sentence). */
  droppedNote?: string;
}

/** What an undo (rollback) did. */
export type UndoResult =
  { ok: true; version: string | null; replacedVersion: string | null } | { ok: false; problem: UpdateProblem };

/** Whether a string is a task id the host produced (16 hex digits). */
export function isTaskId(value: unknown): value is string {
  return typeof value === "string" && /^[0-9a-f]{16}$/.test(value);
}
