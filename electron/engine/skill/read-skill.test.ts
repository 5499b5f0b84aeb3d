// readSkill on what cannot be committed as fixtures: FIFOs, links, loops, huge and unreadable files, bad encodings, deep trees.
import { execFileSync } from "node:child_process";
import { chmod, mkdir, symlink, truncate } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBinUnprivileged, unprivilegedUnavailable } from "../../../test-support/cli";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { readSkill } from "./read-skill";

const FM = (name: string, more = "") => `---\nname: ${name}\ndescription: A test skill. Use it in tests.\n${more}---\n`;
const BODY = "\n# Steps\n\nDo the thing.\n";

let root: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir: root, cleanup } = await makeTempDir("skillshelf-read-skill-")));
afterAll(async () => cleanup());

/** Writes a skill folder named `name` with the given files and returns its path. */
async function skill(name: string, files: Record<string, string | Uint8Array>): Promise<string> {
  const dir = path.join(root, name);
  await mkdir(dir, { recursive: true });
  await writeTree(dir, files);
  return dir;
}

const codes = (report: { diagnostics: Array<{ code: string }> }) => report.diagnostics.map((d) => d.code);

describe("reading SKILL.md", () => {
  it("reports a FIFO named SKILL.md as unreadable without blocking on it", async () => {
    const dir = await skill("fifo-skill", {});
    execFileSync("mkfifo", [path.join(dir, "SKILL.md")]);
    const report = await readSkill(dir);
    expect(codes(report)).toContain("skill.unreadable");
    expect(report.diagnostics.find((d) => d.code === "skill.unreadable")?.message).toMatch(/named pipe/);
    expect(report.valid).toBe(false);
  });

  it("reports a folder named SKILL.md as unreadable", async () => {
    const dir = await skill("folder-skill", { "SKILL.md/inner.txt": "x" });
    expect(codes(await readSkill(dir))).toContain("skill.unreadable");
  });

  it("reports a 50 MB SKILL.md as unreadable (size cap) without reading it", async () => {
    const dir = await skill("huge-skill", { "SKILL.md": FM("huge-skill") });
    await truncate(path.join(dir, "SKILL.md"), 50 * 1024 * 1024);
    const report = await readSkill(dir);
    const found = report.diagnostics.find((d) => d.code === "skill.unreadable");
    expect(found?.message).toMatch(/limit/);
  });

  it("reports a SKILL.md link that loops, and a dangling one, as unreadable", async () => {
    const loop = await skill("loop-skill", {});
    await symlink("SKILL.md", path.join(loop, "SKILL.md"));
    expect(codes(await readSkill(loop))).toContain("skill.unreadable");
    const dangling = await skill("dangling-skill", {});
    await symlink("nowhere.md", path.join(dangling, "SKILL.md"));
    expect(codes(await readSkill(dangling))).toContain("skill.unreadable");
  });

  it("reports a SKILL.md it has no permission to read (as an unprivileged user, since root reads anything)", async (ctx) => {
    const dir = await skill("locked-skill", { "SKILL.md": FM("locked-skill") + BODY });
    await chmod(path.join(dir, "SKILL.md"), 0o000);
    await chmod(root, 0o755);
    const unavailable = unprivilegedUnavailable();
    if (unavailable) skipBecause(ctx, `running as root and ${unavailable}`);
    const run = await runBinUnprivileged(["validate", dir, "--json"]);
    expect(run.code, run.stderr).toBe(1);
    const [result] = JSON.parse(run.stdout).results as Array<{
      valid: boolean;
      diagnostics: Array<{ code: string; message: string }>;
    }>;
    const unreadable = result?.diagnostics.find((d) => d.code === "skill.unreadable");
    expect(unreadable?.message).toMatch(/permission/);
    expect(result?.valid).toBe(false);
  });

  it("reports invalid UTF-8 and NUL bytes as skill.encoding", async () => {
    const latin1 = await skill("latin1-skill", {
      "SKILL.md": Buffer.from(FM("latin1-skill") + "\ncaf\xe9\n", "latin1"),
    });
    expect(codes(await readSkill(latin1))).toContain("skill.encoding");
    const binary = await skill("binary-skill", {
      "SKILL.md": Buffer.concat([Buffer.from(FM("binary-skill")), Buffer.from([0, 1, 2, 0, 255 - 200])]),
    });
    expect(codes(await readSkill(binary))).toContain("skill.encoding");
    const clean = await skill("utf8-skill", { "SKILL.md": FM("utf8-skill") + "\ncafé 😀\n" });
    expect(codes(await readSkill(clean))).toEqual([]);
  });

  it("strips a BOM with skill.bom and still reads the frontmatter", async () => {
    const dir = await skill("bom-skill", {
      "SKILL.md": Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(FM("bom-skill") + BODY)]),
    });
    const report = await readSkill(dir);
    expect(codes(report)).toEqual(["skill.bom"]);
    expect(report.name).toBe("bom-skill");
    expect(report.valid).toBe(true);
  });

  it("names the key a duplicate-key error is about, on the second key's line", async () => {
    const dir = await skill("dup-key", { "SKILL.md": FM("dup-key", "license: MIT\nlicense: Apache-2.0\n") + BODY });
    const found = (await readSkill(dir)).diagnostics.find((d) => d.code === "skill.frontmatter.yaml");
    expect(found).toMatchObject({ line: 5, message: expect.stringContaining('"license"') });
  });

  it("words the YAML mistakes people make in plain terms, one finding per line, with the fix", async () => {
    const found = async (name: string, more: string) =>
      (await readSkill(await skill(name, { "SKILL.md": FM(name, more) + BODY }))).diagnostics.filter(
        (d) => d.code === "skill.frontmatter.yaml",
      );
    const colon = await found("colon-value", "compatibility: Works with: Claude Code\n");
    expect(colon).toHaveLength(1);
    expect(colon[0]).toMatchObject({
      line: 4,
      message: expect.stringContaining('The value of "compatibility" contains a colon followed by a space'),
      fix: 'Put the whole value in double quotes: compatibility: "Works with: Claude Code"',
    });
    const noColon = await found("no-colon", "license MIT\n");
    expect(noColon).toHaveLength(1);
    expect(noColon[0]!.message).toBe('This line of the frontmatter is not a `key: value` line: "license MIT".');
    const reserved = await found("reserved", "license: @me\n");
    expect(reserved[0]!.fix).toBe("Put the value in double quotes.");
    for (const d of [...colon, ...noColon, ...reserved])
      expect(d.message).not.toMatch(/compact mappings|implicit key/i);
  });

  it("reads CRLF line endings, and still needs a closing line", async () => {
    const crlf = await skill("crlf-skill", { "SKILL.md": (FM("crlf-skill") + BODY).replace(/\n/g, "\r\n") });
    const report = await readSkill(crlf);
    expect(codes(report)).toEqual([]);
    expect(report.description).toBe("A test skill. Use it in tests.");
    expect(report.bodyStartLine).toBe(5);
    const open = await skill("crlf-open", { "SKILL.md": "---\r\nname: crlf-open\r\ndescription: x\r\n" });
    expect(codes(await readSkill(open))).toEqual(["skill.frontmatter.unclosed"]);
  });

  it("reports a folder that does not exist as skill.missing-file", async () => {
    const report = await readSkill(path.join(root, "no-such-folder"));
    expect(codes(report)).toEqual(["skill.missing-file"]);
    expect(report.skillFile).toBeNull();
  });
});

