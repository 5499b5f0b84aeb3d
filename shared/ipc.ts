// The one contract across the process boundary: every command (renderer → main/host) and every event
// (main/host → renderer), with runtime validators for arguments, since the renderer is untrusted.
import type { SkillLevels, SkillResource } from "./levels";
import type { FailureCause, Profile, ScanResult, StoredCatalog, TaskProgress, UpdateInfo } from "./model";
import { settingsPatchProblem, type PublicSettings, type SettingsPatch } from "./settings";
import type { StdioServerList } from "./stdio-servers";
import { isConfiguredServerId, type ConfiguredServerList, type ServerTestResult } from "./mcp-servers";
export type { ConfiguredServer, ConfiguredServerList, ServerTestCheck, ServerTestResult } from "./mcp-servers";
import type { CopyComparison } from "./copy-compare";
import {
  isManageRequest,
  type AddArrivalView,
  type AddRequest,
  type AddView,
  type ManageClientId,
  type RemoveView,
  type ShareView,
} from "./manage";
export type { ComparedFile, CopyComparison } from "./copy-compare";
import {
  isTaskId,
  type ArrivalView,
  type RecipeOutcome,
  type TaskOutput,
  type UndoResult,
  type UpdateAllItem,
  type UpdateApplyResult,
  type UpdateHistories,
  type UpdateHistory,
  type UpdateRecovery,
  type UpdateReviewResult,
} from "./update-flow";
export type {
  ArrivalView,
  RecipeOutcome,
  TaskOutput,
  UndoResult,
  UpdateAllItem,
  UpdateApplyResult,
  UpdateHistories,
  UpdateHistory,
  UpdateRecovery,
  UpdateReviewResult,
} from "./update-flow";
export type { PublicSettings, PublicServer, SettingsPatch } from "./settings";
export type { StdioServer, StdioServerList } from "./stdio-servers";
import type { CatalogChange, ValidationResult } from "./results";
import { jsonTextOf, unpackAnswer, type SerializedJson } from "./serialized-json";
import type { CatalogPacking } from "./catalog-wire";
export type { CatalogChange, ValidationResult } from "./results";

/** Why a command failed, as both transports say it: the handler's sentence and its cause. */
export interface IpcFailure {
  message: string;
  cause: FailureCause;
}

/**
 * Every command's answer on the wire, in Electron's IPC and the web host alike; the page's API unwraps it. `json`
 * carries a value passed through as JSON bytes in pieces (Electron's IPC; the web host writes them in place of `value`).
 */
export type IpcReply =
  | { ok: true; value?: unknown; packing?: CatalogPacking }
  | { ok: true; json: Uint8Array[]; packing?: CatalogPacking }
  | { ok: false; error: IpcFailure };

/** The value of a reply, or an Error carrying the handler's own message (never the transport's wrapping). */
export function unwrapReply(reply: unknown): unknown {
  const r = reply as IpcReply | null;
  if (r && r.ok === true) {
    const packing = r.packing === "catalog" || r.packing === "stored-catalog" ? r.packing : null;
    if (!("json" in r)) return packing ? unpackAnswer(r.value, packing) : r.value;
    if (Array.isArray(r.json)) {
      const value: unknown = JSON.parse(jsonTextOf(r.json));
      return packing ? unpackAnswer(value, packing) : value;
    }
  }
  const error = r && r.ok === false ? r.error : null;
  const message =
    typeof error === "string"
      ? error
      : typeof error?.message === "string"
        ? error.message
        : "Skillshelf gave an answer the page cannot read.";
  throw Object.assign(new Error(message), { failure: typeof error === "object" ? error?.cause : undefined });
}

/** The folder opened in author mode and what it holds now. */
export interface AuthorSnapshot {
  path: string;
  scan: ScanResult;
  /** Increments on every re-read, so views can tell a refresh happened. */
  revision: number;
}

/** What "Open" did: opened the file as text, or showed it in the file manager instead (with the reason). */
export interface OpenResult {
  action: "opened-as-text" | "revealed";
  /** The real path that was opened or shown. */
  path: string;
  /** Why the file was shown in the file manager instead of being opened. */
  reason?: string;
}

