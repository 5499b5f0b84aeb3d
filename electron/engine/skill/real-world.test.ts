// Diagnostics that real public skills showed to be wrong: each case is a minimal skill of our own.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { zipOf } from "../../../test-support/archives";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { truncationReason } from "../discovery/build-skill";
import { hashSkillFolderWithInfo } from "../discovery/hash";
import { readPlugin } from "../plugin/read-plugin";
import { readSkillArchive } from "./archive";
import { suggestedName, isValidSkillName } from "./fields";
import { readSkill } from "./read-skill";
import { extractLinks } from "./references";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function tmp(): Promise<string> {
  const t = await makeTempDir();
  cleanups.push(t.cleanup);
  return t.dir;
}

const skillMd = (name: string, body: string, extra = "") =>
  `---\nname: ${name}\ndescription: Does a thing when asked.\n${extra}---\n${body}\n`;
const codes = (report: { diagnostics: Array<{ code: string }> }) => report.diagnostics.map((d) => d.code);

describe("footnotes", () => {
  it("reads a footnote definition as a footnote, not as a link to a file", async () => {
    expect(extractLinks("Text[^1].\n\n[^1]: GitHub Blog, 2024\n[ref]: refs/a.md\n").map((l) => l.target)).toEqual([
      "refs/a.md",
    ]);
    const root = await tmp();
    await writeTree(root, {
      "demo/SKILL.md": skillMd("demo", "See the post[^1].\n\n[^1]: GitHub Blog, https://example.com"),
    });
    expect(codes(await readSkill(path.join(root, "demo")))).not.toContain("skill.ref.missing");
  });
});

describe("placeholders clients expand", () => {
  it("resolves {baseDir} and ${CLAUDE_SKILL_DIR} against the skill's folder", async () => {
    const root = await tmp();
    const body =
      "Run [it]({baseDir}/scripts/run.py), read [this](${CLAUDE_SKILL_DIR}/references/guide.md), not [that]({baseDir}/missing.md).";
    await writeTree(root, {
      "demo/SKILL.md": skillMd("demo", body),
      "demo/scripts/run.py": "print(1)\n",
      "demo/references/guide.md": "# Guide\n",
    });
    const report = await readSkill(path.join(root, "demo"));
    const missing = report.diagnostics.filter((d) => d.code === "skill.ref.missing");
    expect(missing.map((d) => d.message)).toEqual([expect.stringContaining("missing.md")]);
  });

  it("resolves ${CLAUDE_PLUGIN_ROOT} against the root of the plugin holding the skill", async () => {
    const root = await tmp();
    const plugin = path.join(root, "tools");
    await writeTree(plugin, {
      "plugin.json": JSON.stringify({
        $schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json",
        name: "tools",
      }),
      "scripts/build.sh": "echo hi\n",
      "skills/demo/SKILL.md": skillMd(
        "demo",
        "Run [build](${CLAUDE_PLUGIN_ROOT}/scripts/build.sh) and [own](${CLAUDE_PLUGIN_ROOT}/skills/demo/notes.md) but not [gone](${CLAUDE_PLUGIN_ROOT}/scripts/gone.sh).",
      ),
      "skills/demo/notes.md": "notes\n",
    });
    const report = await readPlugin(plugin);
    const skill = report.skills[0]!;
    const refs = skill.diagnostics.filter((d) => d.code.startsWith("skill.ref."));
    expect(refs.map((d) => d.code)).toEqual(["skill.ref.missing"]);
    expect(refs[0]!.message).toContain("gone.sh");
  });

  it("says ${CLAUDE_PLUGIN_ROOT} is not expanded in a skill outside a plugin", async () => {
    const root = await tmp();
    await writeTree(root, { "demo/SKILL.md": skillMd("demo", "Run [x](${CLAUDE_PLUGIN_ROOT}/scripts/x.sh).") });
    expect(codes(await readSkill(path.join(root, "demo")))).toContain("skill.ref.plugin-root");
  });
});

