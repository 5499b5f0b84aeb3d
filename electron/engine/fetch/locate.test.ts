import { afterEach, beforeEach, describe, expect, it } from "vitest";
import path from "node:path";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { locateSkill } from "./locate";

let tmp: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => (tmp = await makeTempDir()));
afterEach(async () => tmp.cleanup());

const skillMd = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill.\n---\n\n# ${name}\n`;

describe("locateSkill", () => {
  it("picks the skill by folder name in a monorepo release, shallowest first", async () => {
    const root = path.join(tmp.dir, "unpacked");
    await writeTree(root, {
      "repo-1.0.0/skills/alpha/SKILL.md": skillMd("alpha"),
      "repo-1.0.0/skills/beta/SKILL.md": skillMd("beta"),
      "repo-1.0.0/plugins/p/skills/beta/SKILL.md": skillMd("beta"),
    });
    const found = await locateSkill(root, "beta");
    expect(path.relative(root, found.dir)).toBe(path.join("repo-1.0.0", "skills", "beta"));
    expect(found.name).toBe("beta");
  });

  it("says which skills a release holds when none has the expected name, and refuses an ambiguous one", async () => {
    const root = path.join(tmp.dir, "unpacked");
    await writeTree(root, { "a/alpha/SKILL.md": skillMd("alpha"), "b/gamma/SKILL.md": skillMd("gamma") });
    await expect(locateSkill(root, "beta")).rejects.toMatchObject({
      code: "install.skill.not-found",
      message: expect.stringMatching(/holds 2 skills \(a\/alpha, b\/gamma\) and none is in a folder named "beta"/),
    });
    const twice = path.join(tmp.dir, "twice");
    await writeTree(twice, { "x/beta/SKILL.md": skillMd("beta"), "y/beta/SKILL.md": skillMd("beta") });
    await expect(locateSkill(twice, "beta")).rejects.toMatchObject({ code: "install.skill.ambiguous" });
    const empty = path.join(tmp.dir, "empty");
    await writeTree(empty, { "README.md": "# nothing\n" });
    await expect(locateSkill(empty, "beta")).rejects.toMatchObject({
      code: "install.skill.not-found",
      message: expect.stringMatching(/no SKILL\.md/),
    });
  });

  it("installs a new version with spec findings clients load anyway (AgentKey's top-level version and author), keeping them as notes", async () => {
    const root = path.join(tmp.dir, "agentkey");
    await writeTree(root, {
      "agentkey/SKILL.md":
        "---\nname: agentkey\ndescription: Keys. Use it for keys.\nversion: 1.8.0\nauthor: someone\n---\n\nBody\n",
    });
    const found = await locateSkill(root, "agentkey");
    expect(found.version).toBe("1.8.0");
    expect(found.diagnostics.filter((d) => d.code === "skill.field.unexpected")).toHaveLength(2);
  });

  it("refuses a new version clients cannot read (no description)", async () => {
    const root = path.join(tmp.dir, "broken");
    await writeTree(root, { "broken/SKILL.md": "---\nname: broken\n---\n\nBody\n" });
    await expect(locateSkill(root, "broken")).rejects.toMatchObject({
      code: "install.skill.invalid",
      message: expect.stringMatching(/description/),
    });
  });
});