/**
 * How a person confirms, outside the page, that a program may start (an update command, a local server): main's native
 * dialog, a y/N question in the `serve` terminal, a one-time code that terminal prints and the person types into the
 * page, or not at all (the web host then only shows commands to copy).
 */
export type ProgramConsent = "dialog" | "terminal" | "code" | "none";

/** Facts about the running app the views show. */
export interface AppInfo {
  version: string;
  platform: string;
  host: "electron" | "web";
  consent: ProgramConsent;
}

/** The last update results and the time of the check that found them (null before any check). */
export interface LastUpdateResults {
  updates: UpdateInfo[];
  checkedAt: string | null;
  /** When the last check that reached the network ran (null: none yet, or not known). */
  lastSuccessAt?: string | null;
  /** A check is under way: `updates:check` without force waits for it and answers its result. */
  checking?: boolean;
}

/** Every command: channel name → signature. Each returns a Promise. */
export interface IpcCommands {
  "app:info": () => Promise<AppInfo>;
  "catalog:scan": () => Promise<ScanResult>;
  /** The last catalog stored in the cache folder for this home (null: none, or the cache is off); a scan confirms it. */
  "catalog:stored": () => Promise<StoredCatalog | null>;
  "skill:levels": (dir: string) => Promise<SkillLevels>;
  "skill:resource": (dir: string, relPath: string) => Promise<SkillResource>;
  "validate:path": (path: string, profile: Profile) => Promise<ValidationResult[]>;
  /** Opens a folder in author mode; null asks the user to pick one (a native dialog where there is one). */
  "author:open": (path: string | null) => Promise<AuthorSnapshot | null>;
  "author:close": () => Promise<void>;
  /** Runs an update check; `force` starts a new session (a manual "check now"). */
  "updates:check": (force: boolean) => Promise<UpdateInfo[]>;
  /** The last results and when they were found (kept across restarts), for the page's first paint; no network. */
  "updates:last": () => Promise<LastUpdateResults>;
  "shell:reveal": (path: string) => Promise<void>;
  /** Opens a plain text file of the catalog as text; anything else is revealed instead (the result says which). */
  "shell:open-in-editor": (path: string) => Promise<OpenResult>;
  /** Opens an http(s) URL in the system browser; false when refused. */
  "shell:open-external": (url: string) => Promise<boolean>;
  /** The settings without their secrets (header values and the token never cross the boundary). */
  "settings:get": () => Promise<PublicSettings>;
  /** Applies one change, saves it, and returns the settings as they are now. */
  "settings:update": (patch: SettingsPatch) => Promise<PublicSettings>;
  /** The MCP servers found in the clients' configs (read-only, header names only). */
  "servers:configured": () => Promise<ConfiguredServerList>;
  /** Compares two copies of the same skill in the catalog (drift): files that differ, with text diffs. */
  "skill:compare": (dir: string, otherDir: string) => Promise<CopyComparison>;
  /** Runs the skill-meta probe against one configured web server (by the id the list gave). */
  "servers:test": (id: string) => Promise<ServerTestResult>;
  /** The local (stdio) servers the clients' configs name: the exact commands and whether each is approved. */
  "stdio:list": () => Promise<StdioServerList>;
  /** Electron: main asks in a native dialog listing the exact commands not yet approved. Refused where the page approves. */
  "stdio:review": () => Promise<StdioServerList>;
  /**
   * Web host: approves one listed command by the id the host produced, once a person confirmed it outside the page (the
   * serve terminal's question, or `code` as printed there; without a code in code mode, a new code is printed and the
   * list is returned unchanged). Refused in Electron (its dialog approves).
   */
  "stdio:approve": (id: string, code?: string | null) => Promise<StdioServerList>;
  /** Withdraws the approval of one command. */
  "stdio:revoke": (id: string) => Promise<StdioServerList>;
  /** Starts the guided update of one installed copy (by the catalog's skill id): the download runs, progress on task:progress. */
  "update:start": (skillId: string) => Promise<{ taskId: string; attached?: boolean }>;
  /** Waits for the download and returns what the new version changes, or why it was refused (nothing changed). */
  "update:review": (taskId: string) => Promise<UpdateReviewResult>;
  /** Stops a download, a wait for Claude Desktop or a running command, and drops what was staged. */
  "update:cancel": (taskId: string) => Promise<void>;
  /** Applies a reviewed update the way its place needs: a folder swap, or the .skill file for Claude Desktop. */
  "update:apply": (taskId: string, options?: { overwriteLocal?: boolean }) => Promise<UpdateApplyResult>;
  /** Updates every given copy whose folder Skillshelf changes (one after the other) and says how each fared. */
  "update:all": (skillIds: string[]) => Promise<UpdateAllItem[]>;
  /** Opens the .skill file this task built with the system (Claude Desktop offers to add it). */
  "update:open-handoff": (taskId: string) => Promise<{ ok: boolean; message: string; detail?: string }>;
  /** Shows the .skill file this task built in its folder. */
  "update:reveal-handoff": (taskId: string) => Promise<{ ok: boolean; message: string; detail?: string }>;
  /** Waits until Claude Desktop's folders show the new version, or for a while. */
  "update:wait-arrival": (taskId: string) => Promise<ArrivalView>;
  /**
   * Runs the update server's shell command for this copy once a person confirmed it outside the page: main's native
   * dialog, the serve terminal's question, or `code` as the serve terminal printed it (without a code in code mode, a new
   * code is printed and null is returned). Null: declined.
   */
  "update:run-recipe": (skillId: string, code?: string | null) => Promise<{ taskId: string } | null>;
  /** Waits for a running command and returns how it ended. */
  "update:recipe-result": (taskId: string) => Promise<RecipeOutcome>;
  /** Puts back the copy the last update replaced (the replaced one is kept in turn). */
  "update:undo": (skillId: string) => Promise<UndoResult>;
  /** The kept copies of one installed folder, newest first. */
  "update:history": (skillId: string) => Promise<UpdateHistory>;
  /** Every installed copy of the catalog with kept copies (what Undo can put back), newest first. */
  "update:histories": () => Promise<UpdateHistories>;
  /** What start-up did with updates an earlier run left unfinished (waits for that recovery; empty when none). */
  "update:recoveries": () => Promise<UpdateRecovery[]>;
  /** Adds the skills a source holds (owner/repo, an address, a folder or an archive); dryRun only shows the plan. */
  "manage:add": (source: string, request: AddRequest) => Promise<AddView>;
  /** Removes every copy and link of a skill and its lock entry (copies kept); dryRun only lists them. */
  "manage:remove": (name: string, request: { clients?: ManageClientId[]; dryRun: boolean }) => Promise<RemoveView>;
  /** Puts back what the last remove of a skill took (Undo). */
  "manage:undo-remove": (name: string) => Promise<RemoveView>;
  /** "Also use in…": links (or copies) an installed skill into more clients. */
  "manage:share": (
    name: string,
    request: { clients: ManageClientId[]; copy?: boolean; replace?: boolean; dryRun: boolean },
  ) => Promise<ShareView>;
  /** Cancels the download of the add started with this task id (what it staged is removed). */
  "manage:cancel-add": (taskId: string) => Promise<void>;
  /** Waits until Claude Desktop's folders show the skill this add handed off (manage:cancel-add stops the wait). */
  "manage:wait-arrival": (taskId: string) => Promise<AddArrivalView>;
  /** A folder or an archive chosen in the system's open dialog (Electron); null when cancelled. Only a path comes back. */
  "manage:pick-source": (kind: "folder" | "archive") => Promise<string | null>;
}

