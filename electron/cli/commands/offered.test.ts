// `skillshelf offered` and `levels mcp:URL --skill NAME` in process, against the real MCP skills server on loopback:
// servers from --server, the settings and a client's config are asked; a local server in a config starts only with
// --stdio (the consent rule of the skill-meta check); a preview installs nothing.
import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { OfferedSkillsResult } from "../../../shared/offered-skills";
import type { SkillLevels } from "../../../shared/levels";
import { startMcpSkillsServer } from "../../../test-support/servers/mcp-skills-server";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { STDIO_SERVER_SCRIPT } from "../../handlers/testing/stdio-home";
import { runCli } from "../run";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const SKILL = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill.\n---\n\nBody.\n`;

async function setup() {
  const tmp = await makeTempDir("skillshelf-offered-");
  closers.push(tmp.cleanup);
  const home = path.join(tmp.dir, "home");
  await writeTree(home, { ".keep": "" });
  const configured = await startMcpSkillsServer({ skills: { notes: { "SKILL.md": SKILL("notes") } } });
  const added = await startMcpSkillsServer({
    skills: { "pdf-tools": { "SKILL.md": SKILL("pdf-tools"), "references/forms.md": "# Forms\n" } },
  });
  closers.push(configured.close, added.close);
  await writeFile(
    path.join(home, ".claude.json"),
    JSON.stringify({
      mcpServers: {
        "notes-server": { type: "http", url: configured.url },
        "local-meta": { command: process.execPath, args: [STDIO_SERVER_SCRIPT, "alpha", "2.0.0"] },
      },
    }),
  );
  const env = {
    SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"),
    SKILLSHELF_CONFIG_DIR: path.join(tmp.dir, "config"),
    SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
    CLAUDE_CONFIG_DIR: "",
  };
  const run = async (args: string[]) => {
    let stdout = "";
    let stderr = "";
    const where = args[0] === "offered" ? ["--home", home, "--platform", "linux"] : [];
    const code = await runCli([...args, ...where], {
      stdout: (t) => (stdout += t),
      stderr: (t) => (stderr += t),
      cwd: tmp.dir,
      env,
    });
    return { code, stdout, stderr };
  };
  return { run, configured, added, tmp };
}

describe("skillshelf offered", () => {
  it("lists what each configured and added server offers; a local server starts only with --stdio", async () => {
    const { run, configured, added } = await setup();
    const plain = await run(["offered", "--server", added.url, "--json"]);
    expect(plain.code, plain.stderr).toBe(0);
    const result = JSON.parse(plain.stdout) as OfferedSkillsResult;
    expect(result.servers.map((s) => [s.address, s.state, s.skills.map((k) => k.name)])).toEqual([
      [added.url, "offers", ["pdf-tools"]],
      [configured.url, "offers", ["notes"]],
    ]);
    expect(result.servers[1]).toMatchObject({ name: "notes-server", addSource: `mcp:${configured.url}` });
    expect(result.notApproved.map((s) => s.name)).toEqual(["local-meta"]);

    const withStdio = JSON.parse((await run(["offered", "--stdio", "--json"])).stdout) as OfferedSkillsResult;
    expect(withStdio.notApproved).toEqual([]);
    expect(withStdio.servers.find((s) => s.name === "local-meta")).toMatchObject({ state: "none" });
    expect(added.stats.reads + configured.stats.reads).toBe(0);
  });

  it("prints readable lines with the way to preview and add", async () => {
    const { run, added } = await setup();
    const text = await run(["offered", "--server", added.url]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("offers 1 skill\n    pdf-tools  skill://pdf-tools/SKILL.md  2 files");
    expect(text.stdout).toContain(`add:     skillshelf add mcp:${added.url} --skill NAME`);
    expect(text.stdout).toContain("Not started (local server not approved");
    expect(text.stdout).toMatch(/2 servers asked, 2 offer skills\.\n$/);
  });
});

describe("skillshelf levels mcp:URL --skill NAME", () => {
  it("shows a server's skill at levels 1-3 without installing it", async () => {
    const { run, added, tmp } = await setup();
    const levels = await run(["levels", `mcp:${added.url}`, "--skill", "pdf-tools", "--json"]);
    expect(levels.code, levels.stderr).toBe(0);
    const parsed = JSON.parse(levels.stdout) as SkillLevels;
    expect(parsed.level1.name).toBe("pdf-tools");
    expect(parsed.level3.entries.map((e) => e.path)).toContain("references/forms.md");
    expect(added.stats.reads).toBe(2);
    expect(await readdir(path.join(tmp.dir, "home"))).toEqual([".claude.json", ".keep"]);
  });

  it("says why when the skill is not there, and needs --skill", async () => {
    const { run, added } = await setup();
    const missing = await run(["levels", `mcp:${added.url}`, "--skill", "nope"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('lists no skill named "nope"');
    expect((await run(["levels", `mcp:${added.url}`])).code).toBe(2);
  });
});
