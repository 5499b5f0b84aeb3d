// The one contract across the process boundary: every command (renderer → main/host) and every event
// (main/host → renderer), with runtime validators for arguments, since the renderer is untrusted.
import { OVERRIDE_MODES, type BudgetReport, type OverrideChange, type OverrideMode } from "./budget";
import type { DesktopCheck } from "./desktop-check";
import type { SkillLevels, SkillResource } from "./levels";
import type { FailureCause, Profile, ScanResult, StoredCatalog, TaskProgress, UpdateInfo } from "./model";
import { settingsPatchProblem, type PublicSettings, type SettingsPatch } from "./settings";
import type { StdioServerList } from "./stdio-servers";
import type { OfferedSkillPreview, OfferedSkillsResult } from "./offered-skills";
import type { GithubAddressStatus, UpdateServerStatus } from "./update-servers";
import { isConfiguredServerId, type ConfiguredServerList, type ServerTestResult } from "./mcp-servers";
export type { ConfiguredServer, ConfiguredServerList, ServerTestCheck, ServerTestResult } from "./mcp-servers";
import type { CopyComparison } from "./copy-compare";
import {
  isManageClientId,
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
  type LocalChangesResult,
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
  LocalChangesResult,
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
export type { OfferedServer, OfferedSkill, OfferedSkillPreview, OfferedSkillsResult } from "./offered-skills";
import type { CatalogChange, ValidationResult } from "./results";
import { jsonTextOf, unpackAnswer, type SerializedJson } from "./serialized-json";
import type { CatalogPacking } from "./catalog-wire";
import {
  arrayOf,
  exactObject,
  isBoolean,
  literal,
  noArgs,
  nullable,
  oneOf,
  optional,
  tuple,
  type ArgsGuard,
  type Guard,
} from "./ipc-validators";
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

/** Every command: channel name → signature. Each returns a Promise. Exported for tests: they type their fakes. */
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
  /** Runs `pack --for claude-desktop`'s checks on a skill of the opened folder, writing no archive. */
  "author:desktop-check": (dir: string) => Promise<DesktopCheck>;
  /** Runs an update check; `force` starts a new session (a manual "check now"). */
  "updates:check": (force: boolean) => Promise<UpdateInfo[]>;
  /** Each skill-meta server's state as last asked; `tryUnasked` asks the added servers no check asked yet (Settings). */
  "updates:servers": (tryUnasked: boolean) => Promise<UpdateServerStatus[]>;
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
  /** Asks the GitHub address in use (the host's flag, the setting, the environment's) for GitHub's API root. */
  "settings:github-probe": () => Promise<GithubAddressStatus>;
  /** The MCP servers found in the clients' configs (read-only, header names only). */
  "servers:configured": () => Promise<ConfiguredServerList>;
  /** Compares two copies of the same skill in the catalog (drift): files that differ, with text diffs. */
  "skill:compare": (dir: string, otherDir: string) => Promise<CopyComparison>;
  /** Asks every MCP server of the clients' configs and the settings (local ones only as approved) which skills it offers. */
  "offered:list": () => Promise<OfferedSkillsResult>;
  /** Levels 1-3 and checks of one offered skill (server by the id the list gave, skill by its SKILL.md's URI); installs nothing. */
  "offered:preview": (serverId: string, skillUri: string) => Promise<OfferedSkillPreview>;
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
  /** "Show my changes": the person's edits against what was installed, or why that is not known (nothing changed). */
  "update:local-changes": (skillId: string) => Promise<LocalChangesResult>;
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
  /** What each client's level-1 listing costs every conversation, its cuts and its switches (this home, its projects). */
  "budget:report": () => Promise<BudgetReport>;
  /** Sets one skill's Claude Code `skillOverrides` in the user's, a project's or its local settings (with an undo id). */
  "budget:set-override": (request: OverrideRequest) => Promise<OverrideChange>;
  /** Puts the settings file of one budget:set-override back byte for byte. */
  "budget:undo": (undoId: string) => Promise<{ file: string }>;
}