/** Every event: channel name → payload. */
export interface IpcEvents {
  "catalog:changed": CatalogChange;
  "author:changed": AuthorSnapshot;
  "updates:changed": UpdateInfo[];
  "task:progress": TaskProgress;
  "task:output": TaskOutput;
}

/** Command channel names, for loops and validation. */
export type CommandChannel = keyof IpcCommands;
/** Event channel names. */
export type EventChannel = keyof IpcEvents;

/** The API object the renderer receives (window.skillshelf): one named method per command and per event. */
export interface SkillshelfApi {
  appInfo: IpcCommands["app:info"];
  scanCatalog: IpcCommands["catalog:scan"];
  storedCatalog: IpcCommands["catalog:stored"];
  skillLevels: IpcCommands["skill:levels"];
  skillResource: IpcCommands["skill:resource"];
  validatePath: IpcCommands["validate:path"];
  openAuthorFolder: IpcCommands["author:open"];
  closeAuthorFolder: IpcCommands["author:close"];
  checkUpdates: IpcCommands["updates:check"];
  lastUpdates: IpcCommands["updates:last"];
  revealPath: IpcCommands["shell:reveal"];
  openInEditor: IpcCommands["shell:open-in-editor"];
  openExternal: IpcCommands["shell:open-external"];
  getSettings: IpcCommands["settings:get"];
  updateSettings: IpcCommands["settings:update"];
  listConfiguredServers: IpcCommands["servers:configured"];
  compareCopies: IpcCommands["skill:compare"];
  testServer: IpcCommands["servers:test"];
  listStdioServers: IpcCommands["stdio:list"];
  reviewStdioServers: IpcCommands["stdio:review"];
  approveStdioServer: IpcCommands["stdio:approve"];
  revokeStdioServer: IpcCommands["stdio:revoke"];
  startUpdate: IpcCommands["update:start"];
  reviewUpdate: IpcCommands["update:review"];
  cancelUpdate: IpcCommands["update:cancel"];
  applyUpdate: IpcCommands["update:apply"];
  updateAll: IpcCommands["update:all"];
  openHandoff: IpcCommands["update:open-handoff"];
  revealHandoff: IpcCommands["update:reveal-handoff"];
  waitForArrival: IpcCommands["update:wait-arrival"];
  runRecipe: IpcCommands["update:run-recipe"];
  recipeResult: IpcCommands["update:recipe-result"];
  undoUpdate: IpcCommands["update:undo"];
  updateHistory: IpcCommands["update:history"];
  updateHistories: IpcCommands["update:histories"];
  updateRecoveries: IpcCommands["update:recoveries"];
  addSkill: IpcCommands["manage:add"];
  removeSkill: IpcCommands["manage:remove"];
  undoRemoveSkill: IpcCommands["manage:undo-remove"];
  shareSkill: IpcCommands["manage:share"];
  cancelAddSkill: IpcCommands["manage:cancel-add"];
  waitForAddArrival: IpcCommands["manage:wait-arrival"];
  pickAddSource: IpcCommands["manage:pick-source"];
  onCatalogChanged: (listener: (change: IpcEvents["catalog:changed"]) => void) => () => void;
  onAuthorChanged: (listener: (snapshot: IpcEvents["author:changed"]) => void) => () => void;
  onUpdatesChanged: (listener: (updates: IpcEvents["updates:changed"]) => void) => () => void;
  onTaskProgress: (listener: (progress: IpcEvents["task:progress"]) => void) => () => void;
  onTaskOutput: (listener: (output: IpcEvents["task:output"]) => void) => () => void;
  /** The file-system path of a file dropped on the window (a DOM File), where the host can tell it (Electron's webUtils). */
  pathForDroppedFile?: (file: unknown) => string | null;
}

