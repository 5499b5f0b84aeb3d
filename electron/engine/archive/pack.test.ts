// packSkill: real folders packed into real archives, checked with the archive validator Desktop's profile uses.
import { chmod, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { hashSkillFolder } from "../discovery/hash";
import { readSkillArchive } from "../skill/archive";
import { packSkill, PackRefusedError } from "./pack";

let root: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir: root, cleanup } = await makeTempDir("skillshelf-pack-")));
afterAll(async () => cleanup());

const AGENTKEY = [
  "---",
  "name: agentkey",
  "description: Keeps API keys out of prompts. Use when a task needs a secret.",
  "version: 1.8.0",
  "author: Example Team",
  "license: MIT",
  "---",
  "",
  "# AgentKey",
  "",
  "See [the protocol](references/protocol.md).",
  "",
].join("\n");

/** A skill folder as users have them: junk, a script, a nested reference, a link leaving the folder. */
async function agentkeyFolder(folderName = "agentkey"): Promise<string> {
  const dir = path.join(root, "src", folderName);
  await writeTree(dir, {
    "SKILL.md": AGENTKEY,
    "references/protocol.md": "# Protocol\n",
    "scripts/run.sh": "#!/bin/sh\necho hi\n",
    ".DS_Store": "junk",
    ".git/HEAD": "ref: refs/heads/main\n",
    "references/._protocol.md": "apple double",
  });
  await chmod(path.join(dir, "scripts/run.sh"), 0o755);
  await writeFile(path.join(root, "secret.txt"), "outside");
  await symlink(path.join(root, "secret.txt"), path.join(dir, "leak.txt"));
  return dir;
}

async function folderState(dir: string): Promise<{ hash: string; skill: string }> {
  return { hash: await hashSkillFolder(dir), skill: await readFile(path.join(dir, "SKILL.md"), "utf8") };
}

async function refusal(promise: Promise<unknown>): Promise<PackRefusedError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PackRefusedError);
  return error as PackRefusedError;
}

