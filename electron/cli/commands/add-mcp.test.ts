// `skillshelf add mcp:URL --skill NAME` and `add https://SITE` against a real MCP server and a site on loopback:
// installs into a temp home like any source, a name that collides with an installed skill is a conflict question, two
// skills of one name are told apart by URI, and `allowed-tools` from a server needs --allow-tools.
import { lstat, readFile, realpath } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runBin } from "../../../test-support/cli";
import {
  specDigest,
  startMcpSkillsServer,
  type RunningMcpSkillsServer,
} from "../../../test-support/servers/mcp-skills-server";
import { readOrigins } from "../../engine/mcp-skills/origins";
import { digestOf, startSkillsSite } from "../../../test-support/servers/skills-site";
import { makeTempDir, writeTree } from "../../../test-support/tmp";

const SKILL = (name: string, description = `The ${name} skill, from a server.`) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\nBody.\n`;

let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;
let server: RunningMcpSkillsServer;
let served: Record<string, Record<string, string>>;
const env = () => ({
  SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
  SKILLSHELF_CONFIG_DIR: path.join(tmp.dir, "config"),
  GITHUB_TOKEN: "",
  XDG_STATE_HOME: "",
  CLAUDE_CONFIG_DIR: "",
});
const run = (...args: string[]) =>
  runBin([...args, "--home", home, "--platform", "linux"], { env: env(), cwd: tmp.dir });
const gone = async (p: string) => (await lstat(p).catch(() => null)) === null;

beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-add-mcp-");
  home = path.join(tmp.dir, "home");
  await writeTree(home, { ".keep": "" });
  served = {
    "pdf-tools": { "SKILL.md": SKILL("pdf-tools"), "references/forms.md": "# Forms\n" },
    notes: { "SKILL.md": SKILL("notes") },
  };
  server = await startMcpSkillsServer({ skills: served });
});
afterEach(async () => {
  await server.close();
  await tmp.cleanup();
});

describe("skillshelf add mcp:URL", () => {
  it("installs the one skill named, fetched through the protocol", async () => {
    const add = await run("add", `mcp:${server.url}`, "--skill", "pdf-tools", "--yes", "--json");
    expect(add.code, add.stderr).toBe(0);
    expect(JSON.parse(add.stdout)).toMatchObject({ applied: true, skills: [{ name: "pdf-tools" }] });
    expect(await readFile(path.join(home, ".agents/skills/pdf-tools/references/forms.md"), "utf8")).toBe("# Forms\n");
    expect(await readFile(path.join(home, ".claude/skills/pdf-tools/SKILL.md"), "utf8")).toBe(SKILL("pdf-tools"));
    expect(await gone(path.join(home, ".agents/skills/notes"))).toBe(true);
    expect(server.stats.gets).toBe(1);
  });

  it("records the server, the skill's URI and its digests in the data folder", async () => {
    const add = await run("add", `mcp:${server.url}`, "--skill", "pdf-tools", "--yes", "--json");
    expect(add.code, add.stderr).toBe(0);
    expect(JSON.parse(add.stdout)).toMatchObject({ skills: [{ origin: { recorded: true } }] });
    const record = await readOrigins(path.join(tmp.dir, "data"));
    const canonical = await realpath(path.join(home, ".agents/skills/pdf-tools"));
    const origin = record.get(canonical) ?? record.get(path.join(home, ".agents/skills/pdf-tools"));
    expect(origin).toMatchObject({ kind: "mcp", server: server.url, uri: "skill://pdf-tools/SKILL.md" });
    expect(origin?.kind === "mcp" && origin.resources.map((r) => r.digest)).toEqual([
      specDigest(SKILL("pdf-tools")),
      specDigest("# Forms\n"),
    ]);
  });

  it("outdated compares the server's current digests with the installed copy", async () => {
    expect((await run("add", `mcp:${server.url}`, "--skill", "pdf-tools", "--yes")).code).toBe(0);
    type Updates = {
      updates: Array<{
        name: string;
        state: string;
        source: string;
        changedFiles?: string[];
        plan?: { nextStep: string };
      }>;
    };
    const outdated = async () => {
      const out = await run("outdated", "--json");
      expect(out.code, out.stderr).toBe(0);
      return (JSON.parse(out.stdout) as Updates).updates.find((u) => u.name === "pdf-tools");
    };
    expect(await outdated()).toMatchObject({ state: "up-to-date", source: "mcp-skills" });
    served["pdf-tools"]!["references/forms.md"] = "# Forms, revised\n";
    const changed = await outdated();
    expect(changed).toMatchObject({ state: "outdated", source: "mcp-skills", changedFiles: ["references/forms.md"] });
    expect(changed?.plan?.nextStep).toContain("`skillshelf update pdf-tools`");
    await writeTree(path.join(home, ".agents/skills/pdf-tools"), { "SKILL.md": `${SKILL("pdf-tools")}Edited.\n` });
    expect(await outdated()).toMatchObject({ state: "changed-locally", changedFiles: ["SKILL.md"] });
  });

  it("asks before replacing an installed skill of the same name", async () => {
    await writeTree(path.join(home, ".agents/skills/notes"), { "SKILL.md": SKILL("notes", "My own notes.") });
    const add = await run("add", `mcp:${server.url}`, "--skill", "notes", "--yes", "--json");
    expect(add.code).toBe(1);
    expect((JSON.parse(add.stdout) as { error: { code: string } }).error.code).toBe("manage.conflict");
    expect(await readFile(path.join(home, ".agents/skills/notes/SKILL.md"), "utf8")).toContain("My own notes.");
  });

  it("tells two skills of one name apart by their URI", async () => {
    await server.close();
    server = await startMcpSkillsServer({
      skills: {
        "acme/billing/refunds": { "SKILL.md": SKILL("refunds", "Billing refunds.") },
        "acme/support/refunds": { "SKILL.md": SKILL("refunds", "Support refunds.") },
      },
    });
    const ambiguous = await run("add", `mcp:${server.url}`, "--skill", "refunds", "--yes", "--json");
    expect(ambiguous.code).toBe(1);
    expect((JSON.parse(ambiguous.stdout) as { error: { code: string } }).error.code).toBe("install.skill.ambiguous");
    const uri = "skill://acme/support/refunds/SKILL.md";
    const add = await run("add", `mcp:${server.url}`, "--skill", uri, "--yes", "--json");
    expect(add.code, add.stderr).toBe(0);
    expect(await readFile(path.join(home, ".agents/skills/refunds/SKILL.md"), "utf8")).toContain("Support refunds.");
  });

  it("installs a server's allowed-tools only with --allow-tools", async () => {
    await server.close();
    const md = "---\nname: shell\ndescription: Runs things.\nallowed-tools: Bash\n---\n";
    server = await startMcpSkillsServer({ skills: { shell: { "SKILL.md": md } } });
    const refused = await run("add", `mcp:${server.url}`, "--skill", "shell", "--yes");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/allowed-tools.*--allow-tools/);
    expect(await gone(path.join(home, ".agents/skills/shell"))).toBe(true);
    const add = await run("add", `mcp:${server.url}`, "--skill", "shell", "--allow-tools", "--yes");
    expect(add.code, add.stderr).toBe(0);
    expect(await readFile(path.join(home, ".agents/skills/shell/SKILL.md"), "utf8")).toBe(md);
  });

  it("refuses mcp: with plain http to another machine", async () => {
    const add = await run("add", "mcp:http://example.com/mcp", "--yes");
    expect(add.code).not.toBe(0);
    expect(add.stderr).toMatch(/Plain http is not safe/);
  });

  it("installs from a site's well-known index", async () => {
    const site = await startSkillsSite({
      files: { "/.well-known/agent-skills/docs/SKILL.md": SKILL("docs") },
      index: {
        at: "agent-skills",
        body: { skills: [{ name: "docs", type: "skill-md", url: "docs/SKILL.md", digest: digestOf(SKILL("docs")) }] },
      },
    });
    try {
      const add = await run("add", site.url, "--yes", "--json");
      expect(add.code, add.stderr).toBe(0);
      expect(await readFile(path.join(home, ".agents/skills/docs/SKILL.md"), "utf8")).toBe(SKILL("docs"));
      const record = [...(await readOrigins(path.join(tmp.dir, "data"))).values()];
      expect(record).toMatchObject([{ kind: "site", name: "docs", digest: digestOf(SKILL("docs")) }]);
    } finally {
      await site.close();
    }
  });
});
