import { afterEach, beforeEach, describe, expect, it } from "vitest";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { findMcpEndpoints } from "./mcp-config";
import { queryServer } from "./meta-client";

let tmp: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => (tmp = await makeTempDir()));
afterEach(async () => tmp.cleanup());

const json = (v: unknown) => JSON.stringify(v, null, 2);

describe("findMcpEndpoints", () => {
  it("reads Claude Desktop, Claude Code (user, local and project), Cursor and plugin configs on Linux", async () => {
    const home = path.join(tmp.dir, "home");
    const project = path.join(tmp.dir, "proj");
    const plugin = path.join(tmp.dir, "plugin");
    await writeTree(home, {
      ".config/Claude/claude_desktop_config.json": json({
        mcpServers: { local: { command: "node", args: ["server.js"], env: { TOKEN: "secret-env" } } },
      }),
      ".claude.json": json({
        mcpServers: {
          remote: {
            type: "http",
            url: "https://mcp.example.com/v1/mcp",
            headers: { Authorization: "Bearer secret-h" },
          },
          old: { type: "sse", url: "https://sse.example.com/sse" },
        },
        projects: {
          [project]: { mcpServers: { localscope: { type: "http", url: "https://local.example.com/mcp" } } },
          "/elsewhere": { mcpServers: { no: { type: "http", url: "https://no.example.com/mcp" } } },
        },
      }),
      ".cursor/mcp.json": json({
        mcpServers: {
          dup: { url: "https://mcp.example.com/v1/mcp" },
          off: { url: "https://off.example.com/mcp", disabled: true },
        },
      }),
    });
    await writeTree(project, {
      ".mcp.json": json({ mcpServers: { proj: { type: "http", url: "http://127.0.0.1:9/mcp" } } }),
    });
    await writeTree(plugin, {
      "mcp.json": json({
        $schema: "x",
        mcpServers: {
          tool: { type: "stdio", command: "./bin/server", args: ["--root", "${PLUGIN_ROOT}/data"] },
          web: { type: "streamable-http", url: "https://plugin.example.com/mcp" },
        },
      }),
    });

    const { endpoints, sources } = await findMcpEndpoints({
      home,
      platform: "linux",
      env: {},
      projectDirs: [project],
      pluginRoots: [plugin],
      extraServers: [{ url: "https://added.example.com/mcp" }],
      includeStdio: true,
    });
    expect(endpoints.map((e) => e.name)).toEqual([
      "https://added.example.com/mcp",
      "local",
      "remote",
      "localscope",
      "proj",
      "tool",
      "web",
    ]);
    const tool = endpoints.find((e) => e.name === "tool")!;
    expect(tool.transport).toMatchObject({
      type: "stdio",
      command: path.join(plugin, "bin/server"),
      args: ["--root", `${plugin}/data`],
      cwd: plugin,
    });
    const remote = endpoints.find((e) => e.name === "remote")!;
    expect(remote.transport.type === "http" && remote.transport.headers.reveal()).toEqual({
      Authorization: "Bearer secret-h",
    });
    expect(JSON.stringify({ endpoints, sources })).not.toMatch(/secret-h|secret-env/);
    expect(sources.map((s) => path.basename(s.file))).toContain("claude_desktop_config.json");
  });

  it("finds Claude Desktop's config on macOS and Windows, and reports a corrupt file", async () => {
    const home = path.join(tmp.dir, "home");
    await writeTree(home, {
      "Library/Application Support/Claude/claude_desktop_config.json": json({
        mcpServers: { mac: { url: "https://mac.example.com/mcp" } },
      }),
      "AppData/Roaming/Claude/claude_desktop_config.json": json({
        mcpServers: { win: { url: "https://win.example.com/mcp" } },
      }),
      ".cursor/mcp.json": "{ nope",
    });
    const mac = await findMcpEndpoints({ home, platform: "darwin", env: {} });
    expect(mac.endpoints.map((e) => e.name)).toEqual(["mac"]);
    expect(mac.sources.find((s) => s.file.endsWith("mcp.json") && s.problem)?.problem).toMatch(/not valid JSON/);
    const win = await findMcpEndpoints({ home, platform: "win32", env: {} });
    expect(win.endpoints.map((e) => e.name)).toEqual(["win"]);
    const noStdio = await findMcpEndpoints({ home, platform: "win32", env: {}, includeStdio: false });
    expect(noStdio.endpoints).toHaveLength(1);
  });

  it("asks a stdio server configured in Claude Desktop, passing its env only to it", async () => {
    const home = path.join(tmp.dir, "home");
    const script = fileURLToPath(new URL("../../../test-support/servers/stdio-skill-meta-server.mjs", import.meta.url));
    await writeTree(home, {
      ".config/Claude/claude_desktop_config.json": json({
        mcpServers: {
          ak: { command: process.execPath, args: [script, "agentkey", "2.0.0"], env: { SKILL_META_TOKEN: "expected" } },
        },
      }),
    });
    expect((await findMcpEndpoints({ home, platform: "linux", env: {} })).endpoints).toEqual([]);
    const { endpoints } = await findMcpEndpoints({ home, platform: "linux", env: {}, includeStdio: true });
    const result = await queryServer(endpoints[0]!, { timeoutMs: 10_000 });
    expect(result.answers).toHaveLength(1);
    const answer = result.answers[0]!.answer;
    expect(answer.kind === "ok" && answer.response.skill_version_latest).toBe("2.0.0");
  });
});

