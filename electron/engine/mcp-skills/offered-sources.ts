// The servers asked for offered skills are exactly those the skill-meta check asks: every server in the user's
// clients' MCP configs (and plugins'), the servers added in Settings or with `--server`, and local (stdio) servers
// only when approved one by one (or all for one run with `--stdio`); unapproved ones are named, never started.
import type { OfferedSkillPreview, OfferedSkillsResult } from "../../../shared/offered-skills";
import { EngineError } from "../errors";
import { findMcpEndpoints, type McpConfigOptions } from "../updates/mcp-config";
import { listOffered, previewOffered } from "./offered";

/** Asks every server the configs, settings and flags name whether it offers skills, and which. */
export async function findOfferedSkills(options: McpConfigOptions): Promise<OfferedSkillsResult> {
  const found = await findMcpEndpoints(options);
  return {
    servers: await listOffered(found.endpoints),
    notApproved: found.stdio
      .filter((s) => !s.approved)
      .map((s) => ({ name: s.name, command: s.command, configFile: s.configFile })),
    problems: found.sources.filter((s) => s.problem).map((s) => `${s.file}: ${s.problem}`),
  };
}

/** The preview of one skill of the server with this id (as findOfferedSkills gave it), under the same consent rules. */
export async function previewOfferedSkill(
  options: McpConfigOptions,
  serverId: string,
  skill: string,
  signal?: AbortSignal,
): Promise<OfferedSkillPreview> {
  const { endpoints } = await findMcpEndpoints(options);
  const endpoint = endpoints.find((e) => e.id === serverId);
  if (!endpoint)
    throw new EngineError(
      "install.skill.not-found",
      "That server is no longer configured (or its local command is not approved), so its skill cannot be previewed.",
    );
  return previewOffered(endpoint, skill, { signal });
}
