// The location table: every client folder discovery reads, per platform, as data (not paths scattered in code).
import path from "node:path";
import type { ClientId, LocationScope } from "../../../shared/model";
import type { ScanOptions, ScanPlatform } from "./types";

/** A folder a path template starts from; each honours its environment override. */
export type PathBase = "home" | "appData" | "localAppData" | "xdgConfig" | "claudeConfig" | "codexHome";

/** A path as a base plus "/"-separated segments below it. */
export interface PathTemplate {
  base: PathBase;
  rel: string;
}

/** How a location's contents are read. */
export type LocationKind = "skills" | "desktop-root" | "claude-plugins";

/** One row of the location table. */
export interface LocationRow {
  client: ClientId;
  scope: LocationScope;
  kind: LocationKind;
  label: string;
  paths: Partial<Record<ScanPlatform, PathTemplate[]>>;
  /** Managed by a client (sync, trash, plugin manager): shown, never updated by us. */
  readOnly?: boolean;
  note?: string;
  /** Child folder names that are not skills of this location (they are locations of their own). */
  exclude?: string[];
  /** 2 when skills sit one folder deeper (Claude Code's .trash/<stamp>/<skill>). */
  depth?: 1 | 2;
  /** Other clients that read this folder too, as their docs say (docs/budget.md, "Who reads which folder"). */
  readBy?: ClientId[];
}

/** Who else reads each shared folder, user scope, as each client's docs say (sources in docs/budget.md). */
const USER_READERS = {
  claudeSkills: ["cursor", "github-copilot", "opencode", "goose"],
  agentsSkills: ["codex", "gemini-cli", "github-copilot", "opencode", "windsurf"],
  xdgAgentsSkills: ["goose"],
  codexSkills: ["cursor"],
} satisfies Record<string, ClientId[]>;

const everywhere = (...paths: PathTemplate[]): Partial<Record<ScanPlatform, PathTemplate[]>> => ({
  darwin: paths,
  win32: paths,
  linux: paths,
});
const home = (rel: string): PathTemplate => ({ base: "home", rel });
const desktopRel = (folder: string) => `${folder}/local-agent-mode-sessions/skills-plugin`;
const STORE = "Packages/Claude_pzs8sxrjxfjjc/LocalCache/Roaming";

/** Where Claude Desktop keeps its skills-plugin root, per install variant. */
const DESKTOP_ROWS: LocationRow[] = ["Claude", "Claude-3p"].flatMap((folder): LocationRow[] => [
  {
    client: "claude-desktop",
    scope: "desktop-account",
    kind: "desktop-root",
    readOnly: true,
    label: folder === "Claude" ? "Claude Desktop" : "Claude Desktop (3p)",
    note: "Claude Desktop's account sync rewrites these folders; update through Desktop's upload.",
    paths: {
      darwin: [home(`Library/Application Support/${desktopRel(folder)}`)],
      win32: [{ base: "appData", rel: desktopRel(folder) }],
      linux: [{ base: "xdgConfig", rel: desktopRel(folder) }],
    },
  },
  {
    client: "claude-desktop",
    scope: "desktop-account",
    kind: "desktop-root",
    readOnly: true,
    label: folder === "Claude" ? "Claude Desktop (Microsoft Store)" : "Claude Desktop (Microsoft Store, 3p)",
    note: "Claude Desktop's account sync rewrites these folders; update through Desktop's upload.",
    paths: { win32: [{ base: "localAppData", rel: `${STORE}/${desktopRel(folder)}` }] },
  },
]);

/**
 * Every location of a home, in the order the catalog lists them.
 * Exported for tests: each row is checked for a path on every platform.
 */
