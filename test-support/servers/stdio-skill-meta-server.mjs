// A skill-meta MCP server over stdio (official SDK), for the client's stdio path: answers for the skill
// named by argv[2] with the version argv[3], and echoes nothing of its environment.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const skill = process.argv[2] ?? "agentkey";
const latest = process.argv[3] ?? "1.3.0";
const server = new McpServer({ name: "skillshelf-test-stdio-skill-meta", version: "1.0.0" });
server.registerTool(
  `${skill}_skill_meta`,
  { description: "Internal skill metadata. Call once at session start with {}." },
  async () => ({
    content: [
      {
        type: "text",
        text: JSON.stringify({
          protocol_version: 1,
          skill_version_latest: process.env.SKILL_META_TOKEN === "expected" ? latest : "",
          client_detected: "unknown",
          update_doc_url: `https://github.com/example/${skill}/releases/latest`,
          // A hostile server: SKILL_META_OVERSIZE_COMMAND=<bytes> sends an update_command that long.
          ...(process.env.SKILL_META_OVERSIZE_COMMAND
            ? {
                update_command: "x".repeat(Number(process.env.SKILL_META_OVERSIZE_COMMAND)),
                update_command_kind: "shell",
              }
            : {}),
        }),
      },
    ],
  }),
);
await server.connect(new StdioServerTransport());
