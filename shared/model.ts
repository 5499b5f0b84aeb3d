// The data model shared by the engine, the CLI, main, the web host and the renderer (docs/architecture.md).

/** Severity of a diagnostic; "error" makes a skill or plugin invalid. */
export type Severity = "error" | "warning" | "info";

/** One finding about a file: stable code (RULES.md), plain-language message and a fix. */
export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  /** Absolute path of the file the finding is about (or the folder, when no file applies). */
  file: string;
  line?: number;
  column?: number;
  fix?: string;
}

/**
 * Validation profile: the Agent Skills spec alone, plus Claude Desktop's upload rules, or plus what Claude Code's plugin
 * directory requires of a plugin submitted to it.
 */
export const PROFILES = ["agent-skills", "claude-desktop", "claude-plugin-directory"] as const;
export type Profile = (typeof PROFILES)[number];

/** Known clients whose skill folders Skillshelf reads, as one list (the stored catalog's check reads it too). */
export const CLIENT_IDS = [
  "claude-desktop",
  "claude-code",
  "agents",
  "cursor",
  "codex",
  "gemini-cli",
  "github-copilot",
  "windsurf",
  "goose",
  "opencode",
  "cline",
  "roo",
  "kiro",
  "trae",
  "antigravity",
  "qwen-code",
  "custom",
] as const;

/** One of the known clients. */
export type ClientId = (typeof CLIENT_IDS)[number];

/** Where a location sits: a user's own folder, a project, a Desktop account tree, a plugin or one the user added. */
export type LocationScope = "user" | "project" | "desktop-account" | "plugin" | "custom";

/** A folder that may hold skills or plugins. */
export interface Location {
  id: string;
  client: ClientId;
  scope: LocationScope;
  path: string;
  exists: boolean;
  /** True where a client manages the folder (Desktop sync, Claude Code's synced/ and .trash/): never updated by us. */
  readOnly?: boolean;
  /** A label a person can tell apart (e.g. a Desktop account tree's organisation/account). */
  label?: string;
  note?: string;
  /** Other clients that read this folder too, by their own docs (docs/budget.md): Gemini CLI reads ~/.agents/skills. */
  readBy?: ClientId[];
  /** For Claude Desktop: the skills-plugin root, the account tree (null for the root itself) and the manifest's date. */
  desktop?: DesktopLocationFacts;
}

/** Where a Claude Desktop location sits: which install, which root, which account tree. */
export interface DesktopLocationFacts {
  /** Which Desktop install: "Claude", "Claude-3p", "Claude (Microsoft Store)", ... */
  variant: string;
  root: string;
  /** `<A>/<B>` below the root, or null for the root itself. */
  accountTree: string | null;
  /** manifest.json's lastUpdated as an ISO string, when readable. */
  lastUpdated: string | null;
}

/** One place a skill is visible from: its own folder or a link to it. */
export interface SkillPlacement {
  locationId: string;
  client: ClientId;
  /** The path in that location (a link or the real folder). */
  path: string;
  link: boolean;
}

/** What the `skills` installer's lock file records about an installed skill. */
export interface SkillLockInfo {
  lockFile: string;
  source: string | null;
  sourceType: string | null;
  sourceUrl: string | null;
  skillPath: string | null;
  skillFolderHash: string | null;
}

/** Where an installed version was read from. */
export type VersionSource = "metadata.version" | "frontmatter.version" | "plugin.version";

/** Facts Claude Desktop's manifest.json records about a skill. */
export interface DesktopSkillFacts {
  skillId: string | null;
  creatorType: string | null;
  enabled: boolean | null;
  syncManaged: boolean | null;
  updatedAt?: string | null;
  /** The account tree (`<A>/<B>`) the skill belongs to. */
  accountTree: string;
}