export const LOCATION_TABLE: LocationRow[] = [
  ...DESKTOP_ROWS,
  {
    client: "claude-code",
    scope: "user",
    kind: "skills",
    label: "Claude Code",
    paths: everywhere({ base: "claudeConfig", rel: "skills" }),
    exclude: ["synced", ".trash"],
    readBy: USER_READERS.claudeSkills,
  },
  {
    client: "claude-code",
    scope: "user",
    kind: "skills",
    label: "Claude Code (synced from claude.ai)",
    readOnly: true,
    note: "Managed by Claude Code's account sync.",
    paths: everywhere({ base: "claudeConfig", rel: "skills/synced" }),
  },
  {
    client: "claude-code",
    scope: "user",
    kind: "skills",
    label: "Claude Code (trash)",
    readOnly: true,
    depth: 2,
    note: "Skills Claude Code moved aside; managed by Claude Code.",
    paths: everywhere({ base: "claudeConfig", rel: "skills/.trash" }),
  },
  {
    client: "claude-code",
    scope: "plugin",
    kind: "claude-plugins",
    label: "Claude Code plugins",
    readOnly: true,
    note: "Installed by Claude Code's plugin manager.",
    paths: everywhere({ base: "claudeConfig", rel: "plugins" }),
  },
  {
    client: "agents",
    scope: "user",
    kind: "skills",
    label: "Agents (~/.agents/skills)",
    paths: everywhere(home(".agents/skills")),
    readBy: USER_READERS.agentsSkills,
  },
  {
    client: "agents",
    scope: "user",
    kind: "skills",
    label: "Agents (XDG config)",
    paths: everywhere({ base: "xdgConfig", rel: "agents/skills" }),
    readBy: USER_READERS.xdgAgentsSkills,
  },
  { client: "cursor", scope: "user", kind: "skills", label: "Cursor", paths: everywhere(home(".cursor/skills")) },
  {
    client: "codex",
    scope: "user",
    kind: "skills",
    label: "Codex",
    paths: everywhere({ base: "codexHome", rel: "skills" }),
    readBy: USER_READERS.codexSkills,
  },
  {
    client: "gemini-cli",
    scope: "user",
    kind: "skills",
    label: "Gemini CLI",
    paths: everywhere(home(".gemini/skills")),
  },
  {
    client: "github-copilot",
    scope: "user",
    kind: "skills",
    label: "GitHub Copilot",
    paths: everywhere(home(".copilot/skills")),
  },
  {
    client: "windsurf",
    scope: "user",
    kind: "skills",
    label: "Windsurf",
    paths: everywhere(home(".codeium/windsurf/skills")),
  },
  {
    client: "goose",
    scope: "user",
    kind: "skills",
    label: "Goose",
    paths: {
      darwin: [{ base: "xdgConfig", rel: "goose/skills" }],
      linux: [{ base: "xdgConfig", rel: "goose/skills" }],
      win32: [
        { base: "appData", rel: "Block/goose/config/skills" },
        { base: "xdgConfig", rel: "goose/skills" },
      ],
    },
  },
  {
    client: "opencode",
    scope: "user",
    kind: "skills",
    label: "OpenCode",
    paths: everywhere({ base: "xdgConfig", rel: "opencode/skills" }),
  },
  { client: "cline", scope: "user", kind: "skills", label: "Cline", paths: everywhere(home(".cline/skills")) },
  { client: "roo", scope: "user", kind: "skills", label: "Roo Code", paths: everywhere(home(".roo/skills")) },
  { client: "kiro", scope: "user", kind: "skills", label: "Kiro", paths: everywhere(home(".kiro/skills")) },
  { client: "trae", scope: "user", kind: "skills", label: "Trae", paths: everywhere(home(".trae/skills")) },
  {
    client: "antigravity",
    scope: "user",
    kind: "skills",
    label: "Antigravity",
    paths: everywhere(home(".gemini/antigravity/skills")),
  },
  { client: "qwen-code", scope: "user", kind: "skills", label: "Qwen Code", paths: everywhere(home(".qwen/skills")) },
];

