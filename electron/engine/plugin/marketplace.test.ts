// .claude-plugin/marketplace.json checked as Claude Code's marketplace reference and `claude plugin validate` describe.
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { localPlugins, readMarketplace } from "./marketplace";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function marketplace(market: unknown, files: Record<string, string> = {}): Promise<string> {
  const t = await makeTempDir("skillshelf-market-");
  cleanups.push(t.cleanup);
  await writeTree(t.dir, {
    ".claude-plugin/marketplace.json": typeof market === "string" ? market : JSON.stringify(market, null, 2),
    ...files,
  });
  return t.dir;
}

const base = (plugins: unknown[], extra: Record<string, unknown> = {}) => ({
  name: "team-tools",
  owner: { name: "Team" },
  plugins,
  ...extra,
});
const codes = (report: { diagnostics: Array<{ code: string }> }) => report.diagnostics.map((d) => d.code);

describe("a marketplace file", () => {
  it("with relative, github and url sources is valid, and lists the folders it names", async () => {
    const root = await marketplace(
      base([
        {
          name: "formatter",
          source: "./plugins/formatter",
          description: "Formats.",
          version: "1.0.0",
          author: { name: "Ada" },
        },
        {
          name: "inline",
          source: "./plugins/inline",
          strict: false,
          skills: ["./skills/"],
          category: "tools",
          tags: ["a"],
        },
        { name: "remote", source: { source: "github", repo: "owner/remote", ref: "v1" } },
        { name: "gitlab", source: { source: "url", url: "https://gitlab.com/team/plugin.git" } },
      ]),
      {
        "plugins/formatter/.claude-plugin/plugin.json": '{"name":"formatter"}',
        "plugins/inline/skills/a/SKILL.md": "x",
      },
    );
    const report = await readMarketplace(root);
    expect(report.diagnostics).toEqual([]);
    expect(report).toMatchObject({ name: "team-tools", valid: true });
    expect(localPlugins(report)).toEqual([
      { dir: path.join(root, "plugins/formatter"), name: "formatter" },
      { dir: path.join(root, "plugins/inline"), name: "inline", entry: expect.objectContaining({ strict: false }) },
    ]);
  });

  it("joins bare source names to metadata.pluginRoot", async () => {
    const root = await marketplace(
      base([{ name: "formatter", source: "formatter" }], { metadata: { pluginRoot: "./plugins" } }),
      { "plugins/formatter/skills/a/SKILL.md": "x" },
    );
    const report = await readMarketplace(root);
    expect(report.diagnostics).toEqual([]);
    expect(localPlugins(report).map((p) => p.dir)).toEqual([path.join(root, "plugins/formatter")]);
  });

  it.each([
    ["not JSON", "{ name:", "marketplace.file.json"],
    ["an array", "[]", "marketplace.file.json"],
    ["no name", { owner: { name: "T" }, plugins: [] }, "marketplace.name.invalid"],
    ["no owner", { name: "x", plugins: [] }, "marketplace.owner.invalid"],
    ["an owner without name", { name: "x", owner: { email: "a@b.c" }, plugins: [] }, "marketplace.owner.invalid"],
    ["no plugins list", { name: "x", owner: { name: "T" } }, "marketplace.plugins.invalid"],
    ["an entry that is a string", base(["formatter"]), "marketplace.entry.invalid"],
    ["an entry without name", base([{ source: "./p" }]), "marketplace.entry.name"],
    [
      "two entries with one name",
      base([
        { name: "a", source: { source: "github", repo: "o/a" } },
        { name: "a", source: { source: "github", repo: "o/b" } },
      ]),
      "marketplace.entry.duplicate",
    ],
    ["an entry without source", base([{ name: "a" }]), "marketplace.entry.source"],
    ["a source with ..", base([{ name: "a", source: "./../elsewhere" }]), "marketplace.entry.source"],
    ["an absolute source", base([{ name: "a", source: "/opt/plugins/a" }]), "marketplace.entry.source"],
    ["a bare source without pluginRoot", base([{ name: "a", source: "plugins/a" }]), "marketplace.entry.source"],
    [
      "an unknown source type",
      base([{ name: "a", source: { source: "ftp", url: "ftp://x" } }]),
      "marketplace.entry.source",
    ],
    ["a github source without repo", base([{ name: "a", source: { source: "github" } }]), "marketplace.entry.source"],
    [
      "a short sha",
      base([{ name: "a", source: { source: "github", repo: "o/a", sha: "abc123" } }]),
      "marketplace.entry.source",
    ],
    [
      "a source folder that does not exist",
      base([{ name: "a", source: "./plugins/gone" }]),
      "marketplace.entry.source-missing",
    ],
    [
      "a version that is a number",
      base([{ name: "a", source: { source: "github", repo: "o/a" }, version: 2 }]),
      "marketplace.entry.type",
    ],
    [
      "strict as a string",
      base([{ name: "a", source: { source: "github", repo: "o/a" }, strict: "no" }]),
      "marketplace.entry.type",
    ],
    [
      "a component path without ./",
      base([{ name: "a", source: { source: "github", repo: "o/a" }, commands: ["cmds/x.md"] }]),
      "marketplace.entry.path",
    ],
  ])("with %s is reported as an error", async (_what, market, code) => {
    const report = await readMarketplace(await marketplace(market));
    expect(codes(report)).toContain(code);
    const found = report.diagnostics.find((d) => d.code === code)!;
    expect(found.severity).toBe("error");
    expect(found.fix).toBeTruthy();
    expect(found.file).toBe(path.join(report.root, ".claude-plugin", "marketplace.json"));
    expect(report.valid).toBe(false);
  });

  it("points at the entry's line", async () => {
    const report = await readMarketplace(
      await marketplace(
        base([
          { name: "ok", source: { source: "github", repo: "o/ok" } },
          { name: "bad", source: "./../x" },
        ]),
      ),
    );
    const found = report.diagnostics.find((d) => d.code === "marketplace.entry.source")!;
    expect(found.line).toBe(16);
  });

  it("warns about unknown fields, names that are not kebab-case, reserved names and an empty list", async () => {
    const report = await readMarketplace(
      await marketplace({ name: "claude-plugins-official", owner: { name: "T" }, plugins: [], extra: 1 }),
    );
    expect(codes(report).sort()).toEqual([
      "marketplace.name.reserved",
      "marketplace.plugins.empty",
      "marketplace.unknown-field",
    ]);
    const other = await readMarketplace(
      await marketplace(
        base([{ name: "My_Tool", source: { source: "npm", package: "@x/y" }, colour: "red" }], { name: "Team_Tools" }),
      ),
    );
    expect(codes(other).sort()).toEqual([
      "marketplace.entry.name-kebab-case",
      "marketplace.entry.unknown-field",
      "marketplace.name.kebab-case",
    ]);
    expect(other.valid).toBe(true);
  });

  it("reports conflicting manifests for a strict: false entry with components whose plugin lists components too", async () => {
    const root = await marketplace(
      base([{ name: "a", source: "./plugins/a", strict: false, commands: ["./commands/"] }]),
      {
        "plugins/a/.claude-plugin/plugin.json": JSON.stringify({ name: "a", commands: ["./more/"] }),
      },
    );
    expect(codes(await readMarketplace(root))).toEqual(["marketplace.entry.conflict"]);
  });

  it("says when a folder has no marketplace file", async () => {
    const t = await makeTempDir();
    cleanups.push(t.cleanup);
    expect(codes(await readMarketplace(t.dir))).toEqual(["marketplace.missing"]);
  });
});
