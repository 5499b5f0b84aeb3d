// An app host whose one skill, agentkey 1.2.0 in Claude Code, names a skill-meta server that offers 1.3.0 with a
// shell update command: the set-up of the specs about update commands.
import { writeTree } from "../../test-support/tmp";
import { startSkillMetaServer, type RunningSkillMetaServer } from "../../test-support/servers/skill-meta-server";
import { startAppHost, type AppHost } from "./app-host";

const SKILL = [
  "---",
  "name: agentkey",
  "description: Keeps keys for agents.",
  "metadata:",
  '  version: "1.2.0"',
  "---",
  "# agentkey",
  "",
].join("\n");

/** The update server and the app of a recipe spec; close both with `close`. */
export interface RecipeApp {
  meta: RunningSkillMetaServer;
  app: AppHost;
  close(): Promise<void>;
}

/** Starts the update server offering `command` and an app on a Linux home holding agentkey 1.2.0. */
export async function startRecipeApp(command: string, env?: Record<string, string>): Promise<RecipeApp> {
  const meta = await startSkillMetaServer({ latest: "1.3.0", recipe: { command, kind: "shell" } });
  const app = await startAppHost({
    platform: "linux",
    fixtureHome: false,
    env,
    prepare: async (_root, home) => {
      await writeTree(home, {
        ".claude/skills/agentkey/SKILL.md": SKILL,
        ".claude.json": JSON.stringify({ mcpServers: { agentkey: { type: "http", url: meta.url } } }),
      });
    },
  }).catch(async (error: unknown) => {
    await meta.close();
    throw error;
  });
  return {
    meta,
    app,
    close: async () => {
      await app.close();
      await meta.close();
    },
  };
}