/** Header that carries the web host's per-run token on API calls. */
export const TOKEN_HEADER = "x-skillshelf-token";

/**
 * Header that carries a signed-in page's session secret on web host calls. A header, not a cookie: a browser sends a
 * 127.0.0.1 cookie to every port, so a server of another user on another port would receive it.
 */
export const SESSION_HEADER = "x-skillshelf-session";

/** Which command each API method calls; implementations map methods to channels through this. */
export const commandOfMethod = {
  appInfo: "app:info",
  scanCatalog: "catalog:scan",
  storedCatalog: "catalog:stored",
  skillLevels: "skill:levels",
  skillResource: "skill:resource",
  validatePath: "validate:path",
  openAuthorFolder: "author:open",
  closeAuthorFolder: "author:close",
  checkUpdates: "updates:check",
  lastUpdates: "updates:last",
  revealPath: "shell:reveal",
  openInEditor: "shell:open-in-editor",
  openExternal: "shell:open-external",
  getSettings: "settings:get",
  updateSettings: "settings:update",
  listConfiguredServers: "servers:configured",
  compareCopies: "skill:compare",
  testServer: "servers:test",
  listStdioServers: "stdio:list",
  reviewStdioServers: "stdio:review",
  approveStdioServer: "stdio:approve",
  revokeStdioServer: "stdio:revoke",
  startUpdate: "update:start",
  reviewUpdate: "update:review",
  cancelUpdate: "update:cancel",
  applyUpdate: "update:apply",
  updateAll: "update:all",
  openHandoff: "update:open-handoff",
  revealHandoff: "update:reveal-handoff",
  waitForArrival: "update:wait-arrival",
  runRecipe: "update:run-recipe",
  recipeResult: "update:recipe-result",
  undoUpdate: "update:undo",
  updateHistory: "update:history",
  updateHistories: "update:histories",
  updateRecoveries: "update:recoveries",
  addSkill: "manage:add",
  removeSkill: "manage:remove",
  undoRemoveSkill: "manage:undo-remove",
  shareSkill: "manage:share",
  cancelAddSkill: "manage:cancel-add",
  waitForAddArrival: "manage:wait-arrival",
  pickAddSource: "manage:pick-source",
} as const satisfies Record<string, CommandChannel>;