/** Skills folders looked for inside a project given with --include. */
export const PROJECT_SKILL_FOLDERS: Array<{ client: ClientId; rel: string; label: string; readBy?: ClientId[] }> = [
  {
    client: "claude-code",
    rel: ".claude/skills",
    label: "Claude Code",
    readBy: ["cursor", "github-copilot", "opencode", "goose"],
  },
  {
    client: "agents",
    rel: ".agents/skills",
    label: "Agents",
    readBy: ["codex", "cursor", "gemini-cli", "github-copilot", "opencode", "goose", "windsurf"],
  },
  { client: "cursor", rel: ".cursor/skills", label: "Cursor" },
  { client: "github-copilot", rel: ".github/skills", label: "GitHub Copilot" },
  { client: "codex", rel: ".codex/skills", label: "Codex", readBy: ["cursor"] },
  { client: "gemini-cli", rel: ".gemini/skills", label: "Gemini CLI" },
  { client: "windsurf", rel: ".windsurf/skills", label: "Windsurf" },
  { client: "opencode", rel: ".opencode/skills", label: "OpenCode" },
  { client: "goose", rel: ".goose/skills", label: "Goose" },
  { client: "cline", rel: ".cline/skills", label: "Cline" },
  { client: "roo", rel: ".roo/skills", label: "Roo Code" },
  { client: "kiro", rel: ".kiro/skills", label: "Kiro" },
  { client: "trae", rel: ".trae/skills", label: "Trae" },
  { client: "antigravity", rel: ".agent/skills", label: "Antigravity" },
  { client: "qwen-code", rel: ".qwen/skills", label: "Qwen Code" },
];

/** The layout a scan uses for a Node platform: darwin and win32 as they are, every other system as linux. */
export function scanPlatformOf(platform: NodeJS.Platform): ScanPlatform {
  return platform === "darwin" || platform === "win32" ? platform : "linux";
}

const nonEmpty = (v: string | undefined): string | undefined => (v && v.trim() ? v : undefined);

/** Resolves a base folder for a home, platform and environment (APPDATA, XDG_CONFIG_HOME, CLAUDE_CONFIG_DIR...). */
export function resolveBase(base: PathBase, options: Pick<ScanOptions, "home" | "platform" | "env">): string {
  const { home: h, env } = options;
  switch (base) {
    case "home":
      return h;
    case "appData":
      return nonEmpty(env.APPDATA) ?? path.join(h, "AppData", "Roaming");
    case "localAppData":
      return nonEmpty(env.LOCALAPPDATA) ?? path.join(h, "AppData", "Local");
    case "xdgConfig":
      return nonEmpty(env.XDG_CONFIG_HOME) ?? path.join(h, ".config");
    case "claudeConfig":
      return nonEmpty(env.CLAUDE_CONFIG_DIR) ?? path.join(h, ".claude");
    case "codexHome":
      return nonEmpty(env.CODEX_HOME) ?? path.join(h, ".codex");
  }
}

/** A table row resolved to one absolute path. */
export interface ResolvedRow {
  row: LocationRow;
  path: string;
}

/** Resolves the table for one home: every row's paths on that platform, without duplicates. */
export function resolveLocationTable(options: Pick<ScanOptions, "home" | "platform" | "env">): ResolvedRow[] {
  const seen = new Set<string>();
  const out: ResolvedRow[] = [];
  for (const row of LOCATION_TABLE) {
    for (const template of row.paths[options.platform] ?? []) {
      const p = path.resolve(resolveBase(template.base, options), ...template.rel.split("/"));
      if (seen.has(p)) continue;
      seen.add(p);
      out.push({ row, path: p });
    }
  }
  return out;
}

/** Where the `skills` installer keeps its lock file: $XDG_STATE_HOME/skills first, then ~/.agents. */
export function skillLockCandidates(options: Pick<ScanOptions, "home" | "env">): string[] {
  const state = nonEmpty(options.env.XDG_STATE_HOME);
  const fallback = path.join(options.home, ".agents", ".skill-lock.json");
  return state ? [path.join(state, "skills", ".skill-lock.json"), fallback] : [fallback];
}