describe("hostile client configs", () => {
  it("refuses a config nested deeper than 256 levels before parsing, says why, and still reads the other configs", async () => {
    const home = path.join(tmp.dir, "home");
    await writeTree(home, {
      ".claude.json": '{"mcpServers":' + "[".repeat(1_000_000),
      ".cursor/mcp.json": json({ mcpServers: { fine: { url: "https://fine.example.com/mcp" } } }),
    });
    const { endpoints, sources } = await findMcpEndpoints({ home, platform: "linux", env: {} });
    expect(endpoints.map((e) => e.name)).toEqual(["fine"]);
    expect(sources.find((s) => s.file.endsWith(".claude.json"))?.problem).toBe(
      "The file was not read: it nests arrays or objects more than 256 levels deep, so it was not parsed.",
    );
  });
});

describe("Claude Code's variable expansion", () => {
  it("expands ${VAR} and ${VAR:-default} like Claude Code, and refuses an unset variable without default", async () => {
    const env = { TOKEN: "t0k", EMPTY: "" };
    /** An argument of a server in ~/.claude.json as Skillshelf reads it; null when the server is skipped. */
    const expandClaudeCodeVars = async (value: string, vars: Record<string, string>) => {
      const home = path.join(tmp.dir, "expand");
      await writeTree(home, { ".claude.json": json({ mcpServers: { s: { command: "node", args: [value] } } }) });
      const [endpoint] = (await findMcpEndpoints({ home, platform: "linux", env: vars, includeStdio: true })).endpoints;
      return endpoint?.transport.type === "stdio" ? endpoint.transport.args[0] : null;
    };
    expect(await expandClaudeCodeVars("Bearer ${TOKEN}", env)).toBe("Bearer t0k");
    expect(await expandClaudeCodeVars("${HOST:-https://mcp.example.com}/v1", env)).toBe("https://mcp.example.com/v1");
    expect(await expandClaudeCodeVars("${EMPTY:-fallback}|${EMPTY}", env)).toBe("fallback|");
    expect(await expandClaudeCodeVars("$TOKEN ${PLUGIN_ROOT_X", env)).toBe("$TOKEN ${PLUGIN_ROOT_X");
    expect(await expandClaudeCodeVars("Bearer ${MISSING}", env)).toBeNull();
  });

  it("applies it to Claude Code's configs only, and skips a server whose variable is unset", async () => {
    const home = path.join(tmp.dir, "home");
    const project = path.join(tmp.dir, "project");
    await writeTree(home, {
      ".claude.json": json({
        mcpServers: {
          ok: {
            type: "http",
            url: "${MCP_BASE:-https://mcp.example.com}/mcp",
            headers: { Authorization: "Bearer ${API_KEY}" },
          },
          unset: { type: "http", url: "https://unset.example.com/${NOPE}" },
        },
      }),
      ".cursor/mcp.json": json({ mcpServers: { cursor: { url: "https://cursor.example.com/${API_KEY}" } } }),
    });
    await writeTree(project, {
      ".mcp.json": json({ mcpServers: { proj: { type: "http", url: "https://proj.example.com/${API_KEY}" } } }),
    });
    const { endpoints } = await findMcpEndpoints({
      home,
      platform: "linux",
      env: { API_KEY: "k-123" },
      projectDirs: [project],
    });
    const byName = new Map(endpoints.map((e) => [e.name, e.transport]));
    expect([...byName.keys()].sort()).toEqual(["cursor", "ok", "proj"]);
    const ok = byName.get("ok")!;
    expect(ok.type === "http" && ok.url).toBe("https://mcp.example.com/mcp");
    expect(ok.type === "http" && ok.headers.reveal()).toEqual({ Authorization: "Bearer k-123" });
    const proj = byName.get("proj")!;
    expect(proj.type === "http" && proj.url).toBe("https://proj.example.com/k-123");
    const cursor = byName.get("cursor")!;
    expect(cursor.type === "http" && cursor.url).toBe("https://cursor.example.com/${API_KEY}");
  });
});