/** Which event each `on…` method subscribes to. */
export const eventOfMethod = {
  onCatalogChanged: "catalog:changed",
  onAuthorChanged: "author:changed",
  onUpdatesChanged: "updates:changed",
  onTaskProgress: "task:progress",
  onTaskOutput: "task:output",
} as const satisfies Record<string, EventChannel>;

const MAX_PATH = 4096;
const isPath = (v: unknown): v is string =>
  typeof v === "string" && v.length > 0 && v.length <= MAX_PATH && !v.includes("\u0000");
const isRelPath = (v: unknown): v is string =>
  isPath(v) && !v.startsWith("/") && !/^[a-zA-Z]:/.test(v) && !v.split(/[\\/]/).includes("..");
const isProfile = (v: unknown): v is Profile => v === "agent-skills" || v === "claude-desktop";
const isUrl = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 8192;
const isSkillId = (v: unknown): v is string =>
  typeof v === "string" && v.length > 0 && v.length <= MAX_PATH && !v.includes("\u0000");
const isApplyOptions = (v: unknown): boolean =>
  typeof v === "object" &&
  v !== null &&
  !Array.isArray(v) &&
  Object.keys(v).every((k) => k === "overwriteLocal") &&
  ["undefined", "boolean"].includes(typeof (v as { overwriteLocal?: unknown }).overwriteLocal);
const isStdioId = (v: unknown): v is string => typeof v === "string" && /^[0-9a-f]{32}$/.test(v);
/** A confirmation code as typed (letters, digits, spaces and dashes), or null for "print me one". */
const isConsentCode = (v: unknown): boolean => v === null || (typeof v === "string" && /^[A-Za-z0-9 -]{1,32}$/.test(v));

const isSkillName = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(v);