/** One skill folder as read, validated and placed. */
export interface Skill {
  id: string;
  name: string;
  description: string;
  dir: string;
  realDir: string;
  client: ClientId;
  locationId: string;
  version: string | null;
  versionSource: VersionSource | null;
  contentHash: string;
  diagnostics: Diagnostic[];
  valid: boolean;
  /** Other paths (symlinks or locations) holding the same real folder. */
  links: string[];
  /** Whether the user owns this copy (false for client-managed folders). */
  userOwned: boolean;
  /** Same name elsewhere with different content. */
  drift?: string[];
  /** Repository URL named by the skill's metadata or the installer's lock file, when known. */
  repository?: string | null;
  /** Name of the plugin that holds this skill, if any. */
  pluginId?: string;
  desktop?: DesktopSkillFacts;
  /** Every place the skill is visible from (its own folder first, then links). */
  placements?: SkillPlacement[];
  /** The `skills` installer's lock entry for this skill, when it has one. */
  lock?: SkillLockInfo;
  /** True when the frontmatter says `disable-model-invocation: true` (Claude Code keeps it out of the listing). */
  disableModelInvocation?: true;
}

/** One MCP server declared by a plugin's mcp.json (secrets stay out of this shape). */
export interface PluginMcpServer {
  name: string;
  type: string;
  valid: boolean;
  command?: string;
  url?: string;
}

/** Which format a plugin is written in: Agent Plugins 1.0.0 (root plugin.json) or Claude Code's (.claude-plugin/). */
export type PluginFormat = "agent-plugins" | "claude-code";

/** One plugin (Agent Plugins 1.0.0 or Claude Code) as read and validated. */
export interface Plugin {
  id: string;
  name: string;
  format: PluginFormat;
  root: string;
  manifest: Record<string, unknown> | null;
  version: string | null;
  /** The manifest's (or marketplace entry's) description, trimmed; null when none. */
  description: string | null;
  /** The repository URL the manifest names (`repository`, npm's `{ url }`, or a GitHub `homepage`); null when none. */
  repository: string | null;
  skills: Skill[];
  mcpServers: PluginMcpServer[];
  diagnostics: Diagnostic[];
  /** No error anywhere in the plugin, its skills and servers included. */
  valid: boolean;
  /** Whether the client it is made for would load it at all (Claude Code for "claude-code", an Agent Plugins host otherwise). */
  loads: boolean;
  client?: ClientId;
  locationId?: string;
}

/** Update state of one installed skill. */
export type UpdateState = "up-to-date" | "outdated" | "ahead" | "changed-locally" | "unknown";

/** Why a check or an update step did not succeed, decided where the failure is known, so no page parses sentences. */
export type FailureCause =
  | "offline"
  | "timeout"
  | "rate-limited"
  | "not-found"
  | "no-source"
  | "not-comparable"
  | "checksum"
  | "refused"
  | "locked"
  | "changed-locally"
  | "cancelled"
  | "permission"
  | "disk-full"
  | "invalid"
  | "unknown";

/** Every cause, for runtime checks at the process boundary. */
export const FAILURE_CAUSES: readonly FailureCause[] = [
  "offline",
  "timeout",
  "rate-limited",
  "not-found",
  "no-source",
  "not-comparable",
  "checksum",
  "refused",
  "locked",
  "changed-locally",
  "cancelled",
  "permission",
  "disk-full",
  "invalid",
  "unknown",
];

/** How an update can be applied, as a skill-meta server describes it. */
export interface UpdateRecipe {
  kind: "shell" | "manual_ui";
  command: string;
  /** True when the command holds control characters or line breaks: it may not be what it shows, so it is never run. */
  suspicious?: boolean;
}

/** One file the release that was found offers (a `.skill`/`.zip` asset, else the tag's source archive). */
export interface UpdateDownload {
  name: string;
  /** Bytes, when the release says (source archives have no size). */
  size: number | null;
  url: string;
  /** The same file through GitHub's API (a release asset's `url`): a private repository's file is downloaded there, with the token. */
  apiUrl?: string;
  /** Lowercase hex SHA-256, when the release publishes a checksum for this file. */
  sha256?: string;
}

/** How an installed copy is updated, decided by where it lives (electron/engine/apply/plan.ts). */
export type UpdatePlanKind = "replace-folder" | "desktop-upload" | "run-recipe" | "manual" | "not-updatable";