describe("block-scalar descriptions", () => {
  it("trims the trailing newline of `description: >` and counts the trimmed text against the limit", async () => {
    const root = await tmp();
    const long = "x".repeat(1024);
    await writeTree(root, {
      "folded/SKILL.md": "---\nname: folded\ndescription: >\n  Does a thing\n  when asked.\n---\nBody\n",
      "limit/SKILL.md": `---\nname: limit\ndescription: |\n  ${long}\n---\nBody\n`,
    });
    expect((await readSkill(path.join(root, "folded"))).description).toBe("Does a thing when asked.");
    const atLimit = await readSkill(path.join(root, "limit"));
    expect(atLimit.description).toBe(long);
    expect(codes(atLimit)).not.toContain("skill.description.too-long");
  });
});

describe("suggested names", () => {
  it.each([
    ["Meeting Notes", null, "meeting-notes"],
    ["Weekly_Digest", null, "weekly-digest"],
    ["--PDF  Tools!!", null, "pdf-tools"],
    ["Weekly_Digest", "weekly-digest", "weekly-digest"],
    ["Café Helper", null, "cafe-helper"],
  ])("%s (folder %s) → %s, always a valid name", (name, dir, expected) => {
    const suggestion = suggestedName(name, dir);
    expect(suggestion).toBe(expected);
    expect(isValidSkillName(suggestion!)).toBe(true);
  });

  it("puts the valid suggestion into the fix of every name rule", async () => {
    const root = await tmp();
    await writeTree(root, {
      "Meeting Notes/SKILL.md": skillMd("Meeting Notes", "Body"),
      "weekly-digest/SKILL.md": skillMd("Weekly_Digest", "Body"),
    });
    const first = await readSkill(path.join(root, "Meeting Notes"));
    for (const d of first.diagnostics.filter(
      (x) => x.code === "skill.name.uppercase" || x.code === "skill.name.invalid-chars",
    ))
      expect(d.fix).toContain('"meeting-notes"');
    const second = await readSkill(path.join(root, "weekly-digest"));
    const fixes = second.diagnostics
      .filter((x) => x.code.startsWith("skill.name.") && x.code !== "skill.name.dir-mismatch")
      .map((d) => d.fix);
    expect(fixes.length).toBeGreaterThan(0);
    for (const fix of fixes) expect(fix).toContain(`"weekly-digest", the folder's name`);
  });
});

describe("lowercase skill.md", () => {
  it("is the same warning in a zip as in a folder under the default profile", async () => {
    const root = await tmp();
    await writeTree(root, { "demo/skill.md": skillMd("demo", "Body") });
    const folder = await readSkill(path.join(root, "demo"));
    const file = path.join(root, "demo.zip");
    await writeFile(file, zipOf({ "demo/skill.md": skillMd("demo", "Body") }));
    const zip = await readSkillArchive(file);
    for (const report of [folder, zip]) {
      expect(report.diagnostics.filter((d) => d.code === "skill.file-case").map((d) => d.severity)).toEqual([
        "warning",
      ]);
      expect(report.valid).toBe(true);
      expect(report.name).toBe("demo");
    }
    expect((await readSkillArchive(file, { profile: "claude-desktop" })).valid).toBe(false);
  });
});

describe("reference chains", () => {
  it("does not call a link back to SKILL.md a chain, and names further files from the referencing file's folder", async () => {
    const root = await tmp();
    await writeTree(root, {
      "demo/SKILL.md": skillMd("demo", "Read [a](references/a.md) and [b](references/b.md)."),
      "demo/references/a.md": "Back to [the skill](../SKILL.md) or [top](#top).\n",
      "demo/references/b.md": "See [c](c.md).\n",
      "demo/references/c.md": "c\n",
    });
    const chains = (await readSkill(path.join(root, "demo"))).diagnostics.filter((d) => d.code === "skill.ref.chain");
    expect(chains).toHaveLength(1);
    expect(chains[0]!.message).toContain("references/b.md");
    expect(chains[0]!.message).toContain('"references/c.md"');
  });
});

