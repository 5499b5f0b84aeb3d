// Fake homes for macOS, Windows and Linux, built in a temp folder from electron/engine/discovery/fixtures/ plus links.
import { cp, mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The readable template folders the homes are built from. */
export const DISCOVERY_FIXTURES = fileURLToPath(new URL("../electron/engine/discovery/fixtures/", import.meta.url));

/** Account tree folders (`<A>/<B>`) the homes use, so tests can name them. */
export const FIXTURE_TREES = {
  a: "3f2a9c1e-0b7d-4e55-9a0c-6d1e2f3a4b5c/8c7b6a59-4d3e-4f21-b0a9-1e2d3c4b5a69",
  b: "9e8d7c6b-5a49-4382-a1b0-c9d8e7f6a5b4/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
} as const;

/** The environment variables discovery reads, all blanked, so the runner's own settings never leak into a fixture scan. */
export const BLANK_DISCOVERY_ENV: Record<string, string> = {
  APPDATA: "",
  LOCALAPPDATA: "",
  XDG_CONFIG_HOME: "",
  XDG_STATE_HOME: "",
  CLAUDE_CONFIG_DIR: "",
  CODEX_HOME: "",
};

const DESKTOP_REL = "local-agent-mode-sessions/skills-plugin";

/** The Desktop skills folder of a macOS or Linux fixture home, so tests do not spell its path out. */
export function fixtureDesktopRoot(home: string, platform: "darwin" | "linux"): string {
  const claude =
    platform === "darwin"
      ? path.join(home, "Library", "Application Support", "Claude")
      : path.join(home, ".config", "Claude");
  return path.join(claude, ...DESKTOP_REL.split("/"));
}

/** One account tree of a macOS or Linux fixture home (tree A unless named; Linux homes have only A). */
export function fixtureDesktopTree(
  home: string,
  platform: "darwin" | "linux",
  tree: keyof typeof FIXTURE_TREES = "a",
): string {
  return path.join(fixtureDesktopRoot(home, platform), ...FIXTURE_TREES[tree].split("/"));
}

async function copySkill(template: string, dest: string): Promise<void> {
  await mkdir(path.dirname(dest), { recursive: true });
  await cp(path.join(DISCOVERY_FIXTURES, "skills", template), dest, { recursive: true });
}

async function writeJson(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(value, null, 2) + "\n");
}

/** Builds one Desktop account tree: plugin.json, manifest.json (from a template, or none) and skill folders. */
async function buildDesktopTree(
  root: string,
  tree: string,
  manifest: "tree-a" | "tree-b",
  skills: Record<string, string>,
): Promise<string> {
  const dir = path.join(root, ...tree.split("/"));
  await mkdir(path.join(dir, ".claude-plugin"), { recursive: true });
  await cp(path.join(DISCOVERY_FIXTURES, "desktop-plugin.json"), path.join(dir, ".claude-plugin", "plugin.json"));
  await cp(path.join(DISCOVERY_FIXTURES, "manifests", `${manifest}.json`), path.join(dir, "manifest.json"));
  for (const [folder, template] of Object.entries(skills)) await copySkill(template, path.join(dir, "skills", folder));
  return dir;
}

/** The `skills` installer layout: a real folder in ~/.agents/skills, linked from ~/.claude/skills, and its lock file. */
async function buildSkillsInstall(home: string, claudeSkills: string, lockFile: string): Promise<void> {
  await copySkill("pdf-tools", path.join(home, ".agents", "skills", "pdf-tools"));
  await mkdir(claudeSkills, { recursive: true });
  await symlink(
    path.relative(claudeSkills, path.join(home, ".agents", "skills", "pdf-tools")),
    path.join(claudeSkills, "pdf-tools"),
    "dir",
  );
  await writeJson(lockFile, {
    version: 3,
    skills: {
      "pdf-tools": {
        source: "example/pdf-tools",
        sourceType: "github",
        sourceUrl: "https://github.com/example/pdf-tools.git",
        skillPath: "skills/pdf-tools/SKILL.md",
        skillFolderHash: "0123456789abcdef0123456789abcdef01234567",
        installedAt: "2026-10-01T10:00:00.000Z",
        updatedAt: "2026-10-02T10:00:00.000Z",
      },
    },
  });
}

