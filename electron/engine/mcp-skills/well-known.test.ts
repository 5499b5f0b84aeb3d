// stageSiteSkills against a site on loopback: the RFC v0.2.0 index (a SKILL.md or an archive, digest checked; an
// unknown $schema refused), the superseded draft's `files: [{ path, digest }]` with its skill-level digest, the older
// index (a list of files), no index at all, and hostile sites (paths that escape, wrong digests, an endless file);
// currentSiteSkill, what an update check reads: the digest the recorded index now gives one skill.
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tarGzOf } from "../../../test-support/archives";
import { digestOf, startSkillsSite, type RunningSkillsSite } from "../../../test-support/servers/skills-site";
import { makeTempDir } from "../../../test-support/tmp";
import { EngineError } from "../errors";
import { currentSiteSkill, DISCOVERY_SCHEMA, skillLevelDigest, stageSiteSkills } from "./well-known";

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
  $schema: DISCOVERY_SCHEMA,
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
    expect(await stageSiteSkills(site.url, tmp.dir)).toEqual([
      {
        name: "docs",
        index: `${site.url}/.well-known/agent-skills/index.json`,
        digest: digestOf(SKILL("docs")),
        form: "skill-md",
      },
    ]);
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
    expect((await stageSiteSkills(`${site.url}/`, tmp.dir, { skill: "guide" }))?.map((s) => s.name)).toEqual(["guide"]);
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

  it("refuses an index whose $schema it does not know", async () => {
    const body = {
      ...agentIndex(digestOf(SKILL("docs"))),
      $schema: "https://schemas.agentskills.io/discovery/9.0.0/schema.json",
    };
    site = await startSkillsSite({ files: {}, index: { at: "agent-skills", body } });
    expect((await failure(stageSiteSkills(site.url, tmp.dir))).message).toMatch(/does not know/);
  });

  it("unpacks an archive entry through the archive reader after checking its digest", async () => {
    const archive = tarGzOf([
      { name: "SKILL.md", body: SKILL("kit") },
      { name: "scripts/run.sh", body: "#!/bin/sh\n" },
    ]);
    const entry = { name: "kit", type: "archive", description: "K.", url: "kit.tar.gz", digest: digestOf(archive) };
    const skipped = { name: "later", type: "bundle", description: "A type from a later version.", url: "x" };
    site = await startSkillsSite({
      files: { "/.well-known/agent-skills/kit.tar.gz": archive },
      index: { at: "agent-skills", body: { $schema: DISCOVERY_SCHEMA, skills: [entry, skipped] } },
    });
    expect((await stageSiteSkills(site.url, tmp.dir))?.map((s) => [s.name, s.digest])).toEqual([
      ["kit", digestOf(archive)],
    ]);
    expect(await readFile(path.join(tmp.dir, "kit", "scripts", "run.sh"), "utf8")).toBe("#!/bin/sh\n");
    expect(await readdir(tmp.dir)).toEqual(["kit"]);
  });

  it("refuses an archive whose digest does not match, or that holds a path climbing out", async () => {
    const evil = tarGzOf([
      { name: "SKILL.md", body: SKILL("kit") },
      { name: "../evil", body: "x" },
    ]);
    const at = (digest: string) => ({
      $schema: DISCOVERY_SCHEMA,
      skills: [{ name: "kit", type: "archive", description: "K.", url: "kit.tar.gz", digest }],
    });
    site = await startSkillsSite({
      files: { "/.well-known/agent-skills/kit.tar.gz": evil },
      index: { at: "agent-skills", body: at(digestOf("x")) },
    });
    expect((await failure(stageSiteSkills(site.url, tmp.dir))).code).toBe("install.download.checksum");
    await site.close();
    site = await startSkillsSite({
      files: { "/.well-known/agent-skills/kit.tar.gz": evil },
      index: { at: "agent-skills", body: at(digestOf(evil)) },
    });
    expect((await failure(stageSiteSkills(site.url, tmp.dir))).code).toBe("install.archive.unsafe-entry");
    expect(await readdir(path.dirname(tmp.dir))).not.toContain("evil");
  });

  it("computes the draft's skill-level digest as its worked example does", () => {
    const files = [
      { path: "scripts/run.sh", sha256: "a8076d3d28d21e02012b20eaf7dbf75409a6277134439025f282e368e3305abf" },
      { path: "SKILL.md", sha256: "90f8ec5669cd34183b9b0fdf8b94f5efb4c3672876330f4aa76088c2b4ad17be" },
    ];
    expect(skillLevelDigest(files)).toBe("sha256:34f7a8c484e9991f3e71a309f31332d6335efc01f544105c4185a7c4ab12eb1e");
  });

  it("reads the draft's files with digests and checks the skill-level digest", async () => {
    const files = { "SKILL.md": SKILL("guide"), "ref/a.md": "A\n" };
    const listed = Object.entries(files).map(([p, body]) => ({ path: p, digest: digestOf(body) }));
    const level = skillLevelDigest(listed.map((f) => ({ path: f.path, sha256: f.digest.slice(7) })));
    const index = (digest: string) => ({
      version: "0.2.0",
      skills: [{ name: "guide", description: "G.", digest, files: listed }],
    });
    const served = {
      "/.well-known/skills/guide/SKILL.md": files["SKILL.md"],
      "/.well-known/skills/guide/ref/a.md": "A\n",
    };
    site = await startSkillsSite({ files: served, index: { at: "skills", body: index(level) } });
    expect((await stageSiteSkills(site.url, tmp.dir))?.map((s) => s.digest)).toEqual([level]);
    await site.close();
    site = await startSkillsSite({ files: served, index: { at: "skills", body: index(digestOf("other")) } });
    expect((await failure(stageSiteSkills(site.url, path.join(tmp.dir, "again")))).code).toBe(
      "install.download.checksum",
    );
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

describe("currentSiteSkill", () => {
  it("reads only the recorded index and gives the digest it now names, or why it cannot", async () => {
    const body = agentIndex(digestOf(SKILL("docs")));
    site = await startSkillsSite({ files: {}, index: { at: "agent-skills", body } });
    const index = `${site.url}/.well-known/agent-skills/index.json`;
    expect(await currentSiteSkill(index, "docs")).toEqual({ digest: digestOf(SKILL("docs")), form: "skill-md" });
    body.skills[0]!.digest = digestOf("changed");
    expect((await currentSiteSkill(index, "docs")).digest).toBe(digestOf("changed"));
    expect(site.requests.every((r) => r === "/.well-known/agent-skills/index.json")).toBe(true);
    expect((await failure(currentSiteSkill(index, "gone"))).code).toBe("install.skill.not-found");
    expect((await failure(currentSiteSkill(`${site.url}/.well-known/skills/index.json`, "docs"))).code).toBe(
      "install.skill.not-found",
    );
  });
});
