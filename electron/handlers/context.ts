// What the command handlers need from their host (Electron main or the web host), injected so both share one set.
import type { ScanOptions } from "../engine/discovery/types";
import type { PollerClock } from "../engine/updates/poller";
import type { CatalogChange, EventChannel, IpcEvents, ValidationResult } from "../../shared/ipc";
import type { SkillLevels, SkillResource } from "../../shared/levels";
import type { StdioServer } from "../../shared/stdio-servers";
import type { UpdateServerStatus } from "../../shared/update-servers";
import type { Plugin, Profile, ScanResult, Skill, UpdateInfo } from "../../shared/model";
import type { SecretCodec } from "../engine/settings-secrets";
import type { LastUpdates } from "../engine/updates/last-updates";

/** The operating-system integration a host offers: a real one in Electron, safe fallbacks in the web host. */
export interface DesktopIntegration {
  /** Shows a file or folder in the system file manager. */
  reveal(path: string): Promise<void>;
  /** Opens a file in the user's default editor. */
  openInEditor(path: string): Promise<void>;
  /** Opens an already validated http(s) URL; true when it was (or may be, by the page) opened. */
  openExternal(url: string): Promise<boolean>;
  /** Asks the user for a folder; null when cancelled or when the host has no dialog. */
  pickFolder(): Promise<string | null>;
  /** Asks for a skill folder or archive to add, in the system's open dialog; absent where there is none (web host). */
  pickAddSource?(kind: "folder" | "archive"): Promise<string | null>;
  /**
   * Asks the user, in a native dialog the page cannot draw or answer, whether these exact local commands may be
   * started; absent where the host has no such dialog (the web host: the page lists them and approves one by one).
   */
  confirmStdioServers?(servers: StdioServer[]): Promise<boolean>;
  /**
   * Asks, in a native dialog the page cannot draw or answer, whether this exact update command may run through the
   * user's shell; absent where the host has no such dialog (the web host: the page asks before it calls).
   */
  confirmRecipe?(skillName: string, command: string): Promise<boolean>;
  /**
   * Asks, in a native dialog the page cannot draw or answer, whether git may fetch this address for Add (with the
   * user's keys); absent where the host has no such dialog (the web host asks at its terminal, or refuses).
   */
  confirmProgramSource?(source: string): Promise<boolean>;
  /**
   * True in the web host: a file Skillshelf made (the .skill for Claude Desktop) is offered to the browser as a download
   * and never handed to the system's opener (`open`, `xdg-open`), which would start whatever program it picks.
   */
  downloadsOnly?: boolean;
  /** The web host's way for a person to confirm outside the page (absent: nothing the page asks for starts a program). */
  outsideConsent?: OutsideConsent;
}

/** A confirmation the page cannot give itself: the `serve` terminal's question, or a code printed there. */
export interface OutsideConsent {
  /** "terminal": a y/N question on the terminal; "code": a one-time code printed there that the person types into the page. */
  mode: "terminal" | "code";
  /**
   * Asks whether `command` may start, for `purpose` (shown beside it). Terminal mode asks and answers. Code mode: with
   * `code` null it prints a new code beside the command and answers "code-sent"; with a code it answers "yes" only for
   * the code printed for this very purpose and command (once), and throws an EngineError for any other.
   */
  confirm(purpose: string, command: string, code: string | null): Promise<"yes" | "no" | "code-sent">;
}

/** A live view of a set of locations, as the discovery watcher provides it. */
export interface CatalogWatcher {
  close(): Promise<void>;
  current(): ScanResult;
  /** Resolves once the folder watches are in place, so a save right after is seen. */
  watching?(): Promise<void>;
}

/** Where an update check looks and with what, from the settings (secrets stay in main/host memory). */
export interface UpdateSources {
  /** Skill-meta servers the user added by URL. */
  servers: Array<{ url: string; headers?: Record<string, string> }>;
  /** Token from settings; the environment's GITHUB_TOKEN is used when absent. */
  githubToken?: string;
  /** The GitHub API address saved in the settings (a host's flag wins over it). */
  githubApi?: string;
  /** Ask every server that runs as a local command (only the CLI's `--stdio` sets this; the app never does). */
  includeStdio: boolean;
  /** Ids of the local commands the user approved one by one; no other local command is started. */
  approvedStdio?: string[];
  /** Plugin roots of the catalog, whose mcp.json servers count too. */
  pluginRoots?: string[];
}

/** The engine functions the handlers call; injectable so tests and hosts can substitute or wrap them. */
export interface HandlerEngine {
  /** The host's --github-api: it wins over the setting and the environment in every check, download and add. */
  githubApi?: string;
  scan(options: ScanOptions): Promise<ScanResult>;
  watchCatalog(
    options: ScanOptions & { debounceMs?: number; homeLocations?: boolean },
    listener: (change: CatalogChange) => void,
  ): Promise<CatalogWatcher>;
  getSkillLevels(dir: string): Promise<SkillLevels>;
  readSkillResource(dir: string, relPath: string): Promise<SkillResource>;
  /** With `cacheFile`, skills are validated through the validation cache kept there. */
  validatePath(path: string, profile: Profile, cacheFile?: string | null): Promise<ValidationResult[]>;
  /** `force` starts a new skill-meta session; `sources` are the settings' servers, token and stdio consent. */
  checkUpdates(
    skills: Skill[],
    options: { force: boolean; sources?: UpdateSources; plugins?: Plugin[] },
  ): Promise<UpdateInfo[]>;
  /** Each skill-meta server's state as last asked; with `tryUnasked`, the settings' servers not asked yet are asked now. */
  updateServers?(sources: UpdateSources | undefined, tryUnasked: boolean): Promise<UpdateServerStatus[]>;
  /** Where the last results are kept between runs (beside the release cache); absent: kept in memory only. */
  lastUpdates?: { read(): Promise<LastUpdates | null>; write(last: LastUpdates): Promise<void> };
}

/** Sends one typed event to the page(s) of this host. */
export type EventSink = <E extends EventChannel>(channel: E, payload: IpcEvents[E]) => void;

/** Everything createHandlerSession needs. */
export interface HandlerContext {
  /** Which host runs the handlers (shown in the app and used for fallbacks). */
  host: "electron" | "web";
  /** Where to look: home, platform, environment and extra folders. */
  scanOptions: ScanOptions;
  desktop: DesktopIntegration;
  emit: EventSink;
  engine: HandlerEngine;
  /** Keep the catalog live through the discovery watcher (default true). */
  liveCatalog?: boolean;
  /** Check for updates after the first scan and then every few hours (absent: only when asked). */
  updatePolling?: { intervalHours?: number; clock?: PollerClock };
  /** The settings file (the config folder's settings.json for the scan's environment, platform and home when absent). */
  settingsFile?: string;
  /** How secrets are kept in the settings file (plain text in a 0600 file when absent). */
  secretCodec?: SecretCodec;
  /** Debounce of the watchers, in milliseconds (the engine's default when absent). */
  watchDebounceMs?: number;
  /** Where the session says what it did on its own (start-up recovery of an interrupted update); console.warn when absent. */
  log?: (message: string) => void;
}
