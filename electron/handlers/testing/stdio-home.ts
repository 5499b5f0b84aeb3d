// A temporary home for stdio consent tests: one skill (alpha 1.0.0) and a Claude Code config naming the real stdio
// skill-meta server, which answers "alpha 2.0.0" (or the version in its arguments) only when it is started.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeTree } from "../../../test-support/tmp";
import type { UpdateInfo } from "../../../shared/model";

const SERVER = fileURLToPath(new URL("../../../test-support/servers/stdio-skill-meta-server.mjs", import.meta.url));

/** The config file that names the local server. */
export const stdioConfigFile = (home: string) => path.join(home, ".claude.json");

/** Writes (or rewrites) the config so the local server answers with `latest`. */
export async function writeStdioConfig(home: string, latest: string): Promise<void> {
  const config = {
    mcpServers: {
      "alpha-meta": {
        command: process.execPath,
        args: [SERVER, "alpha", latest],
        env: { SKILL_META_TOKEN: "expected" },
      },
    },
  };
  await writeFile(stdioConfigFile(home), JSON.stringify(config, null, 2));
}

/** Writes the skill alpha 1.0.0 and the config naming its local server (answering `latest`) into `home`. */
export async function writeStdioSkillAndConfig(home: string, latest = "2.0.0"): Promise<void> {
  await writeTree(home, {
    ".claude/skills/alpha/SKILL.md": [
      "---",
      "name: alpha",
      "description: Does alpha things.",
      "metadata:",
      '  version: "1.0.0"',
      "---",
      "# alpha",
      "",
    ].join("\n"),
  });
  await writeStdioConfig(home, latest);
}

/** A home with the skill and the config; returns the scan options for it (settings and caches inside root). */
export async function writeStdioHome(root: string, latest = "2.0.0") {
  const home = path.join(root, "home");
  await writeStdioSkillAndConfig(home, latest);
  return {
    home,
    platform: "linux" as const,
    env: {
      SKILLSHELF_CACHE_DIR: path.join(root, "cache"),
      SKILLSHELF_CONFIG_DIR: path.join(root, "config"),
      SKILLSHELF_GITHUB_API: "http://127.0.0.1:9/",
    },
  };
}

/** The latest version the check found for alpha: set only when the local server was started and answered. */
export const alphaLatest = (updates: UpdateInfo[]) => updates.find((u) => u.name === "alpha")?.latest ?? null;

/** The server script, for asserting the exact arguments shown. */
export const STDIO_SERVER_SCRIPT = SERVER;
