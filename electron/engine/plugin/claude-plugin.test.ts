// Claude Code plugins read as Claude Code reads them: optional manifest, standard layout, component paths, their own codes.
import { mkdir, symlink } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { readPlugin } from "./read-plugin";
import type { PluginReport } from "./types";

const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function plugin(files: Record<string, string>): Promise<string> {
  const t = await makeTempDir();
  cleanups.push(t.cleanup);
  const root = path.join(t.dir, "my-tools");
  await mkdir(root);
  await writeTree(root, files);
  return root;
}

const skillMd = (name: string, body = "Do it.") =>
  `---\nname: ${name}\ndescription: Does ${name} when asked.\n---\n${body}\n`;
const manifest = (fields: Record<string, unknown>) => JSON.stringify({ name: "my-tools", ...fields });
const codes = (report: PluginReport) => report.diagnostics.map((d) => d.code);
const notInfo = (report: PluginReport) =>
  report.diagnostics.filter((d) => d.severity !== "info").map((d) => `${d.code}: ${d.message}`);

describe("a plugin with .claude-plugin/plugin.json", () => {
  it("is a Claude Code plugin that loads, with its description and one note on converting, never plugin.manifest.missing", async () => {
    const root = await plugin({
      ".claude-plugin/plugin.json": manifest({
        version: "1.2.0",
        description: "  Tools for my team.  ",
        author: "Ada",
        repository: "https://github.com/me/my-tools",
        keywords: ["x"],
      }),
      "skills/greet/SKILL.md": skillMd("greet"),
      "commands/hello.md": "Say hello.\n",
    });
    const report = await readPlugin(root);
    expect(report).toMatchObject({
      format: "claude-code",
      name: "my-tools",
      version: "1.2.0",
      description: "Tools for my team.",
      repository: "https://github.com/me/my-tools",
      loads: true,
      valid: true,
    });
    expect(codes(report)).toEqual(["plugin.manifest.claude-format"]);
    expect(report.diagnostics[0]!.severity).toBe("info");
    expect(report.diagnostics[0]!.fix).toContain('"name": "my-tools"');
    expect(report.skills.map((s) => s.name)).toEqual(["greet"]);
  });

  it("reads the checked-in claude-format fixture the same way", async () => {
    const report = await readPlugin(path.join(FIXTURES, "claude-format"));
    expect(report).toMatchObject({ format: "claude-code", name: "demo-plugin", version: "1.0.0", loads: true });
    expect(codes(report)).not.toContain("plugin.manifest.missing");
  });

  it("resolves ${CLAUDE_PLUGIN_ROOT} links of its skills against the plugin root", async () => {
    const root = await plugin({
      ".claude-plugin/plugin.json": manifest({}),
      "scripts/run.sh": "echo\n",
      "skills/greet/SKILL.md": skillMd(
        "greet",
        "Run [it](${CLAUDE_PLUGIN_ROOT}/scripts/run.sh), not [that](${CLAUDE_PLUGIN_ROOT}/scripts/gone.sh).",
      ),
    });
    const skill = (await readPlugin(root)).skills[0]!;
    expect(skill.diagnostics.filter((d) => d.code.startsWith("skill.ref.")).map((d) => d.message)).toEqual([
      expect.stringContaining("gone.sh"),
    ]);
  });

  it.each([
    ["not JSON", "{ name: ", "claude-plugin.manifest.json"],
    ["an array", "[]", "claude-plugin.manifest.json"],
    ["no name", JSON.stringify({ version: "1.0.0" }), "claude-plugin.name.invalid"],
    ["a number as name", JSON.stringify({ name: 3 }), "claude-plugin.name.invalid"],
    ["a number as author", manifest({ author: 5 }), "claude-plugin.manifest.type"],
    ["an author object without name", manifest({ author: { email: "a@b.c" } }), "claude-plugin.manifest.type"],
    ["keywords as a string", manifest({ keywords: "x" }), "claude-plugin.manifest.type"],
    ["skills as a number", manifest({ skills: 3 }), "claude-plugin.manifest.type"],
    ["commands as an object", manifest({ commands: { a: 1 } }), "claude-plugin.manifest.type"],
    ["a path without ./", manifest({ commands: "cmds/" }), "claude-plugin.path.invalid"],
    ["an absolute path", manifest({ agents: ["/etc/agents/a.md"] }), "claude-plugin.path.invalid"],
  ])("is refused by Claude Code when the manifest has %s (fatal, nothing loads)", async (_what, text, code) => {
    const report = await readPlugin(
      await plugin({ ".claude-plugin/plugin.json": text, "skills/greet/SKILL.md": skillMd("greet") }),
    );
    expect(codes(report)).toContain(code);
    const found = report.diagnostics.find((d) => d.code === code)!;
    expect(found.severity).toBe("error");
    expect(found.fix).toBeTruthy();
    expect(found.file).toBe(path.join(report.root, ".claude-plugin", "plugin.json"));
    expect(report).toMatchObject({ format: "claude-code", loads: false, valid: false, skills: [] });
    expect(codes(report)).not.toContain("plugin.manifest.missing");
  });

  it("refuses a manifest nested too deep or too large before parsing it", async () => {
    const deep = await readPlugin(
      await plugin({
        ".claude-plugin/plugin.json": `{"name":"my-tools","userConfig":${"[".repeat(5000)}${"]".repeat(5000)}}`,
      }),
    );
    expect(deep.diagnostics.find((d) => d.code === "claude-plugin.manifest.json")!.message).toContain("levels deep");
    expect(deep.loads).toBe(false);
    const large = await readPlugin(
      await plugin({
        ".claude-plugin/plugin.json": JSON.stringify({ name: "my-tools", description: "x".repeat(70 * 1024) }),
      }),
    );
    expect(large.diagnostics.find((d) => d.code === "claude-plugin.manifest.json")!.message).toContain("KiB limit");
  });

  it("accepts the inline forms Claude Code allows (hooks, mcpServers, lspServers as objects; author as a string or an object)", async () => {
    const report = await readPlugin(
      await plugin({
        ".claude-plugin/plugin.json": manifest({
          author: { name: "Ada", email: "ada@example.com" },
          hooks: { PostToolUse: [] },
          lspServers: { go: { command: "gopls" } },
          mcpServers: { db: { command: "${CLAUDE_PLUGIN_ROOT}/bin/db", args: [] } },
          userConfig: {},
        }),
      }),
    );
    expect(notInfo(report)).toEqual([]);
    expect(report.mcpServers).toEqual([
      { name: "db", type: "stdio", valid: true, command: "${CLAUDE_PLUGIN_ROOT}/bin/db" },
    ]);
  });

  it("warns about a name that is not kebab-case and fields it does not define, and still loads", async () => {
    const report = await readPlugin(
      await plugin({ ".claude-plugin/plugin.json": JSON.stringify({ name: "My_Tools", flavour: "x" }) }),
    );
    expect(codes(report)).toEqual(
      expect.arrayContaining(["claude-plugin.name.kebab-case", "claude-plugin.manifest.unknown-field"]),
    );
    expect(report.diagnostics.find((d) => d.code === "claude-plugin.name.kebab-case")!.fix).toContain('"my-tools"');
    expect(report.loads).toBe(true);
    expect(report.valid).toBe(true);
  });

  it("refuses component paths that leave the plugin (.. or a link out), reports missing ones, and reads skills from listed paths", async () => {
    const root = await plugin({
      ".claude-plugin/plugin.json": manifest({
        skills: ["./extra/", "./one-skill", "./nowhere/"],
        commands: "./../shared/cmds",
        agents: ["./link-out"],
      }),
      "extra/alpha/SKILL.md": skillMd("alpha"),
      "one-skill/SKILL.md": skillMd("one-skill"),
      "skills/greet/SKILL.md": skillMd("greet"),
    });
    await symlink(path.dirname(path.dirname(root)), path.join(root, "link-out"));
    const report = await readPlugin(root);
    expect(report.skills.map((s) => s.name).sort()).toEqual(["alpha", "greet", "one-skill"]);
    const outside = report.diagnostics.filter((d) => d.code === "claude-plugin.path.outside");
    expect(outside.map((d) => d.message)).toEqual([
      expect.stringContaining("./../shared/cmds"),
      expect.stringContaining("./link-out"),
    ]);
    expect(outside.every((d) => d.severity === "error")).toBe(true);
    expect(report.diagnostics.filter((d) => d.code === "claude-plugin.path.missing").map((d) => d.message)).toEqual([
      expect.stringContaining("./nowhere/"),
    ]);
    expect(report.loads).toBe(true);
    expect(report.valid).toBe(false);
  });

  it("says when components sit inside .claude-plugin/ and when hooks/hooks.json or .mcp.json are broken", async () => {
    const report = await readPlugin(
      await plugin({
        ".claude-plugin/plugin.json": manifest({}),
        ".claude-plugin/commands/hi.md": "hi\n",
        "hooks/hooks.json": "{ not json",
        ".mcp.json": JSON.stringify({
          mcpServers: { web: { type: "http", url: "https://example.com/mcp" }, broken: { args: [] } },
        }),
      }),
    );
    expect(codes(report)).toEqual(
      expect.arrayContaining([
        "claude-plugin.layout.misplaced",
        "claude-plugin.hooks.json",
        "claude-plugin.mcp.server",
      ]),
    );
    expect(report.mcpServers.map((s) => [s.name, s.type, s.valid])).toEqual([
      ["web", "http", true],
      ["broken", "unknown", false],
    ]);
    expect(report.loads).toBe(true);
  });

  it("reports a skills/ child with a lowercase skill.md in its own family", async () => {
    const report = await readPlugin(
      await plugin({ ".claude-plugin/plugin.json": manifest({}), "skills/quiet/skill.md": skillMd("quiet") }),
    );
    expect(codes(report)).toContain("claude-plugin.skills.file-case");
    expect(codes(report)).not.toContain("plugin.skills.file-case");
  });
});

