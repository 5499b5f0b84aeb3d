// RealDirs must give exactly what realpath gives wherever it answers, and hand links and missing folders back.
import { realpathSync } from "node:fs";
import { mkdir, symlink } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { RealDirs } from "./real-dirs";
import { validateSkills } from "./validate-many";

let root: string;
let cleanup: () => Promise<void>;
const linux = process.platform === "linux";
const skill = (name: string) => ({ "SKILL.md": `---\nname: ${name}\ndescription: A test skill.\n---\n# Steps\n` });

beforeAll(async () => {
  ({ dir: root, cleanup } = await makeTempDir("skillshelf-real-dirs-"));
  await writeTree(path.join(root, "real/skills/alpha"), skill("alpha"));
  await writeTree(path.join(root, "real/skills/beta"), skill("beta"));
  await writeTree(path.join(root, "elsewhere/gamma"), skill("gamma"));
  await mkdir(path.join(root, "links"));
  // A parent reached through a link, and a skill folder that is itself a link.
  await symlink(path.join(root, "real/skills"), path.join(root, "links/skills"));
  await symlink(path.join(root, "elsewhere/gamma"), path.join(root, "real/skills/gamma"));
});
afterAll(async () => cleanup());

describe("RealDirs", () => {
  it("answers a folder's real path through a linked parent, as realpath does (on Linux)", () => {
    const dirs = new RealDirs();
    for (const dir of [path.join(root, "real/skills/alpha"), path.join(root, "links/skills/beta")]) {
      expect(dirs.of(dir)).toBe(linux ? realpathSync.native(dir) : undefined);
    }
    expect(dirs.of(path.join(root, "links/skills/beta"))).not.toBe(path.join(root, "links/skills/beta"));
  });

  it("hands a folder that is a link, a missing folder, a file and the root back to realpath", () => {
    const dirs = new RealDirs();
    expect(dirs.of(path.join(root, "real/skills/gamma"))).toBeUndefined();
    expect(dirs.of(path.join(root, "real/skills/missing"))).toBeUndefined();
    expect(dirs.of(path.join(root, "nowhere/at/all"))).toBeUndefined();
    expect(dirs.of(path.join(root, "real/skills/alpha/SKILL.md"))).toBeUndefined();
    expect(dirs.of(path.parse(root).root)).toBeUndefined();
  });

  it("answers the same once it lists a parent of many folders, links and missing folders included", async () => {
    const many = path.join(root, "many");
    for (let i = 0; i < 40; i++) await writeTree(path.join(many, `s${i}`), skill(`s${i}`));
    await symlink(path.join(root, "elsewhere/gamma"), path.join(many, "linked"));
    await writeTree(many, { "file.md": "not a folder" });
    const dirs = new RealDirs();
    const asked = [...Array.from({ length: 40 }, (_, i) => `s${i}`), "linked", "missing", "file.md", "s3"];
    const answers = asked.map((name) => dirs.of(path.join(many, name)));
    const real = realpathSync.native(many);
    expect(answers).toEqual(asked.map((name) => (linux && name.startsWith("s") ? path.join(real, name) : undefined)));
  });

  it("gives validateSkills the same real paths realpath gives, links included", async () => {
    const dirs = ["real/skills/alpha", "links/skills/beta", "real/skills/gamma", "links/skills/gamma"].map((d) =>
      path.join(root, d),
    );
    const reports = await validateSkills(dirs);
    expect(reports.map((r) => r.realDir)).toEqual(dirs.map((d) => realpathSync.native(d)));
    expect(reports.map((r) => r.valid)).toEqual([true, true, true, true]);
  });
});
