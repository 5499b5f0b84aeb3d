// The catalog's "Offered by servers": which skills the MCP servers of the clients' configs and the settings offer, and
// one skill's preview; local (stdio) servers only as approved one by one, exactly as the update check asks them.
import path from "node:path";
import type { CommandHandlers } from "../../shared/ipc";
import type { ScanOptions } from "../engine/discovery/types";
import { findOfferedSkills, previewOfferedSkill } from "../engine/mcp-skills/offered-sources";
import type { McpConfigOptions } from "../engine/updates/mcp-config";
import type { UpdateSources } from "./context";

type OfferedHandlers = Pick<CommandHandlers, "offered:list" | "offered:preview">;

/** The two commands for a session's home, asking the servers the update sources name. */
export function createOfferedHandlers(options: {
  scanOptions: ScanOptions;
  sources: () => Promise<UpdateSources>;
}): OfferedHandlers {
  const where = async (): Promise<McpConfigOptions> => {
    const { home, platform, env, include } = options.scanOptions;
    const sources = await options.sources();
    return {
      home,
      platform,
      env,
      projectDirs: include?.map((dir) => path.resolve(dir)),
      pluginRoots: sources.pluginRoots,
      extraServers: sources.servers,
      includeStdio: false,
      approvedStdio: (id) => sources.approvedStdio?.includes(id) ?? false,
    };
  };
  return {
    "offered:list": async () => findOfferedSkills(await where()),
    "offered:preview": async (serverId, skillUri) => previewOfferedSkill(await where(), serverId, skillUri),
  };
}