/** Runtime argument checks per command: the only way arguments reach a handler. */
export const commandArgs: { [C in CommandChannel]: (args: unknown[]) => boolean } = {
  "app:info": (a) => a.length === 0,
  "catalog:scan": (a) => a.length === 0,
  "catalog:stored": (a) => a.length === 0,
  "skill:levels": (a) => a.length === 1 && isPath(a[0]),
  "skill:resource": (a) => a.length === 2 && isPath(a[0]) && isRelPath(a[1]),
  "validate:path": (a) => a.length === 2 && isPath(a[0]) && isProfile(a[1]),
  "author:open": (a) => a.length === 1 && (a[0] === null || isPath(a[0])),
  "author:close": (a) => a.length === 0,
  "updates:check": (a) => a.length === 1 && typeof a[0] === "boolean",
  "updates:last": (a) => a.length === 0,
  "shell:reveal": (a) => a.length === 1 && isPath(a[0]),
  "shell:open-in-editor": (a) => a.length === 1 && isPath(a[0]),
  "shell:open-external": (a) => a.length === 1 && isUrl(a[0]),
  "settings:get": (a) => a.length === 0,
  "settings:update": (a) => a.length === 1 && settingsPatchProblem(a[0]) === null,
  "servers:configured": (a) => a.length === 0,
  "skill:compare": (a) => a.length === 2 && isPath(a[0]) && isPath(a[1]),
  "servers:test": (a) => a.length === 1 && isConfiguredServerId(a[0]),
  "stdio:list": (a) => a.length === 0,
  "stdio:review": (a) => a.length === 0,
  "stdio:approve": (a) => (a.length === 1 || (a.length === 2 && isConsentCode(a[1]))) && isStdioId(a[0]),
  "stdio:revoke": (a) => a.length === 1 && isStdioId(a[0]),
  "update:start": (a) => a.length === 1 && isSkillId(a[0]),
  "update:review": (a) => a.length === 1 && isTaskId(a[0]),
  "update:cancel": (a) => a.length === 1 && isTaskId(a[0]),
  "update:apply": (a) =>
    (a.length === 1 && isTaskId(a[0])) || (a.length === 2 && isTaskId(a[0]) && isApplyOptions(a[1])),
  "update:all": (a) => a.length === 1 && Array.isArray(a[0]) && a[0].length <= 10_000 && a[0].every(isSkillId),
  "update:open-handoff": (a) => a.length === 1 && isTaskId(a[0]),
  "update:reveal-handoff": (a) => a.length === 1 && isTaskId(a[0]),
  "update:wait-arrival": (a) => a.length === 1 && isTaskId(a[0]),
  "update:run-recipe": (a) => (a.length === 1 || (a.length === 2 && isConsentCode(a[1]))) && isSkillId(a[0]),
  "update:recipe-result": (a) => a.length === 1 && isTaskId(a[0]),
  "update:undo": (a) => a.length === 1 && isSkillId(a[0]),
  "update:history": (a) => a.length === 1 && isSkillId(a[0]),
  "update:histories": (a) => a.length === 0,
  "update:recoveries": (a) => a.length === 0,
  "manage:add": (a) =>
    a.length === 2 &&
    isUrl(a[0]) &&
    isManageRequest(a[1], ["clients", "skills", "all", "copy", "force", "replace", "dryRun", "project", "taskId"]),
  "manage:remove": (a) => a.length === 2 && isSkillName(a[0]) && isManageRequest(a[1], ["clients", "dryRun"]),
  "manage:undo-remove": (a) => a.length === 1 && isSkillName(a[0]),
  "manage:share": (a) =>
    a.length === 2 && isSkillName(a[0]) && isManageRequest(a[1], ["clients", "copy", "replace", "dryRun"]),
  "manage:cancel-add": (a) => a.length === 1 && isTaskId(a[0]),
  "manage:wait-arrival": (a) => a.length === 1 && isTaskId(a[0]),
  "manage:pick-source": (a) => a.length === 1 && (a[0] === "folder" || a[0] === "archive"),
};

/** True for a known command channel name. */
export function isCommandChannel(value: unknown): value is CommandChannel {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(commandArgs, value);
}

/** Commands whose answer travels packed (shared/catalog-wire.ts): the hosts pack it, the page's API unpacks it. */
export const PACKED_REPLIES: { readonly [C in CommandChannel]?: CatalogPacking } = {
  "catalog:scan": "catalog",
  "catalog:stored": "stored-catalog",
};

/** Commands whose handler may answer with JSON passed through as bytes (a large answer read off the thread). */
type PassThroughChannel = "catalog:stored";

/** The handlers main and the web host both register: the same functions behind both transports. */
export type CommandHandlers = {
  [C in CommandChannel]: (
    ...args: Parameters<IpcCommands[C]>
  ) => C extends PassThroughChannel
    ? Promise<Awaited<ReturnType<IpcCommands[C]>> | SerializedJson<Awaited<ReturnType<IpcCommands[C]>>>>
    : ReturnType<IpcCommands[C]>;
};
