// stageMcpSkills against a real MCP server on loopback that serves skills as the extension's Final text says, and its
// hostile variants: no extension or resources capability, files outside the skill's folder or with `..`, a digest,
// size or frontmatter that does not match, "dynamic" skills, two skills of one name, a huge and a never-answered read.
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startMcpSkillsServer, type RunningMcpSkillsServer } from "../../../test-support/servers/mcp-skills-server";
import { makeTempDir } from "../../../test-support/tmp";
import { EngineError } from "../errors";
import { stageMcpSkills } from "./client";

const SKILL = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill, from a server.\n---\n\nBody.\n`;
const SKILLS = {
  "pdf-tools": { "SKILL.md": SKILL("pdf-tools"), "references/forms.md": "# Forms\n" },
  notes: { "SKILL.md": SKILL("notes") },
};

let tmp: { dir: string; cleanup: () => Promise<void> };
let server: RunningMcpSkillsServer | null = null;
beforeEach(async () => {
  tmp = await makeTempDir("mcp-skills-");
});
afterEach(async () => {
  await server?.close();
  server = null;
  await tmp.cleanup();
});

async function failure(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe("stageMcpSkills", () => {
  it("fetches one skill's files through skills/get and skill:// resources", async () => {
    server = await startMcpSkillsServer({ skills: SKILLS });
    const staged = await stageMcpSkills(server.url, tmp.dir, { skill: "pdf-tools" });
    expect(staged.map((s) => [s.name, s.uri, s.resources.length])).toEqual([
      ["pdf-tools", "skill://pdf-tools/SKILL.md", 2],
    ]);
    expect(staged[0]!.resources[0]!.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(await readFile(path.join(tmp.dir, "pdf-tools", "SKILL.md"), "utf8")).toBe(SKILL("pdf-tools"));
    expect(await readFile(path.join(tmp.dir, "pdf-tools", "references", "forms.md"), "utf8")).toBe("# Forms\n");
    expect(await readdir(tmp.dir)).toEqual(["pdf-tools"]);
  });

  it("fetches every listed skill when none is named", async () => {
    server = await startMcpSkillsServer({ skills: SKILLS });
    expect((await stageMcpSkills(server.url, tmp.dir)).map((s) => s.name)).toEqual(["pdf-tools", "notes"]);
    expect((await readdir(tmp.dir)).sort()).toEqual(["notes", "pdf-tools"]);
    expect(server.stats.lists).toBe(2);
  });

  it("names the skills offered when the one asked for is not there", async () => {
    server = await startMcpSkillsServer({ skills: SKILLS });
    const error = await failure(stageMcpSkills(server.url, tmp.dir, { skill: "nope" }));
    expect(error.code).toBe("install.skill.not-found");
    expect(error.message).toContain("it lists pdf-tools, notes");
  });

  it("refuses a server that does not declare the extension", async () => {
    server = await startMcpSkillsServer({ skills: SKILLS, behaviour: "no-extension" });
    const error = await failure(stageMcpSkills(server.url, tmp.dir));
    expect(error.code).toBe("install.skill.not-found");
    expect(error.message).toMatch(/does not offer skills/);
  });

  it("refuses a server that declares the extension without the resources capability", async () => {
    server = await startMcpSkillsServer({ skills: SKILLS, behaviour: "no-resources" });
    const error = await failure(stageMcpSkills(server.url, tmp.dir));
    expect(error.message).toMatch(/not the resources capability/);
  });

  for (const [what, uri] of [
    ["outside the skill's folder", "skill://pdf-tools/references/forms.md"],
    ["with ..", "skill://notes/../x"],
    ["with an encoded ..", "skill://notes/%2e%2e/x"],
  ] as const)
    it(`refuses a resource ${what} before reading anything`, async () => {
      server = await startMcpSkillsServer({ skills: SKILLS, extraResources: [{ uri, content: "escape" }] });
      const error = await failure(stageMcpSkills(server.url, tmp.dir, { skill: "notes" }));
      expect(error.code).toBe("install.archive.unsafe-entry");
      expect(error.message).toContain("not inside the skill's folder");
      expect(server.stats.reads).toBe(0);
      expect(await readdir(tmp.dir)).toEqual([]);
    });

  it("disambiguates two skills of one name by their paths instead of dropping one", async () => {
    server = await startMcpSkillsServer({
      skills: {
        "acme/billing/refunds": { "SKILL.md": SKILL("refunds") },
        "acme/support/refunds": { "SKILL.md": SKILL("refunds").replace("Body.", "Support.") },
      },
    });
    const error = await failure(stageMcpSkills(server.url, tmp.dir, { skill: "refunds" }));
    expect(error.code).toBe("install.skill.ambiguous");
    expect(error.message).toContain("skill://acme/billing/refunds/SKILL.md, skill://acme/support/refunds/SKILL.md");
    const one = await stageMcpSkills(server.url, tmp.dir, { skill: "acme/support/refunds" });
    expect(one.map((s) => s.path)).toEqual(["acme/support/refunds"]);
    expect(await readFile(path.join(tmp.dir, "acme/support/refunds/SKILL.md"), "utf8")).toContain("Support.");
    const both = await stageMcpSkills(server.url, path.join(tmp.dir, "all"));
    expect(both.map((s) => s.path)).toEqual(["acme/billing/refunds", "acme/support/refunds"]);
  });

  it("loads a skill the listing leaves out, given its URI", async () => {
    server = await startMcpSkillsServer({ skills: SKILLS, unlisted: ["notes"] });
    expect((await failure(stageMcpSkills(server.url, tmp.dir, { skill: "notes" }))).code).toBe(
      "install.skill.not-found",
    );
    const staged = await stageMcpSkills(server.url, tmp.dir, { skill: "skill://notes/SKILL.md" });
    expect(staged.map((s) => s.name)).toEqual(["notes"]);
    const unknown = await failure(stageMcpSkills(server.url, tmp.dir, { skill: "skill://nope/SKILL.md" }));
    expect(unknown.code).toBe("install.skill.not-found");
  });

  it("refuses a skill whose URI does not end in its name", async () => {
    server = await startMcpSkillsServer({ skills: { "tools/pdf": { "SKILL.md": SKILL("notes") } } });
    const error = await failure(stageMcpSkills(server.url, tmp.dir));
    expect(error.code).toBe("install.skill.name-mismatch");
  });

  it("refuses a SKILL.md whose frontmatter is not the entry's", async () => {
    server = await startMcpSkillsServer({ skills: SKILLS, behaviour: "frontmatter-differs" });
    const error = await failure(stageMcpSkills(server.url, tmp.dir, { skill: "notes" }));
    expect(error.code).toBe("install.download.checksum");
    expect(error.message).toMatch(/frontmatter/);
  });

  it('declines a "dynamic" skill, which has no digests', async () => {
    server = await startMcpSkillsServer({ skills: SKILLS, behaviour: "dynamic" });
    const error = await failure(stageMcpSkills(server.url, tmp.dir, { skill: "notes" }));
    expect(error.code).toBe("install.skill.invalid");
    expect(server.stats.reads).toBe(0);
  });

  it("refuses allowed-tools from a server unless approved", async () => {
    const md = "---\nname: notes\ndescription: Notes.\nallowed-tools: Bash(rm:*)\n---\n";
    server = await startMcpSkillsServer({ skills: { notes: { "SKILL.md": md } } });
    const error = await failure(stageMcpSkills(server.url, tmp.dir, { skill: "notes" }));
    expect(error.message).toMatch(/allowed-tools/);
    expect(server.stats.reads).toBe(0);
    await stageMcpSkills(server.url, tmp.dir, { skill: "notes", approveToolGrants: true });
    expect(await readFile(path.join(tmp.dir, "notes/SKILL.md"), "utf8")).toBe(md);
  });

  it("accepts a skill of 512 files and 16 MiB, and refuses one past either limit before reading", async () => {
    const big: Record<string, string> = { "SKILL.md": SKILL("big") };
    for (let i = 1; i < 512; i++) big[`f/${i}.txt`] = "x";
    big["f/1.txt"] = "y".repeat(16 * 1024 * 1024 - Buffer.byteLength(SKILL("big")) - 510);
    server = await startMcpSkillsServer({ skills: { big }, pageSize: 10 });
    const staged = await stageMcpSkills(server.url, tmp.dir, { skill: "big" });
    expect(staged[0]!.resources).toHaveLength(512);
    await server.close();
    server = await startMcpSkillsServer({ skills: { big: { ...big, "f/512.txt": "x" } } });
    const error = await failure(stageMcpSkills(server.url, path.join(tmp.dir, "again"), { skill: "big" }));
    expect(error.code).toBe("install.download.too-large");
    expect(server.stats.reads).toBe(0);
  }, 60_000);

  it("refuses a file whose bytes do not match its digest", async () => {
    server = await startMcpSkillsServer({ skills: SKILLS, behaviour: "bad-digest" });
    const error = await failure(stageMcpSkills(server.url, tmp.dir, { skill: "notes" }));
    expect(error.code).toBe("install.download.checksum");
  });

  it("refuses a file whose size is not the one announced", async () => {
    server = await startMcpSkillsServer({ skills: SKILLS, behaviour: "wrong-size" });
    const error = await failure(stageMcpSkills(server.url, tmp.dir, { skill: "notes" }));
    expect(error.code).toBe("install.download.checksum");
  });

  it("stops reading a huge resource at the cap", async () => {
    server = await startMcpSkillsServer({ skills: SKILLS, behaviour: "huge" });
    const error = await failure(stageMcpSkills(server.url, tmp.dir, { skill: "notes" }));
    expect(error.code).toBe("install.download.too-large");
  });

  it("gives up on a resource that is never answered", async () => {
    server = await startMcpSkillsServer({ skills: SKILLS, behaviour: "endless" });
    const started = Date.now();
    const error = await failure(
      stageMcpSkills(server.url, tmp.dir, { skill: "notes", limits: { requestTimeoutMs: 300, totalTimeoutMs: 2000 } }),
    );
    expect(error.code).toBe("install.download.failed");
    expect(error.failure).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("refuses plain http to another machine", async () => {
    const error = await failure(stageMcpSkills("http://example.com/mcp", tmp.dir));
    expect(error.code).toBe("install.download.refused-url");
  });
});
