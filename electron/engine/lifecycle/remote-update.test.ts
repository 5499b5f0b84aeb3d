// Updating a skill added from an MCP server or a site, on a real temp home against the loopback MCP skills server and
// the loopback well-known site: the checker finds the changed copy, the one service stages it from the server,
// reviews it with the file diff and the capability review, swaps the folder keeping a backup, records the new
// digests, and Undo puts back the old files and the old origin.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Skill } from "../../../shared/model";
import { allSkills } from "../../../shared/scan-result";
import { specDigest, startMcpSkillsServer } from "../../../test-support/servers/mcp-skills-server";
import { digestOf, startSkillsSite } from "../../../test-support/servers/skills-site";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { scan } from "../discovery/scan";
import { readOrigins } from "../mcp-skills/origins";
import { DISCOVERY_SCHEMA } from "../mcp-skills/well-known";
import { createUpdateChecker } from "../updates/sources";
import { LifecycleService } from "./service";

const SKILL = (name: string, extra = "") =>
  `---\nname: ${name}\ndescription: The ${name} skill.\n---\n\nBody.\n${extra}`;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function home() {
  const tmp = await makeTempDir("skillshelf-remote-update-");
  const home = path.join(tmp.dir, "home");
  await writeTree(home, { ".keep": "" });
  const data = path.join(tmp.dir, "data");
  const env = { SKILLSHELF_DATA_DIR: data, SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"), GITHUB_TOKEN: "" };
  const service = new LifecycleService({
    dataDir: data,
    home,
    platform: "linux",
    env,
    githubApi: "http://127.0.0.1:9",
  });
  cleanups.push(async () => {
    await service.dispose();
    await tmp.cleanup();
  });
  const checker = createUpdateChecker({ home, platform: "linux", env, githubApi: "http://127.0.0.1:9", dataDir: data });
  const skillNamed = async (name: string): Promise<Skill> =>
    allSkills(await scan({ home, platform: "linux", env })).find((s) => s.name === name)!;
  const check = async (skill: Skill) =>
    (await checker.check({ skills: [skill], settings: { servers: [], includeStdio: false }, force: true }))[0]!;
  const add = async (source: string) => {
    const added = await service.add(source, { cwd: tmp.dir, clients: ["claude-code"], skills: [], all: true });
    expect(added.applied).toBe(true);
  };
  return { service, data, check, skillNamed, add };
}

describe("updating a skill added from an MCP server", () => {
  it("stages the server's changed copy, reviews it, applies it with a backup, records it, and undoes it", async () => {
    const served: Record<string, Record<string, string>> = {
      "pdf-tools": { "SKILL.md": SKILL("pdf-tools"), "references/forms.md": "# Forms\n" },
    };
    const server = await startMcpSkillsServer({ skills: served });
    cleanups.push(server.close);
    const { service, data, check, skillNamed, add } = await home();
    await add(`mcp:${server.url}`);
    const skill = await skillNamed("pdf-tools");
    expect(await check(skill)).toMatchObject({ state: "up-to-date", source: "mcp-skills" });

    served["pdf-tools"]!["references/forms.md"] = "# Forms, revised\n";
    served["pdf-tools"]!["scripts/fill.sh"] = "#!/bin/sh\necho fill\n";
    const info = await check(skill);
    expect(info).toMatchObject({ state: "outdated", changedFiles: ["references/forms.md", "scripts/fill.sh"] });
    expect(info.plan ?? undefined).toBeUndefined();

    const started = service.start(skill, info);
    if (!started.ok) throw new Error(started.problem.message);
    const reviewed = await service.review(started.taskId);
    if (!reviewed.ok) throw new Error(reviewed.problem.message);
    expect(reviewed.diff).toMatchObject({ changed: ["references/forms.md"], added: ["scripts/fill.sh"] });
    expect(reviewed.review.source).toBe(`mcp:${server.url}`);
    expect(reviewed.review.capabilities?.added.map((c) => c.kind)).toContain("script");
    expect(await readFile(path.join(skill.realDir, "references/forms.md"), "utf8")).toBe("# Forms\n");

    const applied = await service.apply(started.taskId);
    if (!applied.ok || applied.kind !== "replace-folder") throw new Error("not applied");
    expect(await readFile(path.join(skill.realDir, "references/forms.md"), "utf8")).toBe("# Forms, revised\n");
    expect(await readFile(path.join(applied.backup, "references/forms.md"), "utf8")).toBe("# Forms\n");
    const origin = [...(await readOrigins(data)).values()][0];
    expect(origin?.kind === "mcp" && origin.resources.map((r) => r.digest)).toEqual([
      specDigest(SKILL("pdf-tools")),
      specDigest("# Forms, revised\n"),
      specDigest("#!/bin/sh\necho fill\n"),
    ]);
    expect(await check(skill)).toMatchObject({ state: "up-to-date" });

    const undone = await service.undo(skill);
    expect(undone.ok).toBe(true);
    expect(await readFile(path.join(skill.realDir, "references/forms.md"), "utf8")).toBe("# Forms\n");
    expect(await stat(path.join(skill.realDir, "scripts/fill.sh")).catch(() => null)).toBeNull();
    expect(await check(skill)).toMatchObject({ state: "outdated", source: "mcp-skills" });
  });

  it("refuses a server copy that names a file outside the skill, with nothing changed and the origin kept", async () => {
    const extraResources: Array<{ uri: string; content: string }> = [];
    const server = await startMcpSkillsServer({ skills: { notes: { "SKILL.md": SKILL("notes") } }, extraResources });
    cleanups.push(server.close);
    const { service, data, check, skillNamed, add } = await home();
    await add(`mcp:${server.url}`);
    const skill = await skillNamed("notes");
    const recorded = await readOrigins(data);
    extraResources.push({ uri: "skill://notes/../escape.md", content: "out\n" });
    const info = await check(skill);
    expect(info).toMatchObject({ state: "unknown", source: "mcp-skills" });
    expect(info.reason).toMatch(
      /lists the file skill:\/\/notes\/\.\.\/escape\.md, which is not inside the skill's folder \(skill:\/\/notes\/\)\.$/,
    );
    // Even told it is outdated, the service stages nothing from such an entry.
    const started = service.start(skill, { ...info, state: "outdated" });
    if (!started.ok) throw new Error(started.problem.message);
    const reviewed = await service.review(started.taskId);
    expect(reviewed.ok).toBe(false);
    expect(!reviewed.ok && reviewed.problem.code).toBe("install.archive.unsafe-entry");
    expect(await readFile(path.join(skill.realDir, "SKILL.md"), "utf8")).toBe(SKILL("notes"));
    expect(await readOrigins(data)).toEqual(recorded);
  });
});

describe("updating a skill added from a site's well-known index", () => {
  it("checks the index's digest and the installed SKILL.md, and updates from the site", async () => {
    const files: Record<string, string> = { "/skills/notes/SKILL.md": SKILL("notes") };
    const entry = { name: "notes", type: "skill-md", url: "/skills/notes/SKILL.md", digest: digestOf(SKILL("notes")) };
    const site = await startSkillsSite({
      files,
      index: { at: "agent-skills", body: { $schema: DISCOVERY_SCHEMA, skills: [entry] } },
    });
    cleanups.push(site.close);
    const { service, data, check, skillNamed, add } = await home();
    await add(site.url);
    const skill = await skillNamed("notes");
    expect(await check(skill)).toMatchObject({ state: "up-to-date", source: "site-skills" });

    files["/skills/notes/SKILL.md"] = SKILL("notes", "Revised.\n");
    expect(await check(skill)).toMatchObject({ state: "up-to-date" });
    entry.digest = digestOf(SKILL("notes", "Revised.\n"));
    const info = await check(skill);
    expect(info).toMatchObject({ state: "outdated", source: "site-skills" });

    await writeTree(skill.realDir, { "SKILL.md": SKILL("notes", "Mine.\n") });
    expect(await check(skill)).toMatchObject({ state: "changed-locally", source: "site-skills" });
    await writeTree(skill.realDir, { "SKILL.md": SKILL("notes") });

    const started = service.start(skill, info);
    if (!started.ok) throw new Error(started.problem.message);
    const reviewed = await service.review(started.taskId);
    if (!reviewed.ok) throw new Error(reviewed.problem.message);
    expect(reviewed.diff.changed).toEqual(["SKILL.md"]);
    const applied = await service.apply(started.taskId);
    expect(applied.ok).toBe(true);
    expect(await readFile(path.join(skill.realDir, "SKILL.md"), "utf8")).toBe(SKILL("notes", "Revised.\n"));
    const origin = [...(await readOrigins(data)).values()][0];
    expect(origin).toMatchObject({ kind: "site", name: "notes", digest: entry.digest, form: "skill-md" });
    expect(await check(skill)).toMatchObject({ state: "up-to-date", source: "site-skills" });
  });

  it("says the site cannot be asked when its index is gone, without calling the copy changed", async () => {
    const entry = { name: "notes", type: "skill-md", url: "/notes/SKILL.md", digest: digestOf(SKILL("notes")) };
    const site = await startSkillsSite({
      files: { "/notes/SKILL.md": SKILL("notes") },
      index: { at: "skills", body: { skills: [entry] } },
    });
    cleanups.push(site.close);
    const { check, skillNamed, add } = await home();
    await add(site.url);
    const skill = await skillNamed("notes");
    await site.close();
    expect(await check(skill)).toMatchObject({ state: "unknown", source: "site-skills" });
  });
});
