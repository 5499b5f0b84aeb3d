// The catalog state's path check on a real scan: only the folders of skills the catalog or author mode showed are
// known — never a folder beside them, their location, a parent, or a path that climbs back out of a skill.
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { scan } from "../engine/discovery/scan";
import { CatalogState } from "./catalog-state";

const skillMd = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill.\n---\n# ${name}\n`;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe("CatalogState.isKnownSkillDir", () => {
  it("knows the skill folders the scans showed and nothing beside, above or out of them", async () => {
    const tmp = await makeTempDir("skillshelf-catalog-state-");
    cleanups.push(tmp.cleanup);
    const home = path.join(tmp.dir, "home");
    const root = path.join(home, ".claude", "skills");
    await writeTree(root, { "alpha/SKILL.md": skillMd("alpha"), "notes/readme.txt": "not a skill\n" });
    const authorDir = path.join(tmp.dir, "work");
    await writeTree(authorDir, { "beta/SKILL.md": skillMd("beta") });
    const env = { SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"), SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache") };
    const state = new CatalogState();
    state.catalog = await scan({ home, platform: "linux", env });

    expect(state.isKnownSkillDir(path.join(root, "alpha"))).toBe(true);
    expect(state.isKnownSkillDir(path.join(root, "alpha", "..", "alpha"))).toBe(true);
    for (const unknown of [
      path.join(root, "notes"),
      path.join(root, "not-there"),
      root,
      home,
      path.join(root, "alpha", ".."),
      path.join(root, "alpha", "sub"),
      path.join(authorDir, "beta"),
    ])
      expect(state.isKnownSkillDir(unknown), unknown).toBe(false);

    const authorScan = await scan({ home, platform: "linux", env, include: [authorDir] });
    state.author = { path: authorDir, scan: authorScan, revision: 1 };
    expect(state.isKnownSkillDir(path.join(authorDir, "beta"))).toBe(true);
    expect(state.isKnownSkillDir(path.join(root, "notes"))).toBe(false);
  });
});