describe("packSkill for Claude Desktop", () => {
  it("moves version and author under metadata in the packed copy, passes the desktop profile and leaves the folder unchanged", async () => {
    const dir = await agentkeyFolder();
    const before = await folderState(dir);
    const out = path.join(root, "out", "agentkey.skill");
    await mkdir(path.dirname(out), { recursive: true });
    const result = await packSkill(dir, { out, forDesktop: true });

    expect(result.file).toBe(out);
    expect(result.files).toEqual(["agentkey/SKILL.md", "agentkey/references/protocol.md", "agentkey/scripts/run.sh"]);
    expect(result.moved).toEqual(["version", "author"]);
    expect(result.version).toBe("1.8.0");
    expect(result.diagnostics.map((d) => d.code)).toEqual(
      expect.arrayContaining(["pack.desktop.moved", "pack.skipped", "pack.link-outside"]),
    );
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);

    const report = await readSkillArchive(out, { profile: "claude-desktop" });
    expect(report.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    expect(report).toMatchObject({
      valid: true,
      name: "agentkey",
      version: "1.8.0",
      versionSource: "metadata.version",
    });

    const entries = unzipSync(await readFile(out));
    expect(Object.keys(entries).sort()).toEqual(result.files);
    const packedSkill = new TextDecoder().decode(entries["agentkey/SKILL.md"]);
    expect(packedSkill).toContain('metadata:\n  version: "1.8.0"\n  author: "Example Team"\n');
    expect(packedSkill).not.toMatch(/^version:/m);
    expect(packedSkill).toContain("\n# AgentKey\n\nSee [the protocol](references/protocol.md).\n");
    expect(await folderState(dir)).toEqual(before);
  });

  it("is deterministic: the same folder gives the same bytes, with fixed timestamps and the executable bit kept", async () => {
    const dir = path.join(root, "src", "agentkey");
    const a = await packSkill(dir, { out: path.join(root, "out", "a.skill"), forDesktop: true });
    const b = await packSkill(dir, { out: path.join(root, "out", "b.skill"), forDesktop: true });
    expect(Buffer.compare(await readFile(a.file), await readFile(b.file))).toBe(0);
    // Central directory external attributes: the script's mode is 0755, the others 0644.
    const bytes = await readFile(a.file);
    const modes: Record<string, number> = {};
    for (
      let i = bytes.indexOf(Buffer.from("PK\u0001\u0002"));
      i >= 0;
      i = bytes.indexOf(Buffer.from("PK\u0001\u0002"), i + 4)
    ) {
      const nameLength = bytes.readUInt16LE(i + 28);
      modes[bytes.subarray(i + 46, i + 46 + nameLength).toString()] = (bytes.readUInt32LE(i + 38) >>> 16) & 0o777;
      expect(bytes.readUInt16LE(i + 12)).toBe(0); // DOS time 00:00:00
      expect(bytes.readUInt16LE(i + 14)).toBe((0 << 9) | (1 << 5) | 1); // DOS date 1980-01-01
    }
    expect(modes).toEqual({
      "agentkey/SKILL.md": 0o644,
      "agentkey/references/protocol.md": 0o644,
      "agentkey/scripts/run.sh": 0o755,
    });
  });

  it("names the archive's root folder after the skill, whatever its folder is called, and its content hash is discovery's", async () => {
    const dir = await agentkeyFolder("agentkey-1.8.0");
    const result = await packSkill(dir, { out: path.join(root, "out", "renamed.skill"), forDesktop: true });
    expect(result.files[0]).toBe("agentkey/SKILL.md");
    const extracted = path.join(root, "extracted", "agentkey");
    const entries = unzipSync(await readFile(result.file));
    await writeTree(
      extracted,
      Object.fromEntries(Object.entries(entries).map(([k, v]) => [k.slice("agentkey/".length), v])),
    );
    expect(result.contentHash).toBe(await hashSkillFolder(extracted));
  });

  it("refuses a skill Desktop would refuse, with the profile's diagnostics, and writes nothing", async () => {
    const dir = path.join(root, "src", "claude-helper");
    await writeTree(dir, { "SKILL.md": "---\nname: claude-helper\ndescription: Uses <b>tags</b>.\n---\n\nBody.\n" });
    const out = path.join(root, "out", "claude-helper.skill");
    const error = await refusal(packSkill(dir, { out, forDesktop: true }));
    expect(error.diagnostics.map((d) => d.code)).toEqual(
      expect.arrayContaining(["desktop.name.reserved", "desktop.description.xml"]),
    );
    expect(error.diagnostics.find((d) => d.code === "desktop.name.reserved")?.file).toBe(
      path.join(out, "claude-helper", "SKILL.md"),
    );
    await expect(readFile(out)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("refuses a folder holding a second SKILL.md (an archive must hold exactly one)", async () => {
    const dir = path.join(root, "src", "nested");
    await writeTree(dir, {
      "SKILL.md": "---\nname: nested\ndescription: Has an example skill inside.\n---\n\nBody.\n",
      "examples/inner/SKILL.md": "---\nname: inner\ndescription: x\n---\n",
    });
    const error = await refusal(packSkill(dir, { out: path.join(root, "out", "nested.skill"), forDesktop: true }));
    expect(error.diagnostics.map((d) => d.code)).toContain("desktop.archive.skill-count");
  });

  it("refuses a folder without SKILL.md (or whose SKILL.md links out of it) and never replaces an existing archive", async () => {
    const empty = path.join(root, "src", "empty");
    await writeTree(empty, { "README.md": "x" });
    expect(
      (await refusal(packSkill(empty, { out: path.join(root, "out", "empty.skill") }))).diagnostics.map((d) => d.code),
    ).toEqual(["skill.missing-file"]);
    const linked = path.join(root, "src", "linked");
    await mkdir(linked, { recursive: true });
    await symlink(path.join(root, "src", "agentkey", "SKILL.md"), path.join(linked, "SKILL.md"));
    expect(
      (await refusal(packSkill(linked, { out: path.join(root, "out", "linked.skill") }))).diagnostics.map(
        (d) => d.code,
      ),
    ).toEqual(["skill.symlink.outside"]);
    const out = path.join(root, "out", "taken.skill");
    await writeFile(out, "keep me");
    const error = await refusal(packSkill(path.join(root, "src", "agentkey"), { out, forDesktop: true }));
    expect(error.diagnostics.map((d) => d.code)).toContain("pack.out.exists");
    expect(await readFile(out, "utf8")).toBe("keep me");
    const replaced = await packSkill(path.join(root, "src", "agentkey"), { out, forDesktop: true, overwrite: true });
    expect((await readSkillArchive(replaced.file, { profile: "claude-desktop" })).valid).toBe(true);
  });
});

describe("packSkill for Claude Desktop, frontmatter edge cases", () => {
  it("keeps metadata.version when a top-level version also exists, warning when they differ; a list value moves as JSON text", async () => {
    const dir = path.join(root, "src", "both-versions");
    await writeTree(dir, {
      "SKILL.md":
        '---\nname: both-versions\ndescription: Two versions.\nversion: 1.0.0\ntags:\n  - a\n  - b\nmetadata:\n  version: "1.1.0"\n---\n\nBody.\n',
    });
    const result = await packSkill(dir, { out: path.join(root, "out", "both.skill"), forDesktop: true });
    expect(result.version).toBe("1.1.0");
    expect(result.moved).toEqual(["version", "tags"]);
    expect(result.diagnostics.find((d) => d.code === "pack.desktop.duplicate")?.message).toContain(
      'drops the top-level `version` ("1.0.0")',
    );
    const packed = new TextDecoder().decode(unzipSync(await readFile(result.file))["both-versions/SKILL.md"]);
    expect(packed).toContain('metadata:\n  version: "1.1.0"\n  tags: "[\\"a\\",\\"b\\"]"\n');
    expect((await readSkillArchive(result.file, { profile: "claude-desktop" })).valid).toBe(true);
  });

  it("writes an allowed-tools list on one line in the packed copy, which then passes the desktop profile", async () => {
    const dir = path.join(root, "src", "tools-list");
    const text =
      "---\nname: tools-list\ndescription: Lists its tools.\nallowed-tools:\n  - Read\n  - Bash(git:*)\n---\n\nBody.\n";
    await writeTree(dir, { "SKILL.md": text });
    expect(
      (
        await readSkillArchive((await packSkill(dir, { out: path.join(root, "out", "tools-plain.skill") })).file, {
          profile: "claude-desktop",
        })
      ).diagnostics.map((d) => d.code),
    ).toContain("desktop.allowed-tools.list");
    const result = await packSkill(dir, { out: path.join(root, "out", "tools.skill"), forDesktop: true });
    expect(result.moved).toEqual([]);
    expect(result.diagnostics.map((d) => d.code)).toContain("pack.desktop.allowed-tools");
    expect(new TextDecoder().decode(unzipSync(await readFile(result.file))["tools-list/SKILL.md"])).toBe(
      "---\nname: tools-list\ndescription: Lists its tools.\nallowed-tools: Read Bash(git:*)\n---\n\nBody.\n",
    );
    expect(await readFile(path.join(dir, "SKILL.md"), "utf8")).toBe(text);
  });

  it("refuses when metadata is not a mapping, since nothing can be moved under it", async () => {
    const dir = path.join(root, "src", "flat-metadata");
    await writeTree(dir, {
      "SKILL.md":
        "---\nname: flat-metadata\ndescription: Odd metadata.\nversion: 1.0.0\nmetadata: just text\n---\n\nBody.\n",
    });
    const error = await refusal(packSkill(dir, { out: path.join(root, "out", "flat.skill"), forDesktop: true }));
    expect(error.diagnostics.map((d) => d.code)).toEqual(["pack.desktop.metadata"]);
  });
});

describe("packSkill without a profile", () => {
  it("packs the SKILL.md as it is and reports what the Agent Skills rules say", async () => {
    const result = await packSkill(path.join(root, "src", "agentkey"), { out: path.join(root, "out", "plain.skill") });
    expect(result.moved).toEqual([]);
    expect(new TextDecoder().decode(unzipSync(await readFile(result.file))["agentkey/SKILL.md"])).toBe(AGENTKEY);
    expect(result.diagnostics.filter((d) => d.code === "skill.field.unexpected").map((d) => d.message)).toHaveLength(2);
  });
});