describe("scan.skill.truncated", () => {
  it("names the limit that was reached", async () => {
    const root = await tmp();
    await writeTree(root, {
      "SKILL.md": skillMd("x", "Body"),
      "img/a.png": new Uint8Array(4096),
      "img/b.png": new Uint8Array(4096),
    });
    const byBytes = await hashSkillFolderWithInfo(root, { maxBytes: 5000 });
    expect(byBytes.limit).toEqual({ kind: "bytes", max: 5000 });
    expect(truncationReason(byBytes)).toMatch(/more than .* of files/);
    const byEntries = await hashSkillFolderWithInfo(root, { maxEntries: 2 });
    expect(byEntries.limit).toEqual({ kind: "entries", max: 2 });
    expect(truncationReason(byEntries)).toContain("more than 2 entries");
    let deep = root;
    for (let i = 0; i < 34; i++) deep = path.join(deep, "d");
    await mkdir(deep, { recursive: true });
    await writeFile(path.join(deep, "f.txt"), "x");
    const byDepth = await hashSkillFolderWithInfo(root);
    expect(byDepth.limit?.kind).toBe("depth");
    expect(truncationReason(byDepth)).toContain("deeper than");
  });
});

describe("plugin skills", () => {
  it("reports skills/NAME/skill.md as not discovered, instead of skipping it silently", async () => {
    const root = await tmp();
    await writeTree(root, {
      "plugin.json": JSON.stringify({
        $schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json",
        name: "p",
      }),
      "skills/demo/skill.md": skillMd("demo", "Body"),
    });
    const report = await readPlugin(root);
    expect(report.skills).toHaveLength(0);
    expect(report.diagnostics.map((d) => d.code)).toContain("plugin.skills.file-case");
  });
});

describe("fixes that lead to a clean result", () => {
  it("explains sibling-skill and slash-command links instead of asking to copy files", async () => {
    const root = await tmp();
    await writeTree(root, {
      "demo/SKILL.md": skillMd("demo", "Use [other](../other-skill/SKILL.md) or [deploy](/tools:deploy)."),
    });
    const report = await readSkill(path.join(root, "demo"));
    const sibling = report.diagnostics.find((d) => d.message.includes("other-skill"))!;
    expect(sibling.code).toBe("skill.ref.outside");
    expect(sibling.message).toContain("installed separately");
    expect(sibling.fix).not.toContain("Copy the file");
    const slash = report.diagnostics.find((d) => d.code === "skill.ref.slash-command")!;
    expect(slash.severity).toBe("warning");
    expect(slash.fix).toContain("`/tools:deploy`");
  });

  it("moving argument-hint under metadata as advised gives a skill with no diagnostics", async () => {
    const root = await tmp();
    await writeTree(root, { "demo/SKILL.md": skillMd("demo", "Body", "argument-hint: [file]\n") });
    const before = await readSkill(path.join(root, "demo"));
    const fix = before.diagnostics.find((d) => d.code === "skill.field.unexpected")!.fix!;
    const line = /`( {2}argument-hint: [^`]+)`/.exec(fix)![1]!;
    expect(line).toBe('  argument-hint: "[file]"');
    await writeTree(root, { "demo/SKILL.md": skillMd("demo", "Body", `metadata:\n${line}\n`) });
    expect((await readSkill(path.join(root, "demo"))).diagnostics).toEqual([]);
  });
});

describe("a name written with surrounding spaces", () => {
  it("is reported as written (the rules check it trimmed), while the description is trimmed", async () => {
    const root = await tmp();
    await writeTree(root, { "demo/SKILL.md": '---\nname: " demo"\ndescription: "  Does a thing.  "\n---\nBody\n' });
    const report = await readSkill(path.join(root, "demo"));
    expect(report.name).toBe(" demo");
    expect(report.description).toBe("Does a thing.");
    expect(codes(report)).not.toContain("skill.name.dir-mismatch");
  });
});