describe("links and trees", () => {
  let outsideDir: string;
  beforeAll(async () => {
    outsideDir = path.join(root, "outside-target");
    await writeTree(outsideDir, { "secret.md": "secret\n", "SKILL.md": FM("outside-target") + BODY });
  });

  it("reports an entry whose real path leaves the folder (skill.symlink.outside) and a reference through it", async () => {
    const dir = await skill("escaping-link", {
      "SKILL.md": FM("escaping-link") + "\nRead [the notes](shared/secret.md).\n",
    });
    await symlink(outsideDir, path.join(dir, "shared"));
    const report = await readSkill(dir);
    const outside = report.diagnostics.filter((d) => d.code === "skill.symlink.outside");
    expect(outside.map((d) => d.file)).toEqual([path.join(dir, "shared")]);
    expect(codes(report)).toContain("skill.ref.outside");
    expect(report.valid).toBe(false);
  });

  it("reports a SKILL.md that links outside the folder and does not read it", async () => {
    const dir = await skill("skill-file-link", {});
    await symlink(path.join(outsideDir, "SKILL.md"), path.join(dir, "SKILL.md"));
    const report = await readSkill(dir);
    expect(codes(report)).toEqual(["skill.symlink.outside"]);
    expect(report.name).toBe("");
  });

  it("accepts links that stay inside the folder", async () => {
    const dir = await skill("inner-link", {
      "SKILL.md": FM("inner-link") + "\nRead [the guide](docs/guide.md).\n",
      "references/guide.md": "# Guide\n",
    });
    await symlink("references", path.join(dir, "docs"));
    const report = await readSkill(dir);
    expect(codes(report)).toEqual([]);
  });

  it("survives a link loop inside the folder with a warning", async () => {
    const dir = await skill("loop-inside", { "SKILL.md": FM("loop-inside") + BODY });
    await symlink("a", path.join(dir, "b"));
    await symlink("b", path.join(dir, "a"));
    await symlink(".", path.join(dir, "self"));
    const report = await readSkill(dir);
    expect(codes(report).filter((c) => c === "skill.symlink.broken")).toHaveLength(2);
    expect(report.valid).toBe(true);
  });

  it("names the first 20 broken or outside links and sums up the rest in one line each", async () => {
    const dir = await skill("many-links", { "SKILL.md": FM("many-links") + BODY });
    for (let i = 0; i < 30; i++) await symlink(`missing-${i}`, path.join(dir, `broken-${String(i).padStart(2, "0")}`));
    for (let i = 0; i < 25; i++) await symlink("/etc", path.join(dir, `out-${String(i).padStart(2, "0")}`));
    const report = await readSkill(dir);
    const broken = report.diagnostics.filter((d) => d.code === "skill.symlink.broken");
    const outside = report.diagnostics.filter((d) => d.code === "skill.symlink.outside");
    expect(broken).toHaveLength(21);
    expect(broken.at(-1)?.message).toMatch(/^10 more links are broken or loop \(30 in all\)/);
    expect(outside).toHaveLength(21);
    expect(outside.at(-1)?.message).toMatch(/^5 more links lead outside the skill's folder \(25 in all\)/);
    expect(report.valid).toBe(false);
  });

  it("survives a very deep tree and says the listing was cut short", async () => {
    const deep = Array.from({ length: 40 }, (_, i) => `d${i}`).join("/");
    const dir = await skill("deep-tree", { "SKILL.md": FM("deep-tree") + BODY, [`${deep}/leaf.txt`]: "leaf" });
    const report = await readSkill(dir);
    expect(codes(report)).toEqual(["skill.files.truncated"]);
  });

  it("does not treat binary files in the folder as a problem", async () => {
    const dir = await skill("with-binary", {
      "SKILL.md": FM("with-binary") + "\n![logo](assets/logo.png)\n",
      "assets/logo.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff]),
    });
    expect(codes(await readSkill(dir))).toEqual([]);
  });
});

describe("body size rules", () => {
  it("warns over 500 lines, not at 500", async () => {
    const lines = (n: number) => "\n" + Array.from({ length: n - 1 }, (_, i) => `Line ${i}.`).join("\n") + "\n";
    const over = await skill("long-body", { "SKILL.md": FM("long-body") + lines(501) });
    const at = await skill("limit-body", { "SKILL.md": FM("limit-body") + lines(500) });
    expect(codes(await readSkill(over))).toEqual(["skill.body.lines"]);
    expect(codes(await readSkill(at))).toEqual([]);
  });

  it("warns over 5000 estimated tokens, says it is an estimate, not at 5000", async () => {
    const body = (chars: number) => "\n" + "x".repeat(chars - 2) + "\n";
    const over = await readSkill(await skill("heavy-body", { "SKILL.md": FM("heavy-body") + body(20_001) }));
    expect(codes(over)).toEqual(["skill.body.tokens"]);
    expect(over.diagnostics[0]!.message).toMatch(/estimate/);
    expect(
      codes(await readSkill(await skill("limit-tokens", { "SKILL.md": FM("limit-tokens") + body(20_000) }))),
    ).toEqual([]);
  });
});

describe("what the report carries", () => {
  it("reads scalars as strings, the version with its source and the repository", async () => {
    const meta = await readSkill(
      await skill("meta-version", {
        "SKILL.md": FM("meta-version", "metadata:\n  version: 1.10\n  repository: https://github.com/o/r\n") + BODY,
      }),
    );
    expect(meta).toMatchObject({
      version: "1.10",
      versionSource: "metadata.version",
      repository: "https://github.com/o/r",
      valid: true,
    });
    const top = await readSkill(
      await skill("top-version", {
        "SKILL.md": FM("top-version", "version: 2.0.0\nhomepage: https://example.com\n") + BODY,
      }),
    );
    expect(top).toMatchObject({
      version: "2.0.0",
      versionSource: "frontmatter.version",
      repository: "https://example.com",
    });
    expect(codes(top)).toEqual(["skill.field.unexpected", "skill.field.unexpected"]);
    const none = await readSkill(await skill("no-version", { "SKILL.md": FM("no-version") + BODY }));
    expect(none).toMatchObject({ version: null, versionSource: null, repository: null });
  });

  it("gives the body, its first line and the parsed frontmatter", async () => {
    const dir = await skill("shape", { "SKILL.md": FM("shape", "license: MIT\n") + BODY });
    const report = await readSkill(dir);
    expect(report).toMatchObject({
      dir,
      realDir: dir,
      skillFile: path.join(dir, "SKILL.md"),
      name: "shape",
      body: BODY,
      bodyStartLine: 6,
    });
    expect(report.frontmatter).toEqual({
      name: "shape",
      description: "A test skill. Use it in tests.",
      license: "MIT",
    });
  });

  it("resolves realDir through a linked skill folder", async () => {
    const real = await skill("real-folder", { "SKILL.md": FM("linked-folder") + BODY });
    const link = path.join(root, "linked-folder");
    await symlink(real, link);
    const report = await readSkill(link);
    expect(report.dir).toBe(link);
    expect(report.realDir).toBe(real);
    expect(report.valid).toBe(true);
  });
});
