// Claude Code's installed plugins in a scan: they load when Claude Code would load them, with version and repository.
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import type { Plugin } from "../../../shared/model";
import { pluginSources } from "../updates/plugin-source";
import { scan } from "./scan";

/** Where Skillshelf looks for a plugin's updates. */
const pluginSource = async (plugin: Plugin) => (await pluginSources([plugin])).get(plugin.id);

const skillMd = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill.\n---\n# ${name}\n`;
let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

describe("installed Claude Code plugins", () => {
  it("load with and without a manifest, named, versioned and with the repository the update checks use", async () => {
    const t = await makeTempDir();
    cleanup = t.cleanup;
    const home = t.dir;
    const cache = path.join(home, ".claude", "plugins", "cache", "team");
    const withManifest = path.join(cache, "deployer", "1.4.0");
    const bare = path.join(cache, "bare-kit", "0.3.0");
    await writeTree(home, {
      [path.relative(home, path.join(withManifest, ".claude-plugin", "plugin.json"))]: JSON.stringify({
        name: "deployer",
        version: "1.4.0",
        description: "Deploys.",
        repository: "https://github.com/team/deployer",
      }),
      [path.relative(home, path.join(withManifest, "skills", "ship", "SKILL.md"))]: skillMd("ship"),
      [path.relative(home, path.join(bare, "skills", "tidy", "SKILL.md"))]: skillMd("tidy"),
      ".claude/plugins/installed_plugins.json": JSON.stringify({
        version: 2,
        plugins: {
          "deployer@team": [{ scope: "user", installPath: withManifest, version: "1.4.0" }],
          "bare-kit@team": [{ scope: "user", installPath: bare, version: "0.3.0" }],
        },
      }),
    });
    const result = await scan({ home, platform: "linux", env: {} });
    const shown = result.plugins.map((p) => ({
      name: p.name,
      format: p.format,
      loads: p.loads,
      valid: p.valid,
      version: p.version,
      repository: p.repository,
      description: p.description,
      skills: p.skills.map((s) => s.name),
    }));
    expect(shown).toEqual([
      {
        name: "deployer",
        format: "claude-code",
        loads: true,
        valid: true,
        version: "1.4.0",
        repository: "https://github.com/team/deployer",
        description: "Deploys.",
        skills: ["ship"],
      },
      {
        name: "bare-kit",
        format: "claude-code",
        loads: true,
        valid: true,
        version: "0.3.0",
        repository: null,
        description: null,
        skills: ["tidy"],
      },
    ]);
    expect(result.plugins.flatMap((p) => p.diagnostics.map((d) => d.code))).toEqual([
      "plugin.manifest.claude-format",
      "plugin.manifest.claude-format",
    ]);
    expect(await pluginSource(result.plugins[0]!)).toEqual({
      repository: "https://github.com/team/deployer",
      version: "1.4.0",
    });
  });

  it("take the repository and a strict: false definition from the marketplace they were installed from", async () => {
    const t = await makeTempDir();
    cleanup = t.cleanup;
    const home = t.dir;
    const plugins = path.join(home, ".claude", "plugins");
    const marketRoot = path.join(plugins, "marketplaces", "team");
    const inline = path.join(plugins, "cache", "team", "inline-kit", "1.0.0");
    const listed = path.join(plugins, "cache", "team", "listed-kit", "2.0.0");
    const rel = (p: string) => path.relative(home, p);
    await writeTree(home, {
      [rel(path.join(marketRoot, ".claude-plugin", "marketplace.json"))]: JSON.stringify({
        name: "team",
        owner: { name: "Team" },
        plugins: [
          {
            name: "inline-kit",
            source: { source: "github", repo: "team/inline-kit" },
            strict: false,
            description: "Inline.",
            skills: ["./extra/"],
          },
          { name: "listed-kit", source: "./plugins/listed-kit" },
        ],
      }),
      [rel(path.join(plugins, "known_marketplaces.json"))]: JSON.stringify({
        team: { source: { source: "github", repo: "team/marketplace" }, installLocation: marketRoot },
      }),
      [rel(path.join(inline, "extra", "lint", "SKILL.md"))]: skillMd("lint"),
      [rel(path.join(listed, "skills", "fmt", "SKILL.md"))]: skillMd("fmt"),
      ".claude/plugins/installed_plugins.json": JSON.stringify({
        version: 2,
        plugins: {
          "inline-kit@team": [{ scope: "user", installPath: inline, version: "1.0.0" }],
          "listed-kit@team": [{ scope: "user", installPath: listed, version: "2.0.0" }],
        },
      }),
    });
    const result = await scan({ home, platform: "linux", env: {} });
    expect(
      result.plugins.map((p) => [p.name, p.loads, p.repository, p.description, p.skills.map((s) => s.name)]),
    ).toEqual([
      ["inline-kit", true, "https://github.com/team/inline-kit", "Inline.", ["lint"]],
      ["listed-kit", true, "https://github.com/team/marketplace", null, ["fmt"]],
    ]);
  });
});
