// stageSiteSkills against a site on loopback: the agent-skills index (one SKILL.md, digest checked), the older skills
// index (a list of files), no index at all, and hostile sites (a path that escapes, a wrong digest, an endless file).
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { digestOf, startSkillsSite, type RunningSkillsSite } from "../../../test-support/servers/skills-site";
import { makeTempDir } from "../../../test-support/tmp";
import { EngineError } from "../errors";
import { stageSiteSkills } from "./well-known";

const SKILL = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill, from a site.\n---\n\nBody.\n`;

let tmp: { dir: string; cleanup: () => Promise<void> };
let site: RunningSkillsSite | null = null;
beforeEach(async () => {
  tmp = await makeTempDir("skills-site-");
});
afterEach(async () => {
  await site?.close();
  site = null;
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

const agentIndex = (digest: string) => ({
  skills: [
    { name: "docs", type: "skill-md", description: "Docs.", url: "/.well-known/agent-skills/docs/SKILL.md", digest },
  ],
});

describe("stageSiteSkills", () => {
  it("reads the agent-skills index and checks the SKILL.md's digest", async () => {
    site = await startSkillsSite({
      files: { "/.well-known/agent-skills/docs/SKILL.md": SKILL("docs") },
      index: { at: "agent-skills", body: agentIndex(digestOf(SKILL("docs"))) },
    });
    expect(await stageSiteSkills(site.url, tmp.dir)).toEqual(["docs"]);
    expect(await readFile(path.join(tmp.dir, "docs", "SKILL.md"), "utf8")).toBe(SKILL("docs"));
  });

  it("falls back to the older skills index and fetches every file it lists", async () => {
    site = await startSkillsSite({
      files: { "/.well-known/skills/guide/SKILL.md": SKILL("guide"), "/.well-known/skills/guide/ref/a.md": "A\n" },
      index: {
        at: "skills",
        body: { skills: [{ name: "guide", description: "G.", files: ["SKILL.md", "ref/a.md"] }] },
      },
    });
    expect(await stageSiteSkills(`${site.url}/`, tmp.dir, { skill: "guide" })).toEqual(["guide"]);
    expect(await readFile(path.join(tmp.dir, "guide", "ref", "a.md"), "utf8")).toBe("A\n");
    expect(site.requests).toContain("/.well-known/agent-skills/index.json");
  });

  it("answers null when the site publishes no index (the address is then downloaded as before)", async () => {
    site = await startSkillsSite({ files: {} });
    expect(await stageSiteSkills(`${site.url}/docs`, tmp.dir)).toBeNull();
    expect(site.requests).toEqual([
      "/docs/.well-known/agent-skills/index.json",
      "/docs/.well-known/skills/index.json",
      "/.well-known/agent-skills/index.json",
      "/.well-known/skills/index.json",
    ]);
  });

  it("refuses an index that is not a list of skills", async () => {
    site = await startSkillsSite({ files: {}, index: { at: "agent-skills", body: { skills: "none" } } });
    expect((await failure(stageSiteSkills(site.url, tmp.dir))).message).toMatch(/cannot be used/);
  });

  it("refuses a file whose digest does not match", async () => {
    site = await startSkillsSite({
      files: { "/.well-known/agent-skills/docs/SKILL.md": SKILL("docs") },
      index: { at: "agent-skills", body: agentIndex(digestOf("something else")) },
    });
    expect((await failure(stageSiteSkills(site.url, tmp.dir))).code).toBe("install.download.checksum");
  });

  it("refuses a listed file that climbs out with ..", async () => {
    site = await startSkillsSite({
      files: { "/.well-known/skills/guide/SKILL.md": SKILL("guide") },
      index: { at: "skills", body: { skills: [{ name: "guide", files: ["SKILL.md", "../../x"] }] } },
    });
    expect((await failure(stageSiteSkills(site.url, tmp.dir))).code).toBe("install.archive.unsafe-entry");
    expect(await readdir(tmp.dir)).toEqual(["guide"]);
  });

  it("stops an endless file at the cap", async () => {
    site = await startSkillsSite({
      files: {},
      index: { at: "skills", body: { skills: [{ name: "guide", files: ["SKILL.md"] }] } },
      endless: ["/.well-known/skills/guide/SKILL.md"],
    });
    const error = await failure(stageSiteSkills(site.url, tmp.dir, { limits: { maxFileBytes: 256 * 1024 } }));
    expect(error.code).toBe("install.download.too-large");
  });
});
