// stageMcpSkills against a real MCP server on loopback that offers the Skills extension, and its hostile variants:
// no extension, a path that escapes, a digest or size that does not match, a huge resource and one never answered.
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
    const names = await stageMcpSkills(server.url, tmp.dir, { skill: "pdf-tools" });
    expect(names).toEqual(["pdf-tools"]);
    expect(await readFile(path.join(tmp.dir, "pdf-tools", "SKILL.md"), "utf8")).toBe(SKILL("pdf-tools"));
    expect(await readFile(path.join(tmp.dir, "pdf-tools", "references", "forms.md"), "utf8")).toBe("# Forms\n");
    expect(await readdir(tmp.dir)).toEqual(["pdf-tools"]);
  });

  it("fetches every listed skill when none is named", async () => {
    server = await startMcpSkillsServer({ skills: SKILLS });
    expect(await stageMcpSkills(server.url, tmp.dir)).toEqual(["pdf-tools", "notes"]);
    expect((await readdir(tmp.dir)).sort()).toEqual(["notes", "pdf-tools"]);
  });

  it("names the skills offered when the one asked for is not there", async () => {
    server = await startMcpSkillsServer({ skills: SKILLS });
    const error = await failure(stageMcpSkills(server.url, tmp.dir, { skill: "nope" }));
    expect(error.code).toBe("install.skill.not-found");
    expect(error.message).toContain("pdf-tools, notes");
  });

  it("refuses a server that does not declare the extension", async () => {
    server = await startMcpSkillsServer({ skills: SKILLS, behaviour: "no-extension" });
    const error = await failure(stageMcpSkills(server.url, tmp.dir));
    expect(error.code).toBe("install.skill.not-found");
    expect(error.message).toMatch(/does not offer skills/);
  });

  it("refuses a file path that climbs out with .. before reading it", async () => {
    server = await startMcpSkillsServer({ skills: SKILLS, extraFiles: [{ path: "../x", content: "escape" }] });
    const error = await failure(stageMcpSkills(server.url, tmp.dir, { skill: "notes" }));
    expect(error.code).toBe("install.archive.unsafe-entry");
    expect(error.message).toContain("..");
    expect(await readdir(path.dirname(tmp.dir))).not.toContain("x");
  });

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
