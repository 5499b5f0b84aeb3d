// Links, loops, FIFOs and hostile files, built in temp folders: containment at the narrowest boundary, no crash, no hang.
import { execFileSync } from "node:child_process";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { readPlugin } from "./read-plugin";

const PLUGIN_SCHEMA = "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json";
const MCP_SCHEMA = "https://agent-plugins.org/schemas/1.0.0/mcp.schema.json";
const manifestText = JSON.stringify({ $schema: PLUGIN_SCHEMA, name: "linked" });
const skillText = (name: string): string =>
  `---\nname: ${name}\ndescription: A skill named ${name} for link tests.\n---\n\nDo the ${name} thing.\n`;
const mcpText = (servers: Record<string, unknown>): string =>
  JSON.stringify({ $schema: MCP_SCHEMA, mcpServers: servers }, null, 2);

let tmp: { dir: string; cleanup: () => Promise<void> };
let root: string;
let outside: string;

beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-plugin-");
  root = path.join(tmp.dir, "plugin");
  outside = path.join(tmp.dir, "outside");
  await writeTree(outside, {
    "plugin.json": manifestText,
    "mcp.json": mcpText({}),
    "evil/SKILL.md": skillText("evil"),
    "SKILL.md": skillText("stolen"),
    "bin/server": "#!/bin/sh\n",
    "data/.keep": "",
  });
  await writeTree(root, { "plugin.json": manifestText, "skills/ok/SKILL.md": skillText("ok") });
});

afterEach(async () => {
  await tmp.cleanup();
});

const codesOf = async () => {
  const report = await readPlugin(root);
  return { report, codes: report.diagnostics.map((d) => d.code) };
};

