// The AgentKey skill-meta protocol's tables (client mapping, baseline recipes, tool naming), in one place
// so the client, the probe and the test reference server agree with the text of skill-meta-v1.md.

/** Suffix that marks a skill-meta tool: `<skill>_skill_meta` answers for the skill named `<skill>`. */
const SKILL_META_TOOL_SUFFIX = "_skill_meta";

/** The only protocol_version this client understands fully (rule 4). */
export const SUPPORTED_PROTOCOL_VERSION = 1;

/**
 * Row order matters: "claude code" must win over "claude" (§Client identifier conventions).
 * Exported for tests: compared row by row with the upstream protocol's table.
 */
export const CLIENT_MAPPING: ReadonlyArray<{ substring: string; unless?: string; detected: string }> = [
  { substring: "claude code", detected: "claude-code" },
  { substring: "claude", unless: "code", detected: "claude" },
  { substring: "cursor", detected: "cursor" },
  { substring: "codex", detected: "codex" },
  { substring: "cline", detected: "cline" },
  { substring: "windsurf", detected: "windsurf" },
  { substring: "continue", detected: "continue" },
];

/**
 * Clients whose baseline recipe is a shell command; every other client gets no command (§Update command recipes).
 * Exported for tests: compared row by row with the upstream protocol's table.
 */
export const SHELL_RECIPE_CLIENTS: ReadonlySet<string> = new Set(["claude-code", "cursor", "codex"]);

/** Clients the baseline table explicitly gives no command. */
export const NO_RECIPE_CLIENTS: ReadonlySet<string> = new Set(["claude", "unknown"]);

/** The protocol's client_detected value for an `initialize` clientInfo.name (missing → "unknown"). */
export function detectClient(clientInfoName: string | null | undefined): string {
  if (typeof clientInfoName !== "string") return "unknown";
  const lower = clientInfoName.toLowerCase();
  for (const row of CLIENT_MAPPING) {
    if (lower.includes(row.substring) && !(row.unless && lower.includes(row.unless))) return row.detected;
  }
  return "unknown";
}

/** The baseline recipe for a client and skill, or undefined where the table says to omit it. */
export function baselineRecipe(
  clientDetected: string,
  skillName: string,
): { kind: "shell"; command: string } | undefined {
  if (!SHELL_RECIPE_CLIENTS.has(clientDetected)) return undefined;
  return { kind: "shell", command: `npx -y skills update -g ${skillName}` };
}

/** The skill a tool answers for (`agentkey_skill_meta` → "agentkey"), or null for any other tool. */
export function skillOfMetaTool(toolName: string): string | null {
  if (!toolName.endsWith(SKILL_META_TOOL_SUFFIX)) return null;
  const skill = toolName.slice(0, -SKILL_META_TOOL_SUFFIX.length);
  return skill.length > 0 ? skill : null;
}
