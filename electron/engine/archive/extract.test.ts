import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { spawnSync } from "node:child_process";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir } from "../../../test-support/tmp";
import { tarGzOf, zipOf, type TarEntrySpec, type ZipEntrySpec } from "../../../test-support/archives";
import { extractArchive } from "./extract";
import { EngineError } from "../errors";

let tmp: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => (tmp = await makeTempDir()));
afterEach(async () => tmp.cleanup());

const skill = "---\nname: demo\ndescription: A demo skill.\n---\n\n# Demo\n";

async function listAll(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map(String).sort();
}

async function refused(bytes: Uint8Array, fileName: string): Promise<EngineError> {
  const file = path.join(tmp.dir, fileName);
  await writeFile(file, bytes);
  await mkdir(path.join(tmp.dir, "staging"), { recursive: true });
  const before = await listAll(tmp.dir);
  const dest = path.join(tmp.dir, "staging", "x");
  const error = await extractArchive(file, dest).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  // Nothing is left anywhere: not the staging folder, not a file beside it or above it.
  expect(await listAll(tmp.dir)).toEqual(before);
  return error as EngineError;
}

const zip = (entries: Record<string, ZipEntrySpec>) => zipOf(entries);
const tgz = (entries: TarEntrySpec[]) => tarGzOf(entries);

