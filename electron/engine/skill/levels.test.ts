// Levels 1-3 of a skill and reading one bundled file with level 3's confinement.
import { execFileSync } from "node:child_process";
import { mkdir, symlink, truncate } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderAvailableSkills } from "../../../shared/level1";
import { estimateTokens } from "../../../shared/tokens";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { getSkillLevels, readSkillResource, MAX_RESOURCE_BYTES } from "./levels";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");

let root: string;
let cleanup: () => Promise<void>;
let skillDir: string;
beforeAll(async () => {
  ({ dir: root, cleanup } = await makeTempDir("skillshelf-levels-"));
  skillDir = path.join(root, "forms");
  await writeTree(skillDir, {
    "SKILL.md":
      "---\nname: forms\ndescription: Fill <forms> & tables.\n---\n\n# Forms\n\nSee [guide](references/guide.md), [gone](references/gone.md) and [up](../x.md).\n",
    "references/guide.md": "# Guide\n",
    "assets/logo.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x1a]),
    "assets/latin1.txt": new Uint8Array([0x63, 0x61, 0x66, 0xe9]),
  });
  await writeTree(path.join(root, "elsewhere"), { "secret.txt": "secret" });
  await symlink(path.join(root, "elsewhere"), path.join(skillDir, "linked-out"));
  await symlink("references/guide.md", path.join(skillDir, "guide-link.md"));
});
afterAll(async () => cleanup());

describe("getSkillLevels", () => {
  it("level 1 is the skill's own <available_skills> block, byte-exact, with size and estimate", async () => {
    const levels = await getSkillLevels(skillDir);
    const expected = renderAvailableSkills([{ name: "forms", description: "Fill <forms> & tables." }], null);
    expect(levels.level1).toEqual({
      name: "forms",
      description: "Fill <forms> & tables.",
      text: expected,
      chars: expected.length,
      tokens: estimateTokens(expected),
    });
    expect(levels.level1.text).toContain("Fill &lt;forms&gt; &amp; tables.");
  });

  it("level 2 is the body with its first line, line count and estimate", async () => {
    const { level2 } = await getSkillLevels(skillDir);
    expect(level2.startLine).toBe(5);
    expect(level2.text.startsWith("\n# Forms\n")).toBe(true);
    expect(level2.lines).toBe(4);
    expect(level2.tokens).toBe(estimateTokens(level2.text));
  });

  it("level 3 lists confined files, marks referenced ones, and lists missing and outside references", async () => {
    const { level3, diagnostics } = await getSkillLevels(skillDir);
    const paths = level3.entries.map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(["SKILL.md", "references", "references/guide.md", "assets/logo.png", "guide-link.md"]),
    );
    expect(paths.some((p) => p.startsWith("linked-out"))).toBe(false);
    expect(level3.outside).toEqual(["linked-out"]);
    expect(level3.entries.find((e) => e.path === "references/guide.md")).toMatchObject({
      kind: "file",
      size: 8,
      referenced: true,
    });
    expect(level3.entries.find((e) => e.path === "assets/logo.png")?.referenced).toBe(false);
    expect(level3.missing).toEqual(["references/gone.md"]);
    expect(level3.references.find((r) => r.target === "../x.md")).toMatchObject({
      outside: true,
      exists: false,
      line: 8,
    });
    expect(diagnostics.map((d) => d.code)).toEqual(
      expect.arrayContaining(["skill.symlink.outside", "skill.ref.missing", "skill.ref.outside"]),
    );
  });

  it("level 3 estimates each text file's tokens and their total; binary files are not counted", async () => {
    const { level3 } = await getSkillLevels(skillDir);
    const skillMd = level3.entries.find((e) => e.path === "SKILL.md")!;
    expect(level3.entries.find((e) => e.path === "references/guide.md")?.tokens).toBe(estimateTokens("# Guide\n"));
    expect(level3.entries.find((e) => e.path === "assets/logo.png")?.tokens).toBeNull();
    expect(level3.entries.find((e) => e.path === "references")?.tokens).toBeNull();
    expect(skillMd.tokens).toBeGreaterThan(0);
    const counted = level3.entries.filter((e) => e.kind === "file" && e.tokens !== null);
    expect(level3.tokens).toBe(counted.reduce((n, e) => n + e.tokens!, 0));
    expect(level3.uncounted).toBe(level3.entries.filter((e) => e.kind === "file").length - counted.length);
    expect(level3.uncounted).toBeGreaterThanOrEqual(2);
  });

  it("works on a folder without SKILL.md (empty levels, the diagnostic says why)", async () => {
    const levels = await getSkillLevels(path.join(FIXTURES, "missing-file"));
    expect(levels.level1.text).toBe("");
    expect(levels.level2.lines).toBe(0);
    expect(levels.diagnostics.map((d) => d.code)).toEqual(["skill.missing-file"]);
  });
});

describe("readSkillResource", () => {
  it("reads a text file, also through a link that stays inside", async () => {
    expect(await readSkillResource(skillDir, "references/guide.md")).toEqual({
      ok: true,
      path: "references/guide.md",
      size: 8,
      kind: "text",
      text: "# Guide\n",
    });
    expect(await readSkillResource(skillDir, "guide-link.md")).toMatchObject({
      ok: true,
      kind: "text",
      text: "# Guide\n",
    });
  });

  it("decides binary by content: NUL bytes or invalid UTF-8", async () => {
    expect(await readSkillResource(skillDir, "assets/logo.png")).toEqual({
      ok: true,
      path: "assets/logo.png",
      size: 6,
      kind: "binary",
      mime: "image/png",
    });
    expect(await readSkillResource(skillDir, "assets/latin1.txt")).toMatchObject({
      ok: true,
      kind: "binary",
      mime: "application/octet-stream",
    });
  });

  it("refuses .., absolute paths, NUL, links out, folders and missing files", async () => {
    for (const rel of [
      "../elsewhere/secret.txt",
      "references/../../elsewhere/secret.txt",
      path.join(root, "elsewhere", "secret.txt"),
      "references/guide.md\u0000",
      "linked-out/secret.txt",
      "references",
      "nope.md",
      "",
    ]) {
      const result = await readSkillResource(skillDir, rel);
      expect({ rel, ok: result.ok }).toEqual({ rel, ok: false });
      if (!result.ok) expect(result.message.length).toBeGreaterThan(5);
    }
  });

  it("refuses a file over the size cap and a FIFO, without blocking", async () => {
    const big = path.join(skillDir, "big.bin");
    await writeTree(skillDir, { "big.bin": "" });
    await truncate(big, MAX_RESOURCE_BYTES + 1);
    expect(await readSkillResource(skillDir, "big.bin")).toMatchObject({ ok: false });
    await mkdir(path.join(skillDir, "pipes"), { recursive: true });
    execFileSync("mkfifo", [path.join(skillDir, "pipes", "fifo")]);
    expect(await readSkillResource(skillDir, "pipes/fifo")).toMatchObject({ ok: false });
  });
});
