// checkSiteOrigin against the loopback well-known site and a real installed folder, for the forms the code reads
// locally: the superseded draft's `files` (the skill-level digest of every installed file) and an archive (whose
// digest is of the archive, so only the index is compared).
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { digestOf, startSkillsSite, type RunningSkillsSite } from "../../../test-support/servers/skills-site";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { checkSiteOrigin } from "./check-origin";
import type { OriginRecord } from "./origins";
import { skillLevelDigest } from "./well-known";

const SKILL = `---\nname: guide\ndescription: The guide skill, from a site.\n---\n\nBody.\n`;
const FILES = { "SKILL.md": SKILL, "ref/a.md": "A\n" };
const level = (files: Record<string, string>) =>
  skillLevelDigest(Object.entries(files).map(([p, body]) => ({ path: p, sha256: digestOf(body).slice(7) })));

let tmp: { dir: string; cleanup: () => Promise<void> };
let site: RunningSkillsSite;
let entry: { name: string; description: string; digest: string; files: Array<{ path: string; digest: string }> };
let dir: string;
beforeEach(async () => {
  tmp = await makeTempDir("check-site-origin-");
  dir = path.join(tmp.dir, "installed", "guide");
  await writeTree(dir, FILES);
  const listed = Object.entries(FILES).map(([p, body]) => ({ path: p, digest: digestOf(body) }));
  entry = { name: "guide", description: "G.", digest: level(FILES), files: listed };
  site = await startSkillsSite({ files: {}, index: { at: "skills", body: { version: "0.2.0", skills: [entry] } } });
});
afterEach(async () => {
  await site.close();
  await tmp.cleanup();
});

const origin = (form: "files" | "archive", digest = level(FILES)): Extract<OriginRecord, { kind: "site" }> => ({
  kind: "site",
  index: `${site.url}/.well-known/skills/index.json`,
  name: "guide",
  digest,
  form,
  recordedAt: new Date().toISOString(),
});

describe("checkSiteOrigin", () => {
  it("compares the draft's skill-level digest of the installed files, then the index's", async () => {
    expect(await checkSiteOrigin(origin("files"), dir)).toMatchObject({ state: "up-to-date", source: "site-skills" });
    entry.digest = level({ ...FILES, "ref/a.md": "B\n" });
    expect(await checkSiteOrigin(origin("files"), dir)).toMatchObject({ state: "outdated" });
    await writeTree(dir, { "ref/extra.md": "mine\n" });
    expect(await checkSiteOrigin(origin("files"), dir)).toMatchObject({ state: "changed-locally" });
    expect(site.requests.filter((r) => r !== "/.well-known/skills/index.json")).toEqual([]);
  });

  it("compares only the index for an archive, and says when the index no longer lists the skill", async () => {
    await writeTree(dir, { "ref/a.md": "edited\n" });
    expect(await checkSiteOrigin(origin("archive", entry.digest), dir)).toMatchObject({ state: "up-to-date" });
    entry.name = "renamed";
    const gone = await checkSiteOrigin(origin("archive", entry.digest), dir);
    expect(gone).toMatchObject({ state: "unknown", cause: "not-found" });
    expect(gone.reason).toContain('no longer lists "guide"');
  });
});
