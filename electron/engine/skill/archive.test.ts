// readSkillArchive: Desktop's archive rules, unsafe entries, limits, and the same SKILL.md rules on archived text.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test-support/tmp";
import { readSkillArchive } from "./archive";

const SKILL = (name: string, body = "\n# Steps\n\nDo it.\n") =>
  `---\nname: ${name}\ndescription: An archived skill. Use it in tests.\n---\n${body}`;

let root: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir: root, cleanup } = await makeTempDir("skillshelf-archive-")));
afterAll(async () => cleanup());

/** Writes a zip with the given entries (text or bytes) and returns its path. */
async function zip(name: string, entries: Record<string, string | Uint8Array>): Promise<string> {
  const file = path.join(root, name);
  const data = Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, typeof v === "string" ? strToU8(v) : v]));
  await writeFile(file, zipSync(data));
  return file;
}

const codes = (report: { diagnostics: Array<{ code: string }> }) => report.diagnostics.map((d) => d.code);

describe("Claude Desktop archive rules", () => {
  it("accepts NAME/SKILL.md with its files, reading the name and checking references", async () => {
    const file = await zip("pdf.zip", {
      "pdf/SKILL.md": SKILL("pdf", "\nSee [forms](references/forms.md).\n"),
      "pdf/references/forms.md": "# Forms\n",
    });
    const report = await readSkillArchive(file, { profile: "claude-desktop" });
    expect(codes(report)).toEqual([]);
    expect(report).toMatchObject({ name: "pdf", valid: true, skillFile: path.join(file, "pdf", "SKILL.md") });
  });

  it("desktop.archive.skill-count: none or two SKILL.md files, not exactly one", async () => {
    const none = await readSkillArchive(await zip("none.zip", { "pdf/README.md": "x" }), { profile: "claude-desktop" });
    expect(codes(none)).toEqual(["desktop.archive.skill-count"]);
    const two = await readSkillArchive(await zip("two.zip", { "a/SKILL.md": SKILL("a"), "b/SKILL.md": SKILL("b") }), {
      profile: "claude-desktop",
    });
    expect(codes(two)).toContain("desktop.archive.skill-count");
    const one = await readSkillArchive(
      await zip("one.skill", { "one/SKILL.md": SKILL("one"), "one/notes/SKILL-notes.md": "x" }),
      { profile: "claude-desktop" },
    );
    expect(codes(one)).not.toContain("desktop.archive.skill-count");
  });

  it("desktop.archive.layout: SKILL.md at the root or nested deeper, not NAME/SKILL.md", async () => {
    const atRoot = await readSkillArchive(await zip("flat.zip", { "SKILL.md": SKILL("flat") }), {
      profile: "claude-desktop",
    });
    expect(codes(atRoot)).toEqual(["desktop.archive.layout"]);
    const nested = await readSkillArchive(await zip("nested.zip", { "dist/nested/SKILL.md": SKILL("nested") }), {
      profile: "claude-desktop",
    });
    expect(codes(nested)).toEqual(["desktop.archive.layout"]);
    const good = await readSkillArchive(await zip("good.zip", { "good/SKILL.md": SKILL("good") }), {
      profile: "claude-desktop",
    });
    expect(codes(good)).not.toContain("desktop.archive.layout");
  });

  it("applies the archive's folder layout only under the desktop profile", async () => {
    const file = await zip("flat-agent.zip", { "SKILL.md": SKILL("flat-agent") });
    expect(codes(await readSkillArchive(file))).toEqual([]);
    const none = await readSkillArchive(await zip("none-agent.zip", { "x/README.md": "x" }));
    expect(codes(none)).toEqual(["skill.missing-file"]);
  });

  it("runs the SKILL.md rules on the archived text (name vs folder, desktop name rules, references)", async () => {
    const file = await zip("bad.zip", {
      "claude-tool/SKILL.md": SKILL("claude-tools", "\nSee [gone](references/gone.md) and [chain](references/a.md).\n"),
      "claude-tool/references/a.md": "See [b](b.md).\n",
    });
    const report = await readSkillArchive(file, { profile: "claude-desktop" });
    expect(codes(report)).toEqual(
      expect.arrayContaining([
        "skill.name.dir-mismatch",
        "desktop.name.reserved",
        "skill.ref.missing",
        "skill.ref.chain",
      ]),
    );
    expect(report.valid).toBe(false);
    const dirMismatch = report.diagnostics.find((d) => d.code === "skill.name.dir-mismatch")!;
    expect(dirMismatch.line).toBe(2);
    expect(dirMismatch.file).toBe(path.join(file, "claude-tool", "SKILL.md"));
  });
});

describe("hostile archives", () => {
  it("refuses entries with .., absolute paths or NUL, with a diagnostic each", async () => {
    const file = await zip("evil.zip", {
      "evil/SKILL.md": SKILL("evil"),
      "../escape.txt": "x",
      "/etc/abs.txt": "x",
      "evil/a\u0000b.txt": "x",
    });
    const report = await readSkillArchive(file, { profile: "claude-desktop" });
    expect(codes(report).filter((c) => c === "skill.archive.entry-path")).toHaveLength(3);
    expect(report.name).toBe("evil");
  });

  it("reports a file that is not a zip, without throwing", async () => {
    const file = path.join(root, "not.zip");
    await writeFile(file, "this is not a zip archive at all");
    expect(codes(await readSkillArchive(file))).toEqual(["skill.archive.invalid"]);
  });

  it("refuses to unpack an archive over the entry-count limit", async () => {
    const entries: Record<string, string> = { "many/SKILL.md": SKILL("many") };
    for (let i = 0; i < 10_001; i++) entries[`many/f${i}.txt`] = "";
    const report = await readSkillArchive(await zip("many.zip", entries));
    expect(codes(report)).toEqual(["skill.archive.too-large"]);
  });

  it("reports a missing archive as unreadable", async () => {
    expect(codes(await readSkillArchive(path.join(root, "absent.zip")))).toEqual(["skill.unreadable"]);
  });

  it("reports archived SKILL.md text that is not UTF-8", async () => {
    const file = await zip("latin.zip", { "latin/SKILL.md": new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0xe9, 0xff]) });
    expect(codes(await readSkillArchive(file))).toEqual(["skill.encoding"]);
  });
});