describe("extractArchive", () => {
  it("unpacks a zip with folders and keeps exec bits", async () => {
    const file = path.join(tmp.dir, "demo.zip");
    await writeFile(
      file,
      zip({
        "demo/SKILL.md": skill,
        "demo/scripts/run.sh": { data: "#!/bin/sh\necho hi\n", unixMode: 0o100755 },
        "demo/empty.txt": "",
      }),
    );
    const dest = path.join(tmp.dir, "out");
    const result = await extractArchive(file, dest);
    expect(result).toMatchObject({ files: 3, format: "zip" });
    expect(await readFile(path.join(dest, "demo/SKILL.md"), "utf8")).toBe(skill);
    expect((await stat(path.join(dest, "demo/scripts/run.sh"))).mode & 0o111).not.toBe(0);
    expect((await stat(path.join(dest, "demo/SKILL.md"))).mode & 0o111).toBe(0);
    expect((await stat(path.join(dest, "demo/empty.txt"))).size).toBe(0);
  });

  it("matches entry names that are not marked UTF-8 the way the zip reader decodes them", async () => {
    const file = path.join(tmp.dir, "legacy.zip");
    const bytes = zip({ "demo/SKILL.md": skill, "demo/caf\u00e9.txt": "x" });
    // Clear the UTF-8 flag (bit 11) in every local and central header, as old packers wrote names.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i + 4 <= bytes.length; i++) {
      const sig = view.getUint32(i, true);
      if (sig === 0x04034b50) view.setUint16(i + 6, view.getUint16(i + 6, true) & ~0x800, true);
      if (sig === 0x02014b50) view.setUint16(i + 8, view.getUint16(i + 8, true) & ~0x800, true);
    }
    await writeFile(file, bytes);
    const dest = path.join(tmp.dir, "out");
    expect(await extractArchive(file, dest)).toMatchObject({ files: 2 });
    expect((await listAll(dest)).length).toBe(3);
  });

  it("unpacks a tar.gz (GitHub's source-archive layout with a pax global header)", async () => {
    const file = path.join(tmp.dir, "demo.tar.gz");
    const pax = "52 comment=0123456789012345678901234567890123456789\n";
    await writeFile(
      file,
      tgz([
        { name: "pax_global_header", type: "g" as never, body: pax },
        { name: "repo-1.0.0/", type: "5" },
        { name: "repo-1.0.0/demo/SKILL.md", body: skill },
        { name: "repo-1.0.0/demo/run.sh", body: "#!/bin/sh\n", mode: 0o755 },
      ]),
    );
    const dest = path.join(tmp.dir, "out");
    expect(await extractArchive(file, dest)).toMatchObject({ files: 2, format: "tar.gz" });
    expect(await readFile(path.join(dest, "repo-1.0.0/demo/SKILL.md"), "utf8")).toBe(skill);
    expect((await stat(path.join(dest, "repo-1.0.0/demo/run.sh"))).mode & 0o111).not.toBe(0);
    expect(await listAll(dest)).not.toContain("pax_global_header");
  });

  const hostileZips: Array<[string, Record<string, ZipEntrySpec>, RegExp]> = [
    ["zip-slip", { "demo/SKILL.md": skill, "../evil.txt": "pwned" }, /"\.\.\/evil\.txt" climbs out/],
    ["a nested zip-slip", { "demo/SKILL.md": skill, "demo/../../evil.txt": "pwned" }, /climbs out/],
    [
      "an absolute path",
      { "demo/SKILL.md": skill, "/tmp/evil.txt": "pwned" },
      /"\/tmp\/evil\.txt" is an absolute path/,
    ],
    ["a drive letter", { "demo/SKILL.md": skill, "C:/evil.txt": "pwned" }, /drive letter/],
    ["a backslash slip", { "demo/SKILL.md": skill, "..\\evil.txt": "pwned" }, /climbs out/],
    ["a backslash-absolute path", { "demo/SKILL.md": skill, "\\etc\\x": "pwned" }, /"\\etc\\x" is an absolute path/],
    ["a backslash-absolute skill", { "\\abs\\SKILL.md": skill }, /is an absolute path/],
    [
      "a symbolic link",
      { "demo/SKILL.md": skill, "demo/link": { data: "../../etc/passwd", unixMode: 0o120777 } },
      /"demo\/link" is a symbolic link/,
    ],
    ["a FIFO", { "demo/SKILL.md": skill, "demo/pipe": { data: "", unixMode: 0o010644 } }, /named pipe/],
    ["a case-folded duplicate", { "demo/SKILL.md": skill, "demo/skill.md": skill }, /only in letter case/],
    ["a file over a folder", { "demo/SKILL.md": skill, "demo/SKILL.md/x": "y" }, /appears twice/],
  ];
  for (const [what, entries, message] of hostileZips) {
    it(`refuses a zip with ${what}, writing nothing`, async () => {
      const error = await refused(zip(entries), "hostile.zip");
      expect(error.code).toBe("install.archive.unsafe-entry");
      expect(error.message).toMatch(message);
    });
  }

  const hostileTars: Array<[string, TarEntrySpec[], RegExp]> = [
    [
      "tar-slip",
      [
        { name: "demo/SKILL.md", body: skill },
        { name: "../evil.txt", body: "pwned" },
      ],
      /"\.\.\/evil\.txt" climbs out/,
    ],
    [
      "an absolute path",
      [
        { name: "demo/SKILL.md", body: skill },
        { name: "/tmp/evil.txt", body: "pwned" },
      ],
      /is an absolute path/,
    ],
    [
      "a backslash-absolute path",
      [
        { name: "demo/SKILL.md", body: skill },
        { name: "\\etc\\x", body: "pwned" },
      ],
      /is an absolute path/,
    ],
    [
      "a symbolic link",
      [
        { name: "demo/SKILL.md", body: skill },
        { name: "demo/link", type: "2", linkpath: "/etc/passwd" },
      ],
      /"demo\/link" is a symbolic link/,
    ],
    [
      "a hard link",
      [
        { name: "demo/SKILL.md", body: skill },
        { name: "demo/hard", type: "1", linkpath: "/etc/passwd" },
      ],
      /is a hard link/,
    ],
    [
      "a device",
      [
        { name: "demo/SKILL.md", body: skill },
        { name: "demo/dev", type: "3" },
      ],
      /character device/,
    ],
    [
      "a FIFO",
      [
        { name: "demo/SKILL.md", body: skill },
        { name: "demo/fifo", type: "6" },
      ],
      /named pipe/,
    ],
    [
      "a duplicate",
      [
        { name: "demo/SKILL.md", body: skill },
        { name: "demo/SKILL.md", body: "second" },
      ],
      /appears twice/,
    ],
  ];
  for (const [what, entries, message] of hostileTars) {
    it(`refuses a tar.gz with ${what}, writing nothing`, async () => {
      const error = await refused(tgz(entries), "hostile.tar.gz");
      expect(error.code).toBe("install.archive.unsafe-entry");
      expect(error.message).toMatch(message);
    });
  }

  it("refuses a zip Python's zipfile wrote with a backslash-absolute entry (\\abs\\SKILL.md), writing nothing", async (ctx) => {
    const file = path.join(tmp.dir, "python.zip");
    const script = [
      "import sys, zipfile",
      "with zipfile.ZipFile(sys.argv[1], 'w') as z:",
      "    z.writestr('demo/SKILL.md', sys.argv[2])",
      "    z.writestr(zipfile.ZipInfo('\\\\abs\\\\SKILL.md'), sys.argv[2])",
    ].join("\n");
    const made = spawnSync("python3", ["-c", script, file, skill], { encoding: "utf8" });
    if (made.error) skipBecause(ctx, "python3 is not installed");
    expect(made.status, made.stderr).toBe(0);
    const error = await refused(await readFile(file), "python-copy.zip");
    expect(error.code).toBe("install.archive.unsafe-entry");
    expect(error.message).toMatch(/"\\abs\\SKILL\.md" is an absolute path/);
  });

  it("refuses a zip bomb by ratio and by total size", async () => {
    const zeros = new Uint8Array(8 * 1024 * 1024);
    const byRatio = await refused(zip({ "demo/SKILL.md": skill, "demo/zeros.bin": zeros }), "bomb.zip");
    expect(byRatio.code).toBe("install.archive.too-large");
    expect(byRatio.message).toMatch(/"demo\/zeros\.bin" unpacks to more than 100 times/);
    const file = path.join(tmp.dir, "big.zip");
    await writeFile(file, zip({ "a.bin": zeros, "b.bin": zeros }));
    const error = await extractArchive(file, path.join(tmp.dir, "out"), {
      limits: { maxTotalBytes: 10 * 1024 * 1024, maxRatio: 1e9 },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "install.archive.too-large",
      message: expect.stringMatching(/more than 10\.0 MB/),
    });
  });

  it("refuses a tar.gz bomb by ratio and too many files", async () => {
    const bomb = await refused(
      tgz([{ name: "demo/zeros.bin", body: new Uint8Array(16 * 1024 * 1024) }]),
      "bomb.tar.gz",
    );
    expect(bomb.message).toMatch(/more than 100 times its own size/);
    const many = Array.from({ length: 30 }, (_, i) => ({ name: `demo/f${i}.txt`, body: "x" }));
    const file = path.join(tmp.dir, "many.tar.gz");
    await writeFile(file, tgz(many));
    const error = await extractArchive(file, path.join(tmp.dir, "out"), { limits: { maxFiles: 20 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      code: "install.archive.too-large",
      message: expect.stringMatching(/more than 20 files/),
    });
    const folders = path.join(tmp.dir, "folders.tar.gz");
    await writeFile(folders, tgz(Array.from({ length: 30 }, (_, i) => ({ name: `demo/d${i}/`, type: "5" as const }))));
    const folderError = await extractArchive(folders, path.join(tmp.dir, "out2"), { limits: { maxFiles: 20 } }).catch(
      (e: unknown) => e,
    );
    expect(folderError).toMatchObject({
      code: "install.archive.too-large",
      message: expect.stringMatching(/more than 20 folders/),
    });
  });

  it("does not open an archive over the size limit", async () => {
    const file = path.join(tmp.dir, "big.zip");
    await writeFile(file, zip({ "demo/SKILL.md": skill, "demo/pad.bin": new Uint8Array(randomBytes(64 * 1024)) }));
    const error = await extractArchive(file, path.join(tmp.dir, "out"), {
      limits: { maxArchiveBytes: 32 * 1024 },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "install.archive.too-large",
      message: expect.stringMatching(/over the 32\.0 KB limit, so it was not opened/),
    });
    expect(await listAll(tmp.dir)).toEqual(["big.zip"]);
  });

  it("refuses garbage and truncated archives with a reason", async () => {
    const garbage = await refused(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]), "garbage.zip");
    expect(garbage.code).toBe("install.archive.invalid");
    const full = tgz([{ name: "demo/SKILL.md", body: skill.repeat(50) }]);
    const truncated = await refused(full.subarray(0, Math.floor(full.length / 2)), "cut.tar.gz");
    expect(truncated.code).toBe("install.archive.invalid");
  });

  it("keeps only the exec bit: never setuid, setgid or sticky, and a mode without type bits is a plain file", async () => {
    const file = path.join(tmp.dir, "modes.zip");
    await writeFile(
      file,
      zip({
        "demo/SKILL.md": { data: skill, unixMode: 0o600 },
        "demo/suid.sh": { data: "#!/bin/sh\n", unixMode: 0o106777 },
        "demo/folder/": { data: "", unixMode: 0o755 },
      }),
    );
    const dest = path.join(tmp.dir, "out");
    await extractArchive(file, dest);
    expect((await stat(path.join(dest, "demo/suid.sh"))).mode & 0o7777).toBe(0o755 & ~process.umask());
    expect((await stat(path.join(dest, "demo/SKILL.md"))).isFile()).toBe(true);
    expect((await stat(path.join(dest, "demo/folder"))).isDirectory()).toBe(true);
  });

  it("refuses a name given twice in two Unicode normalisations, or in two letter cases", async () => {
    const nfd = await refused(zip({ "demo/caf\u00e9.md": "a", "demo/cafe\u0301.md": "b" }), "nfd.zip");
    expect(nfd.message).toMatch(/another Unicode normalisation/);
    const cased = await refused(tgz([{ name: "demo/Notes.md" }, { name: "demo/notes.md" }]), "case.tar.gz");
    expect(cased.message).toMatch(/only in letter case/);
  });

  it("reads a plain (not gzipped) tar, and says what macOS metadata it left out", async () => {
    const file = path.join(tmp.dir, "plain.tar");
    await writeFile(file, gunzipSync(tgz([{ name: "demo/SKILL.md", body: skill }, { name: "demo/._SKILL.md" }])));
    const result = await extractArchive(file, path.join(tmp.dir, "out"));
    expect(result).toMatchObject({ format: "tar", files: 1, leftOut: ["demo/._SKILL.md"] });
    expect(await listAll(path.join(tmp.dir, "out"))).toEqual(["demo", "demo/SKILL.md"]);
  });
});