/** Which settings file of Claude Code an override goes to: the user's, a project's shared one, or its local one. */
export type OverrideScope = "user" | "project" | "local";

/** One switch of a skill for Claude Code (project: a folder the catalog found, for the project and local scopes). */
export interface OverrideRequest {
  client: "claude-code";
  name: string;
  mode: OverrideMode;
  scope: OverrideScope;
  project?: string;
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

/** One method per command of the table, typed by its channel's signature. */
export type CommandMethods = { [M in CommandMethod]: IpcCommands[(typeof COMMANDS)[M]["channel"]] };
/** One `on…` method per event: subscribes a listener and returns its unsubscribe. */
export type EventMethods = {
  [M in keyof typeof eventOfMethod]: (listener: (payload: IpcEvents[(typeof eventOfMethod)[M]]) => void) => () => void;
};

/** The API object the renderer receives (window.skillshelf): one named method per command and per event. */
export interface SkillshelfApi extends CommandMethods, EventMethods {
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

/**
 * Which event each `on…` method subscribes to: the event table, as COMMANDS is the command table.
 * Exported for tests: they check each API object against it.
 */
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
const isProfile = literal("agent-skills", "claude-desktop") satisfies Guard<Profile>;
const isUrl = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 8192;
const isSkillId = isPath;
const isStdioId = (v: unknown): v is string => typeof v === "string" && /^[0-9a-f]{32}$/.test(v);
/** An offered server's id: where it is configured (a file path or "settings") and a 12-hex hash. */
const isOfferedServerId = (v: unknown): v is string =>
  typeof v === "string" && v.length <= MAX_PATH + 13 && /#[0-9a-f]{12}$/.test(v) && !/[\u0000-\u001f\u007f]/.test(v);
/** A skill's SKILL.md URI as the Skills extension writes it. */
const isSkillUri = (v: unknown): v is string =>
  typeof v === "string" &&
  v.length <= 2048 &&
  /^[A-Za-z][A-Za-z0-9+.-]*:\/\/.+\/SKILL\.md$/.test(v) &&
  !/[\u0000-\u001f\u007f]/.test(v);
/** A confirmation code as typed (letters, digits, spaces and dashes), or null for "print me one". */
const isConsentCode = nullable((v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9 -]{1,32}$/.test(v));
const isSkillName = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(v);
const isSettingsPatch = (v: unknown): v is SettingsPatch => settingsPatchProblem(v) === null;
const isClientList = arrayOf(isManageClientId, 100);
const isNameList = arrayOf((v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 200, 100);
const isAddRequest = exactObject({
  clients: isClientList,
  skills: optional(isNameList),
  all: optional(isBoolean),
  copy: optional(isBoolean),
  force: optional(isBoolean),
  replace: optional(isBoolean),
  keep: optional(isClientList),
  dryRun: isBoolean,
  project: optional(isPath),
  taskId: optional(isTaskId),
});
const isRemoveRequest = exactObject({ clients: optional(isClientList), dryRun: isBoolean });
const isShareRequest = exactObject({
  clients: isClientList,
  copy: optional(isBoolean),
  replace: optional(isBoolean),
  dryRun: isBoolean,
});
const isOverrideRequest = exactObject({
  client: literal("claude-code"),
  name: isSkillName,
  mode: literal(...OVERRIDE_MODES),
  scope: literal("user", "project", "local"),
  project: optional(isPath),
});
const isUndoId = (v: unknown): v is string => typeof v === "string" && /^[0-9]{1,16}-[0-9a-f]{12}$/.test(v);
const taskIdOnly = tuple(isTaskId);
const skillIdOnly = tuple(isSkillId);

/** A command's entry: its channel and the check of its arguments, which may accept only what the channel's type takes. */
interface CommandSpec<C extends CommandChannel = CommandChannel> {
  readonly channel: C;
  readonly args: ArgsGuard<Parameters<IpcCommands[C]>>;
}

/** Each entry checked against its own channel's signature. */
type CheckedTable<T> = {
  [M in keyof T]: T[M] extends { channel: infer C extends CommandChannel } ? CommandSpec<C> : CommandSpec;
};

/** A type error naming the channels of IpcCommands the table has no method for. */
type EveryChannel<T> = [Exclude<CommandChannel, T[keyof T] extends { channel: infer C } ? C : never>] extends [never]
  ? unknown
  : {
      "IpcCommands has channels the table lacks": Exclude<
        CommandChannel,
        T[keyof T] extends { channel: infer C } ? C : never
      >;
    };

/** The table, unchanged at run time; its type proves every channel has a method and every validator fits its channel. */
function commandTable<const T extends CheckedTable<T>>(table: T & EveryChannel<T>): T {
  return table;
}

/**
 * Every command, once: API method → channel → argument validator (exact keys). The preload, the page's web API, main's
 * registration and the web host's dispatch are all made from it; nothing else lists commands.
 * Exported for tests: they check every host against it.
 */
export const COMMANDS = commandTable({
  appInfo: { channel: "app:info", args: noArgs },
  scanCatalog: { channel: "catalog:scan", args: noArgs },
  storedCatalog: { channel: "catalog:stored", args: noArgs },
  skillLevels: { channel: "skill:levels", args: tuple(isPath) },
  skillResource: { channel: "skill:resource", args: tuple(isPath, isRelPath) },
  validatePath: { channel: "validate:path", args: tuple(isPath, isProfile) },
  openAuthorFolder: { channel: "author:open", args: tuple(nullable(isPath)) },
  closeAuthorFolder: { channel: "author:close", args: noArgs },
  checkForDesktop: { channel: "author:desktop-check", args: tuple(isPath) },
  checkUpdates: { channel: "updates:check", args: tuple(isBoolean) },
  lastUpdates: { channel: "updates:last", args: noArgs },
  updateServers: { channel: "updates:servers", args: tuple(isBoolean) },
  revealPath: { channel: "shell:reveal", args: tuple(isPath) },
  openInEditor: { channel: "shell:open-in-editor", args: tuple(isPath) },
  openExternal: { channel: "shell:open-external", args: tuple(isUrl) },
  getSettings: { channel: "settings:get", args: noArgs },
  updateSettings: { channel: "settings:update", args: tuple(isSettingsPatch) },
  probeGithubAddress: { channel: "settings:github-probe", args: noArgs },
  listConfiguredServers: { channel: "servers:configured", args: noArgs },
  compareCopies: { channel: "skill:compare", args: tuple(isPath, isPath) },
  testServer: { channel: "servers:test", args: tuple(isConfiguredServerId) },
  listOffered: { channel: "offered:list", args: noArgs },
  previewOffered: { channel: "offered:preview", args: tuple(isOfferedServerId, isSkillUri) },
  listStdioServers: { channel: "stdio:list", args: noArgs },
  reviewStdioServers: { channel: "stdio:review", args: noArgs },
  approveStdioServer: { channel: "stdio:approve", args: oneOf(tuple(isStdioId), tuple(isStdioId, isConsentCode)) },
  revokeStdioServer: { channel: "stdio:revoke", args: tuple(isStdioId) },
  startUpdate: { channel: "update:start", args: skillIdOnly },
  reviewUpdate: { channel: "update:review", args: taskIdOnly },
  cancelUpdate: { channel: "update:cancel", args: taskIdOnly },
  localChanges: { channel: "update:local-changes", args: skillIdOnly },
  applyUpdate: {
    channel: "update:apply",
    args: oneOf(tuple(isTaskId), tuple(isTaskId, exactObject({ overwriteLocal: optional(isBoolean) }))),
  },
  updateAll: { channel: "update:all", args: tuple(arrayOf(isSkillId, 10_000)) },
  openHandoff: { channel: "update:open-handoff", args: taskIdOnly },
  revealHandoff: { channel: "update:reveal-handoff", args: taskIdOnly },
  waitForArrival: { channel: "update:wait-arrival", args: taskIdOnly },
  runRecipe: { channel: "update:run-recipe", args: oneOf(tuple(isSkillId), tuple(isSkillId, isConsentCode)) },
  recipeResult: { channel: "update:recipe-result", args: taskIdOnly },
  undoUpdate: { channel: "update:undo", args: skillIdOnly },
  updateHistory: { channel: "update:history", args: skillIdOnly },
  updateHistories: { channel: "update:histories", args: noArgs },
  updateRecoveries: { channel: "update:recoveries", args: noArgs },
  addSkill: { channel: "manage:add", args: tuple(isUrl, isAddRequest) },
  removeSkill: { channel: "manage:remove", args: tuple(isSkillName, isRemoveRequest) },
  undoRemoveSkill: { channel: "manage:undo-remove", args: tuple(isSkillName) },
  shareSkill: { channel: "manage:share", args: tuple(isSkillName, isShareRequest) },
  cancelAddSkill: { channel: "manage:cancel-add", args: taskIdOnly },
  waitForAddArrival: { channel: "manage:wait-arrival", args: taskIdOnly },
  pickAddSource: { channel: "manage:pick-source", args: tuple(literal("folder", "archive")) },
  budgetReport: { channel: "budget:report", args: noArgs },
  setSkillOverride: { channel: "budget:set-override", args: tuple(isOverrideRequest) },
  undoSkillOverride: { channel: "budget:undo", args: tuple(isUndoId) },
});

/** An API method that calls a command. */
export type CommandMethod = keyof typeof COMMANDS;

/** An API method that subscribes to an event. */
export type EventMethod = keyof typeof eventOfMethod;

/** The table's entries as [method, spec] pairs, for the builders that iterate it. */
export const commandEntries = Object.entries(COMMANDS) as [CommandMethod, CommandSpec][];

/** The event table's entries as [method, channel] pairs. */
export const eventEntries = Object.entries(eventOfMethod) as [EventMethod, EventChannel][];

/**
 * A call's arguments as they go on the wire: trailing undefined ones dropped, so an optional argument left out is
 * absent (Electron would carry an undefined, JSON a null, and neither is what the command's validator accepts).
 */
export function wireArgs(args: readonly unknown[]): unknown[] {
  let length = args.length;
  while (length > 0 && args[length - 1] === undefined) length--;
  return args.slice(0, length);
}

/** Which command each API method calls (derived from COMMANDS). Exported for tests: they check the derivation. */
export const commandOfMethod = Object.fromEntries(commandEntries.map(([method, spec]) => [method, spec.channel])) as {
  readonly [M in CommandMethod]: (typeof COMMANDS)[M]["channel"];
};

/**
 * Runtime argument checks per command channel (derived from COMMANDS): the only way arguments reach a handler.
 * Exported for tests: they plant arguments against them.
 */
export const commandArgs = Object.fromEntries(
  commandEntries.map(([, spec]) => [spec.channel, spec.args as (args: readonly unknown[]) => boolean]),
) as { readonly [C in CommandChannel]: (args: readonly unknown[]) => boolean };

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

/** The handler of a channel; a session without one is a programming error, refused before any command is served. */
export function handlerOf(
  handlers: CommandHandlers,
  channel: CommandChannel,
): (...handlerArgs: unknown[]) => Promise<unknown> {
  const handler = (handlers as Partial<Record<string, unknown>>)[channel];
  if (typeof handler !== "function") throw new Error(`The handlers have nothing for the command "${channel}".`);
  return handler as (...handlerArgs: unknown[]) => Promise<unknown>;
}