describe("a plugin without any manifest", () => {
  it("is read in Claude Code's standard layout when the caller knows it is a Claude Code plugin, named as the caller says", async () => {
    const root = await plugin({ "skills/greet/SKILL.md": skillMd("greet"), "skills/wave/SKILL.md": skillMd("wave") });
    const report = await readPlugin(root, { claudeCode: { name: "team-tools" } });
    expect(report).toMatchObject({
      format: "claude-code",
      name: "team-tools",
      loads: true,
      valid: true,
      manifest: null,
      description: null,
    });
    expect(report.skills.map((s) => s.name)).toEqual(["greet", "wave"]);
    expect(codes(report)).toEqual(["plugin.manifest.claude-format"]);
  });

  it("takes its metadata and component paths from a strict: false marketplace entry", async () => {
    const root = await plugin({ "custom/deploy/SKILL.md": skillMd("deploy") });
    const entry = {
      name: "deployer",
      source: "./my-tools",
      strict: false,
      description: "Deploys things.",
      version: "2.0.0",
      skills: ["./custom/"],
    };
    const report = await readPlugin(root, { claudeCode: { name: "deployer", entry } });
    expect(report).toMatchObject({ name: "deployer", description: "Deploys things.", version: "2.0.0", loads: true });
    expect(report.skills.map((s) => s.name)).toEqual(["deploy"]);
  });

  it("stays an Agent Plugin missing its manifest when nothing says it is a Claude Code plugin", async () => {
    const report = await readPlugin(await plugin({ "skills/greet/SKILL.md": skillMd("greet") }));
    expect(report.format).toBe("agent-plugins");
    expect(codes(report)).toEqual(["plugin.manifest.missing"]);
    expect(report.loads).toBe(false);
  });
});

describe("a folder with both manifests", () => {
  it("is read as an Agent Plugin (as before); Claude Code's manifest is checked too and gives the description when plugin.json has none", async () => {
    const root = await plugin({
      "plugin.json": JSON.stringify({
        $schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json",
        name: "my-tools",
      }),
      ".claude-plugin/plugin.json": manifest({ description: "From Claude Code.", commands: "cmds/" }),
    });
    const report = await readPlugin(root);
    expect(report).toMatchObject({
      format: "agent-plugins",
      description: "From Claude Code.",
      loads: true,
      valid: false,
    });
    expect(codes(report)).toEqual(["claude-plugin.path.invalid"]);
  });
});
