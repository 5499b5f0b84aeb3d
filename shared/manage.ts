// What the app's Add, Remove and "Also use in…" commands take and answer: plain data, the same shapes the engine's
// add, remove and share return (the handlers pass them through).
import type { CapabilityReview } from "./capabilities";
import type { Diagnostic } from "./model";

/** Clients a skill can be added to, by id, with the names people read. */
export const MANAGE_CLIENTS = {
  agents: "Shared agents folder",
  "claude-code": "Claude Code",
  codex: "Codex",
  cursor: "Cursor",
  "gemini-cli": "Gemini CLI",
  "claude-desktop": "Claude Desktop",
} as const;

/** A client id of MANAGE_CLIENTS. */
export type ManageClientId = keyof typeof MANAGE_CLIENTS;

/** What to add from a source, and where. */
export interface AddRequest {
  clients: ManageClientId[];
  skills?: string[];
  all?: boolean;
  copy?: boolean;
  force?: boolean;
  replace?: boolean;
  /** Clients whose place keeps what is there (a conflict answered "Keep mine"); the other clients are still done. */
  keep?: ManageClientId[];
  /** Only look: stage, validate and show the places (nothing written). */
  dryRun: boolean;
  /** A project folder instead of the home. */
  project?: string;
  /** The page's id for this add's progress events (task:progress, kind "add") and for manage:cancel-add. */
  taskId?: string;
}

/** The archive files the Add flow accepts from a picker or an upload. */
export const ADD_ARCHIVE_EXTENSIONS = [".zip", ".skill", ".tar.gz", ".tgz"] as const;

/** True when a file name ends with an accepted archive extension. */
export function isAddArchiveName(name: string): boolean {
  const lower = name.toLowerCase();
  return ADD_ARCHIVE_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** One place a skill goes, with what is there and what is (or was) done. */
export interface PlaceView {
  path: string;
  mode: "copy" | "link";
  linkTo?: string;
  action: "write" | "nothing" | "replace" | "conflict";
  question?: string;
  /** True when the person chose to keep what is there ("Keep mine"): nothing is written at this place. */
  kept?: boolean;
  /** What is in the way: a copy (its version, hash, last change, differing files, origin), a link, or something else. */
  occupant?:
    | { kind: "empty" | "not-a-skill" | "same-skill" }
    | { kind: "link"; target: string; pointsHere: boolean }
    | {
        kind: "other-skill";
        version: string | null;
        hash: string | null;
        /** Newest file change of the copy there (ISO time). */
        modified?: string | null;
        differs?: Array<{ path: string; change: "changed" | "only-there" | "only-new" }>;
        differsMore?: number;
        /** Where the installer's lock says the copy there came from, or null when nothing records it. */
        origin?: string | null;
      };
  applied?: { done: "written" | "replaced" | "unchanged"; backup?: string };
}

/** What add found in a source and did. */
export interface AddView {
  source: string;
  candidates: Array<{ name: string; skillPath: string; version: string | null; description: string; valid: boolean }>;
  skills: Array<{
    name: string;
    version: string | null;
    /** The installer's folder hash of the copy being added (compare with a conflicting copy's). */
    hash?: string | null;
    /** Newest file change of the copy being added (ISO time). */
    modified?: string | null;
    forced: boolean;
    /** What the checks found in the skill being added. */
    diagnostics?: Diagnostic[];
    /** What the skill can do (all of it new to this machine). */
    capabilities?: CapabilityReview;
    places: Array<PlaceView & { client: string[] }>;
    lock: { file: string; written: boolean } | { file: null; why: string };
    handoff?: { archive: string; steps: string[] };
  }>;
  applied: boolean;
}

/** How waiting for an added skill to show in Claude Desktop ended (the update flow's statuses). */
export interface AddArrivalView {
  /** "stale": a copy of that name arrived or changed in Claude Desktop, but it is not the version added. */
  status: "arrived" | "stale" | "timeout" | "cancelled";
  name: string;
  version: string | null;
  /** The Desktop account tree it arrived in ("<A>/<B>"), for "arrived" and "stale". */
  account: string | null;
  /** That account as the catalog names it ("account 1", or the name the person gave it), when the catalog lists it. */
  accountName?: string;
  message?: string;
  advice: string[];
}

/** Every copy and link remove takes (and, applied, where copies were kept), the lock entry and Desktop's steps. */
export interface RemoveView {
  name: string;
  items: Array<
    | { kind: "copy"; path: string; clients: string[]; backup?: string }
    | { kind: "link"; path: string; target: string; clients: string[] }
  >;
  lock: { file: string; entry: Record<string, unknown> } | null;
  desktopSteps: string[];
}

/** What share found and did. */
export interface ShareView {
  name: string;
  from: string;
  places: Array<PlaceView & { client: string }>;
  applied: boolean;
}

/** A known client id (of MANAGE_CLIENTS), as the IPC validators check it. */
export function isManageClientId(v: unknown): v is ManageClientId {
  return typeof v === "string" && Object.hasOwn(MANAGE_CLIENTS, v);
}
