// The app's "offered:list" and "offered:preview" against the real MCP skills server on loopback: the settings' servers
// and the clients' configs are asked, a local server in a config starts only once approved (its id in the sources),
// and the preview names the server by the id the list gave.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startMcpSkillsServer } from "../../test-support/servers/mcp-skills-server";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { findMcpEndpoints } from "../engine/updates/mcp-config";
import { createOfferedHandlers } from "./offered-handlers";
import { STDIO_SERVER_SCRIPT } from "./testing/stdio-home";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe("offered handlers", () => {
  it("list the settings' servers and approved local ones, and preview a skill by the list's id", async () => {
    const tmp = await makeTempDir("skillshelf-offered-handlers-");
    closers.push(tmp.cleanup);
    const server = await startMcpSkillsServer({
      skills: { notes: { "SKILL.md": "---\nname: notes\ndescription: Notes.\n---\n\nBody.\n" } },
    });
    closers.push(server.close);
    const home = path.join(tmp.dir, "home");
    await writeTree(home, { ".keep": "" });
    await writeFile(
      path.join(home, ".claude.json"),
      JSON.stringify({
        mcpServers: { "local-meta": { command: process.execPath, args: [STDIO_SERVER_SCRIPT, "a", "1.0.0"] } },
      }),
    );
    const scanOptions = { home, platform: "linux" as const, env: { CLAUDE_CONFIG_DIR: "" } };
    let approvedStdio: string[] = [];
    const handlers = createOfferedHandlers({
      scanOptions,
      sources: async () => ({ servers: [{ url: server.url }], includeStdio: false, approvedStdio, pluginRoots: [] }),
    });

    const first = await handlers["offered:list"]();
    expect(first.servers.map((s) => [s.name, s.state])).toEqual([[server.url, "offers"]]);
    expect(first.notApproved.map((s) => s.name)).toEqual(["local-meta"]);

    const preview = await handlers["offered:preview"](first.servers[0]!.id, "skill://notes/SKILL.md");
    expect(preview.levels.level1.name).toBe("notes");
    expect(server.stats.reads).toBe(1);

    approvedStdio = (await findMcpEndpoints({ ...scanOptions })).stdio.map((s) => s.id);
    const approved = await handlers["offered:list"]();
    expect(approved.notApproved).toEqual([]);
    expect(approved.servers.find((s) => s.name === "local-meta")).toMatchObject({ state: "none" });
  });
});