function haveMkfifo(): boolean {
  try {
    execFileSync("mkfifo", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
const fifoReason = "mkfifo is not available on this machine, so FIFO cases cannot be built";
const itFifo = haveMkfifo() ? it : (name: string) => it(name, (ctx) => skipBecause(ctx, fifoReason));
const mkfifo = (p: string): void => {
  execFileSync("mkfifo", [p]);
};

describe("plugin.containment at the narrowest boundary", () => {
  it("plugin.json linked outside the root: the plugin is rejected", async () => {
    await writeTree(root, {});
    await rmFile(path.join(root, "plugin.json"));
    await symlink(path.join(outside, "plugin.json"), path.join(root, "plugin.json"));
    const { report, codes } = await codesOf();
    expect(codes).toContain("plugin.containment");
    expect(report.loads).toBe(false);
    expect(report.skills).toEqual([]);
  });

  it("plugin.json linked inside the root is fine", async () => {
    await writeTree(root, { "meta/manifest.json": manifestText });
    await rmFile(path.join(root, "plugin.json"));
    await symlink(path.join("meta", "manifest.json"), path.join(root, "plugin.json"));
    const { report, codes } = await codesOf();
    expect(codes).not.toContain("plugin.containment");
    expect(report.loads).toBe(true);
    expect(report.valid).toBe(true);
  });

  it("skills/ linked outside: skills are disabled, MCP still loads", async () => {
    await movedAside(path.join(root, "skills"));
    await symlink(outside, path.join(root, "skills"));
    await writeFile(
      path.join(root, "mcp.json"),
      mcpText({ web: { type: "streamable-http", url: "https://example.com/mcp" } }),
    );
    const { report, codes } = await codesOf();
    expect(codes).toContain("plugin.containment");
    expect(report.loads).toBe(true);
    expect(report.skills).toEqual([]);
    expect(report.mcpServers.map((s) => s.valid)).toEqual([true]);
  });

  it("skills/ linked to a folder inside the root is fine", async () => {
    await movedAside(path.join(root, "skills"));
    await writeTree(root, { "src/skills/inner/SKILL.md": skillText("inner") });
    await symlink(path.join("src", "skills"), path.join(root, "skills"));
    const { report, codes } = await codesOf();
    expect(codes).toEqual([]);
    expect(report.skills.map((s) => s.name)).toEqual(["inner"]);
  });

  it("a skill folder linked outside is skipped; the other skills load", async () => {
    await symlink(path.join(outside, "evil"), path.join(root, "skills", "evil"));
    const { report, codes } = await codesOf();
    expect(codes).toEqual(["plugin.containment"]);
    expect(report.diagnostics[0]?.file).toBe(path.join(root, "skills", "evil"));
    expect(report.skills.map((s) => s.name)).toEqual(["ok"]);
    expect(report.loads).toBe(true);
    expect(report.valid).toBe(false);
  });

  it("a SKILL.md linked outside skips that skill; one linked inside is read", async () => {
    await mkdir(path.join(root, "skills", "stolen"));
    await symlink(path.join(outside, "SKILL.md"), path.join(root, "skills", "stolen", "SKILL.md"));
    await writeTree(root, { "skills/inside/docs/skill-source.md": skillText("inside") });
    await symlink(path.join("docs", "skill-source.md"), path.join(root, "skills", "inside", "SKILL.md"));
    const { report, codes } = await codesOf();
    expect(codes).toEqual(["plugin.containment"]);
    expect(report.diagnostics[0]?.file).toBe(path.join(root, "skills", "stolen", "SKILL.md"));
    expect(report.skills.map((s) => s.name).sort()).toEqual(["inside", "ok"]);
  });

  it("mcp.json linked outside: MCP is disabled, skills still load", async () => {
    await symlink(path.join(outside, "mcp.json"), path.join(root, "mcp.json"));
    const { report, codes } = await codesOf();
    expect(codes).toEqual(["plugin.containment"]);
    expect(report.mcpServers).toEqual([]);
    expect(report.skills.map((s) => s.valid)).toEqual([true]);
  });

  it("an MCP command or cwd linked outside skips that server only; links inside are fine", async () => {
    await mkdir(path.join(root, "bin"));
    await symlink(path.join(outside, "bin", "server"), path.join(root, "bin", "escape"));
    await writeTree(root, { "real/server": "#!/bin/sh\n", "real/data/.keep": "" });
    await symlink(path.join("..", "real", "server"), path.join(root, "bin", "inside"));
    await symlink(path.join(outside, "data"), path.join(root, "data-out"));
    await symlink(path.join("real", "data"), path.join(root, "data-in"));
    await writeFile(
      path.join(root, "mcp.json"),
      mcpText({
        "cmd-out": { type: "stdio", command: "./bin/escape" },
        "cmd-in": { type: "stdio", command: "./bin/inside" },
        "cwd-out": { type: "stdio", command: "node", cwd: "./data-out" },
        "cwd-root-out": { type: "stdio", command: "node", cwd: "${PLUGIN_ROOT}/data-out" },
        "cwd-in": { type: "stdio", command: "node", cwd: "${PLUGIN_ROOT}/data-in" },
      }),
    );
    const { report } = await codesOf();
    expect(Object.fromEntries(report.mcpServers.map((s) => [s.name, s.valid]))).toEqual({
      "cmd-out": false,
      "cmd-in": true,
      "cwd-out": false,
      "cwd-root-out": false,
      "cwd-in": true,
    });
    expect(report.diagnostics.map((d) => d.code)).toEqual([
      "plugin.containment",
      "plugin.containment",
      "plugin.containment",
    ]);
    expect(report.skills.map((s) => s.valid)).toEqual([true]);
  });

  it("a plugin root reached through a link is resolved first; its own inside links stay fine", async () => {
    const alias = path.join(tmp.dir, "alias");
    await symlink(root, alias);
    await writeTree(root, { "src/skills/inner/SKILL.md": skillText("inner") });
    await symlink(path.join("..", "src", "skills", "inner"), path.join(root, "skills", "inner"));
    const report = await readPlugin(alias);
    expect(report.root).toBe(alias);
    expect(report.diagnostics).toEqual([]);
    expect(report.skills.map((s) => s.name).sort()).toEqual(["inner", "ok"]);
  });
});

describe("hostile input never crashes or hangs", () => {
  it("a plugin.json link loop is reported", async () => {
    await rmFile(path.join(root, "plugin.json"));
    await symlink("plugin.json", path.join(root, "plugin.json"));
    const { report, codes } = await codesOf();
    expect(codes).toEqual(["plugin.manifest.json"]);
    expect(report.loads).toBe(false);
  });

  it("a skills/ link loop and a SKILL.md link loop are reported, not followed", async () => {
    await mkdir(path.join(root, "skills", "looping"));
    await symlink("SKILL.md", path.join(root, "skills", "looping", "SKILL.md"));
    await symlink("..", path.join(root, "skills", "up"));
    const { report, codes } = await codesOf();
    expect(codes).toEqual(["plugin.skills.entry-not-file"]);
    expect(report.skills.map((s) => s.name)).toEqual(["ok"]);
    expect(report.valid).toBe(true);
  });

  itFifo("a FIFO named plugin.json is refused without blocking", async () => {
    await rmFile(path.join(root, "plugin.json"));
    mkfifo(path.join(root, "plugin.json"));
    const { report, codes } = await codesOf();
    expect(codes).toEqual(["plugin.manifest.json"]);
    expect(report.loads).toBe(false);
  });

  itFifo("FIFOs named mcp.json, skills and SKILL.md are refused without blocking", async () => {
    mkfifo(path.join(root, "mcp.json"));
    await mkdir(path.join(root, "skills", "piped"));
    mkfifo(path.join(root, "skills", "piped", "SKILL.md"));
    const { report, codes } = await codesOf();
    expect(codes.sort()).toEqual(["plugin.mcp.json", "plugin.skills.entry-not-file"]);
    expect(report.skills.map((s) => s.name)).toEqual(["ok"]);
    await movedAside(path.join(root, "skills"));
    mkfifo(path.join(root, "skills"));
    expect((await codesOf()).codes.sort()).toEqual(["plugin.mcp.json", "plugin.skills.not-dir"]);
  });

  it("a folder named SKILL.md is not a skill, and says so", async () => {
    await mkdir(path.join(root, "skills", "odd", "SKILL.md"), { recursive: true });
    const { report, codes } = await codesOf();
    expect(codes).toEqual(["plugin.skills.entry-not-file"]);
    expect(report.diagnostics[0]?.message).toContain("a folder");
    expect(report.skills.map((s) => s.name)).toEqual(["ok"]);
  });

  it("a binary plugin.json is reported as not JSON", async () => {
    await writeFile(path.join(root, "plugin.json"), Buffer.from([0x7b, 0x00, 0xff, 0xfe, 0x22, 0x01, 0x02, 0x7d]));
    const { report, codes } = await codesOf();
    expect(codes).toEqual(["plugin.manifest.json"]);
    expect(report.loads).toBe(false);
  });

  it("a NUL-laden but UTF-8 plugin.json is reported as not JSON", async () => {
    await writeFile(path.join(root, "plugin.json"), `{"name":"a\u0000"}`);
    expect((await codesOf()).codes).toEqual(["plugin.manifest.json"]);
  });

  it("a plugin.json with a BOM is read", async () => {
    await writeFile(path.join(root, "plugin.json"), `\uFEFF${manifestText}`);
    expect((await codesOf()).report.loads).toBe(true);
  });

  it("a huge plugin.json is refused at the size cap", async () => {
    await writeFile(
      path.join(root, "plugin.json"),
      `{"$schema":"${PLUGIN_SCHEMA}","name":"big","description":"${"x".repeat(6 * 1024 * 1024)}"}`,
    );
    const { report } = await codesOf();
    expect(report.diagnostics.map((d) => d.code)).toEqual(["plugin.manifest.json"]);
    expect(report.diagnostics[0]?.message).toMatch(/limit/);
  });

  it("deeply nested JSON is refused before parsing, even inside extensions", async () => {
    const depth = 20_000;
    await writeFile(
      path.join(root, "plugin.json"),
      `{"$schema":"${PLUGIN_SCHEMA}","name":"deep","extensions":{"com.example.deep":{"x":${"[".repeat(depth)}${"]".repeat(depth)}}}}`,
    );
    const { report, codes } = await codesOf();
    expect(codes).toEqual(["plugin.manifest.json"]);
    expect(report.diagnostics[0]?.message).toContain("levels deep");
    expect(report.loads).toBe(false);
  });

  it("deeply nested mcp.json is refused before parsing; only its MCP servers are disabled", async () => {
    const depth = 20_000;
    await writeFile(
      path.join(root, "mcp.json"),
      `{"$schema":"${MCP_SCHEMA}","mcpServers":{"x":{"type":"stdio","command":"node","args":${"[".repeat(depth)}${"]".repeat(depth)}}}}`,
    );
    const { report, codes } = await codesOf();
    expect(codes).toEqual(["plugin.mcp.json"]);
    expect(report.mcpServers).toEqual([]);
    expect(report.loads).toBe(true);
  });

  it("a plugin root that is missing or is a file is reported", async () => {
    for (const target of [path.join(tmp.dir, "nowhere"), path.join(root, "plugin.json")]) {
      const report = await readPlugin(target);
      expect(report.diagnostics.map((d) => d.code)).toEqual(["plugin.manifest.missing"]);
      expect(report.loads).toBe(false);
    }
  });

  it("a plugin root that is a link loop is reported", async () => {
    const loop = path.join(tmp.dir, "loop");
    await symlink(loop, loop);
    expect((await readPlugin(loop)).diagnostics.map((d) => d.code)).toEqual(["plugin.manifest.missing"]);
  });
});

async function rmFile(file: string): Promise<void> {
  const { rm } = await import("node:fs/promises");
  await rm(file, { force: true });
}

async function movedAside(dir: string): Promise<void> {
  const { rename } = await import("node:fs/promises");
  await rename(dir, `${dir}-moved-${Date.now()}`);
}