/** The decision for one installed copy: how it is updated and what the user does next. */
export interface UpdatePlan {
  kind: UpdatePlanKind;
  skillId: string;
  name: string;
  dir: string;
  realDir: string;
  /** One sentence: the next step for this place, for people. */
  nextStep: string;
  /** Numbered steps where there are several (Desktop upload, manual). */
  steps: string[];
  recipe?: { kind: "shell" | "manual_ui" | string; command: string; suspicious: boolean };
  /**
   * The one action the app can offer that can succeed: "download" (Skillshelf fetches and applies it), "recipe" (the
   * server's command, under the consent rules), or "none" (only the steps in words; no button).
   */
  action?: UpdateAction;
}

/** What a button for this copy's update would do (see UpdatePlan.action). */
export type UpdateAction = "download" | "recipe" | "none";

/** What an update check found for one installed copy of a skill. */
export interface UpdateInfo {
  skillId: string;
  name: string;
  dir: string;
  installed: string | null;
  installedSource: VersionSource | null;
  latest: string | null;
  state: UpdateState;
  /** Why the state is unknown, in a sentence. */
  reason?: string;
  /** Why the state is unknown, as a cause the page may act on (offline, rate-limited, no source…). */
  cause?: FailureCause;
  source: "skill-meta" | "github-release" | "github-tree" | "mcp-skills" | "site-skills" | "none";
  /** Checks of a skill installed from an MCP server (source "mcp-skills"): the server and the skill's SKILL.md URI. */
  remote?: { server: string; uri: string };
  /** Checks of a skill installed from a site's well-known index (source "site-skills"): the index and the skill's name. */
  site?: { index: string; name: string };
  /** Content checks (source "github-tree"): the repository ("owner/repo"), the skill's folder in it and its branch. */
  repository?: string;
  folder?: string;
  branch?: string;
  /** Content checks: git tree SHAs of the installed folder, of the folder at install (the lock's) and upstream. */
  installedHash?: string;
  recordedHash?: string | null;
  upstreamHash?: string;
  /** Content checks: files that differ between the installed folder and upstream, when known. */
  changedFiles?: string[];
  releaseNotesUrl?: string;
  /** The release's own notes (Markdown, capped), shown inside the app as safely as a skill's instructions. */
  releaseNotes?: string;
  updateDocUrl?: string;
  recipe?: UpdateRecipe;
  /** What the release that was found offers for download, best first. */
  downloads?: UpdateDownload[];
  /** When this state was found (ISO 8601); a recomputation after a local change keeps the check's time. */
  checkedAt: string;
  /** The next step for this copy (added by the app and `outdated`; absent in a bare check). */
  plan?: UpdatePlan;
  /** The user chose not to see this update: "version" (this latest version) or "skill" (no updates of this skill). */
  ignored?: "version" | "skill";
  /** What could not be reached, for people ("GitHub", "the server at …"), when a source failed. */
  failedSource?: string;
  /** A later check could not reach the source: this is the last known answer, as of `checkedAt`. */
  stale?: { at: string; cause: FailureCause; reason?: string; failedSource?: string };
  /** The plugin the copy's version comes from: the plugin is what a person updates, once for all its skills. */
  plugin?: { id: string; name: string; format: PluginFormat };
}

/** Progress of a long task (scan, download, install), reported on one event. */
export interface TaskProgress {
  taskId: string;
  kind: string;
  /** 0..1, or -1 when the amount is not known. */
  value: number;
  title: string;
  detail?: string;
}

/** The last catalog as stored in the cache folder, shown at start until a scan confirms it. */
export interface StoredCatalog {
  catalog: ScanResult;
  /** When it was stored (ISO time). */
  savedAt: string;
}

/** The result of a scan: every location, skill and plugin found. */
export interface ScanResult {
  locations: Location[];
  skills: Skill[];
  plugins: Plugin[];
  /** Diagnostics about locations themselves (a corrupt Desktop manifest, an unreadable folder). */
  diagnostics: Diagnostic[];
}