/** Claude Code's own folders: user skills, synced/ and .trash/, a broken link, and a plugin via installed_plugins.json. */
async function buildClaudeCode(home: string): Promise<void> {
  const claude = path.join(home, ".claude");
  const skills = path.join(claude, "skills");
  await copySkill("meeting-notes", path.join(skills, "meeting-notes"));
  await copySkill("team-report", path.join(skills, "team-report"));
  await copySkill("broken-skill", path.join(skills, "broken-skill"));
  await copySkill("synced-helper", path.join(skills, "synced", "synced-helper"));
  await copySkill("old-helper", path.join(skills, ".trash", "1767225600000-4242-ab12cd", "old-helper"));
  await symlink(path.join("..", "..", "gone", "vanished-skill"), path.join(skills, "dangling"), "dir");
  const installPath = path.join(claude, "plugins", "cache", "example-market", "review-kit", "2.0.0");
  await cp(path.join(DISCOVERY_FIXTURES, "claude-code-plugin"), installPath, { recursive: true });
  await writeJson(path.join(claude, "plugins", "installed_plugins.json"), {
    version: 2,
    plugins: {
      "review-kit@example-market": [
        {
          scope: "user",
          installPath,
          version: "2.0.0",
          installedAt: "2026-09-01T00:00:00.000Z",
          lastUpdated: "2026-09-01T00:00:00.000Z",
        },
      ],
    },
  });
}

/**
 * Builds a fake home for one platform under dir and returns it with the environment to scan it with.
 * macOS: two Desktop trees (ISO and epoch-ms manifests, an orphan entry, an unlisted folder), Claude Code with
 * synced/, .trash/, a plugin and a broken link, the `skills` installer's linked install and lock file, a skill with
 * errors and a drifted duplicate. Windows: classic and Microsoft Store Desktop trees. Linux: ~/.config/Claude and XDG folders.
 */
export async function buildFixtureHome(
  platform: "darwin" | "win32" | "linux",
  dir: string,
): Promise<{ home: string; env: Record<string, string> }> {
  const home = path.join(dir, "home");
  await mkdir(home, { recursive: true });
  const env: Record<string, string> = { ...BLANK_DISCOVERY_ENV };
  if (platform === "darwin") {
    const root = fixtureDesktopRoot(home, "darwin");
    await buildDesktopTree(root, FIXTURE_TREES.a, "tree-a", {
      docx: "docx",
      "brand-voice": "brand-voice",
      "unlisted-skill": "unlisted-skill",
    });
    await buildDesktopTree(root, FIXTURE_TREES.b, "tree-b", { "brand-voice": "brand-voice-old" });
    await buildClaudeCode(home);
    await buildSkillsInstall(
      home,
      path.join(home, ".claude", "skills"),
      path.join(home, ".agents", ".skill-lock.json"),
    );
    await copySkill("team-report-drifted", path.join(home, ".cursor", "skills", "team-report"));
  } else if (platform === "win32") {
    const classic = path.join(home, "AppData", "Roaming", "Claude", ...DESKTOP_REL.split("/"));
    const store = path.join(
      home,
      "AppData",
      "Local",
      "Packages",
      "Claude_pzs8sxrjxfjjc",
      "LocalCache",
      "Roaming",
      "Claude",
      ...DESKTOP_REL.split("/"),
    );
    await buildDesktopTree(classic, FIXTURE_TREES.a, "tree-a", { docx: "docx", "brand-voice": "brand-voice" });
    await buildDesktopTree(store, FIXTURE_TREES.b, "tree-b", { "brand-voice": "brand-voice" });
    await copySkill("meeting-notes", path.join(home, ".claude", "skills", "meeting-notes"));
    await copySkill("team-report", path.join(home, ".codex", "skills", "team-report"));
  } else {
    const root = fixtureDesktopRoot(home, "linux");
    await buildDesktopTree(root, FIXTURE_TREES.a, "tree-a", { docx: "docx", "brand-voice": "brand-voice" });
    env.XDG_STATE_HOME = path.join(home, ".local", "state");
    await buildSkillsInstall(
      home,
      path.join(home, ".claude", "skills"),
      path.join(env.XDG_STATE_HOME, "skills", ".skill-lock.json"),
    );
    await copySkill("meeting-notes", path.join(home, ".config", "agents", "skills", "meeting-notes"));
    await copySkill("team-report", path.join(home, ".config", "opencode", "skills", "team-report"));
    await copySkill("synced-helper", path.join(home, ".config", "goose", "skills", "synced-helper"));
  }
  return { home, env };
}
