// The folders the `skills` installer (npm `skills` 1.7) copies a global install into, one per agent it knows, so a
// lock entry is matched to its copy in ~/.claude/skills or ~/.cursor/skills as well as in ~/.agents/skills.
import path from "node:path";

/** Where a folder starts: the home, XDG config, or an agent's own home variable (with its default under home). */
type FolderBase = "home" | "xdgConfig" | { env: string; fallback: string };

/** The installer's global skills folders as data (its agent table; agents that share a folder are listed once). */
const INSTALLER_FOLDERS: ReadonlyArray<[FolderBase, string]> = [
  ["home", ".agents/skills"],
  ["xdgConfig", "agents/skills"],
  [{ env: "CLAUDE_CONFIG_DIR", fallback: ".claude" }, "skills"],
  [{ env: "VIBE_HOME", fallback: ".vibe" }, "skills"],
  [{ env: "HERMES_HOME", fallback: ".hermes" }, "skills"],
  [{ env: "AUTOHAND_HOME", fallback: ".autohand" }, "skills"],
  [{ env: "GROK_HOME", fallback: ".grok" }, "skills"],
  ["xdgConfig", "devin/skills"],
  ["xdgConfig", "goose/skills"],
  ["xdgConfig", "opencode/skills"],
  ...[
    ".adal",
    ".aider-desk",
    ".astrbot/data",
    ".augment",
    ".bob",
    ".clawdbot",
    ".codeartsdoer",
    ".codebuddy",
    ".codeium/windsurf",
    ".codemaker",
    ".codestudio",
    ".commandcode",
    ".config/crush",
    ".config/kimchi/harness",
    ".continue",
    ".copilot",
    ".cursor",
    ".deepagents/agent",
    ".factory",
    ".firebender",
    ".forge",
    ".gemini",
    ".gemini/antigravity",
    ".gemini/antigravity-cli",
    ".iflow",
    ".inferencesh",
    ".jazz",
    ".junie",
    ".kilo",
    ".kiro",
    ".kode",
    ".lingma",
    ".mcpjam",
    ".minimax",
    ".moltbot",
    ".moxby",
    ".mux",
    ".neovate",
    ".ona",
    ".openclaw",
    ".openhands",
    ".pochi",
    ".posit/assistant",
    ".qoder",
    ".qoder-cn",
    ".qwen",
    ".reasonix",
    ".roo",
    ".rovodev",
    ".snowflake/cortex",
    ".tabnine/agent",
    ".terramind",
    ".tinycloud",
    ".trae",
    ".trae-cn",
    ".zcode",
    ".zencoder",
  ].map((dir): [FolderBase, string] => ["home", `${dir}/skills`]),
];

const nonEmpty = (v: string | undefined): string | undefined => (v && v.trim() ? v.trim() : undefined);

/** Every folder the installer may have copied a global skill into, resolved for this home and environment. */
export function installerSkillFolders(home: string, env: Record<string, string | undefined>): Set<string> {
  const out = new Set<string>();
  for (const [base, rel] of INSTALLER_FOLDERS) {
    const root =
      base === "home"
        ? home
        : base === "xdgConfig"
          ? (nonEmpty(env.XDG_CONFIG_HOME) ?? path.join(home, ".config"))
          : (nonEmpty(env[base.env]) ?? path.join(home, base.fallback));
    out.add(path.resolve(root, ...rel.split("/")));
  }
  return out;
}
