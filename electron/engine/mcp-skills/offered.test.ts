// listOffered and previewOffered against the real MCP skills server on loopback: a server that offers skills, one that
// does not declare the extension, one that cannot be reached, and a hostile listing (an invalid entry, a long
// description, markup in a name) that is reported without stopping the rest; a preview leaves no folder behind.
import { readdir } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startMcpSkillsServer, type RunningMcpSkillsServer } from "../../../test-support/servers/mcp-skills-server";
import { makeTempDir } from "../../../test-support/tmp";
import { EngineError } from "../errors";
import { urlEndpoint } from "../updates/endpoints";
import { listOffered, previewOffered } from "./offered";

const SKILL = (name: string, description = `The ${name} skill, from a server.`) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\nRead [the forms](references/forms.md).\n`;
const SKILLS = {
  "pdf-tools": { "SKILL.md": SKILL("pdf-tools"), "references/forms.md": "# Forms\n" },
  notes: { "SKILL.md": SKILL("notes") },
};

let tmp: { dir: string; cleanup: () => Promise<void> };
const servers: RunningMcpSkillsServer[] = [];
beforeEach(async () => {
  tmp = await makeTempDir("mcp-offered-");
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  await tmp.cleanup();
});
const start = async (options: Parameters<typeof startMcpSkillsServer>[0]) => {
  const server = await startMcpSkillsServer(options);
  servers.push(server);
  return server;
};

describe("listOffered", () => {
  it("says per server whether it offers skills and which, without reading a file", async () => {
    const offers = await start({ skills: SKILLS });
    const none = await start({ skills: SKILLS, behaviour: "no-extension" });
    const closed = await start({ skills: SKILLS });
    await closed.close();
    const [a, b, c] = await listOffered([urlEndpoint(offers.url), urlEndpoint(none.url), urlEndpoint(closed.url)]);
    expect(a).toMatchObject({ state: "offers", addSource: `mcp:${offers.url}`, more: 0 });
    expect(a!.skills).toEqual([
      {
        name: "pdf-tools",
        description: "The pdf-tools skill, from a server.",
        uri: "skill://pdf-tools/SKILL.md",
        files: 2,
        bytes: Buffer.byteLength(SKILL("pdf-tools")) + Buffer.byteLength("# Forms\n"),
      },
      expect.objectContaining({ name: "notes", files: 1 }),
    ]);
    expect(offers.stats.reads).toBe(0);
    expect(b).toMatchObject({ state: "none", skills: [] });
    expect(none.stats.lists).toBe(0);
    expect(c).toMatchObject({ state: "failed", skills: [] });
    expect(c!.error).toMatch(/could not talk to the MCP server/);
  });

  it("reports a hostile entry as invalid and keeps the others, text capped", async () => {
    const server = await start({
      skills: {
        ...SKILLS,
        broken: { "SKILL.md": "---\nname: broken\n---\nNo description.\n" },
        long: { "SKILL.md": SKILL("long", "d".repeat(5000)) },
      },
    });
    const [result] = await listOffered([urlEndpoint(server.url)]);
    expect(result!.state).toBe("offers");
    expect(result!.skills.map((s) => s.name)).toEqual(["pdf-tools", "notes", "broken", "long"]);
    expect(result!.skills[2]).toMatchObject({ invalid: expect.stringMatching(/lacks a name or description/) });
    expect(result!.skills[3]!.description.length).toBe(1024);
  });

  it("refuses plain http to another machine without connecting", async () => {
    const [result] = await listOffered([urlEndpoint("http://example.invalid/mcp")]);
    expect(result).toMatchObject({ state: "failed", error: expect.stringMatching(/Plain http is not safe/) });
  });
});

describe("previewOffered", () => {
  it("gives levels 1-3 and checks of one skill and deletes its temporary folder", async () => {
    const server = await start({ skills: SKILLS });
    const preview = await previewOffered(urlEndpoint(server.url), "pdf-tools", { tempDir: tmp.dir });
    expect(preview.uri).toBe("skill://pdf-tools/SKILL.md");
    expect(preview.levels.dir).toBe("skill://pdf-tools");
    expect(preview.levels.level1.text).toContain("<name>pdf-tools</name>");
    expect(preview.levels.level2.text).toContain("Read [the forms]");
    expect(preview.levels.level3.entries.find((e) => e.path === "references/forms.md")).toMatchObject({
      referenced: true,
    });
    expect(preview.levels.diagnostics.every((d) => !d.file.includes(tmp.dir))).toBe(true);
    expect(await readdir(tmp.dir)).toEqual([]);
  });

  it("shows a skill's checks: a missing reference is a diagnostic on the skill's URI", async () => {
    const server = await start({ skills: { notes: { "SKILL.md": SKILL("notes") } } });
    const preview = await previewOffered(urlEndpoint(server.url), "notes", { tempDir: tmp.dir });
    expect(preview.levels.diagnostics).toContainEqual(
      expect.objectContaining({ code: "skill.ref.missing", file: "skill://notes/SKILL.md" }),
    );
  });

  it("refuses files that do not match their digests, and leaves nothing behind", async () => {
    const server = await start({ skills: SKILLS, behaviour: "bad-digest" });
    const error = await previewOffered(urlEndpoint(server.url), "pdf-tools", { tempDir: tmp.dir }).catch((e) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe("install.download.checksum");
    expect(await readdir(tmp.dir)).toEqual([]);
  });
});
