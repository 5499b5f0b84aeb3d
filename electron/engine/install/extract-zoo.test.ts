// The fixture zoo (test-support/archive-zoo, made by scripts/make-archive-zoo.sh with the real tools): every producer's
// archive of the same folder validates as one valid skill and unpacks to exactly that folder — and to what libarchive
// (bsdtar) unpacks, after the documented drops (macOS metadata) and NFC names.
import { spawnSync } from "node:child_process";
import { mkdir, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir } from "../../../test-support/tmp";
import { fingerprintTree } from "../../../test-support/tree-fingerprint";
import { readSkillArchive } from "../skill/archive";
import { extractArchive } from "./extract";
import { isMacMetadata } from "./extract-names";

/** The zoo's folder. */
export const ZOO = fileURLToPath(new URL("../../../test-support/archive-zoo/", import.meta.url));

/** Each fixture, where its skill folder sits in it, and whether its producer records Unix modes (the exec bit). */
export const ZOO_FIXTURES: Array<{ file: string; root: string; modes: boolean }> = [
  { file: "python-writestr.zip", root: "zoo-skill", modes: false },
  { file: "python-zipinfo.zip", root: "zoo-skill", modes: false },
  { file: "python-write.zip", root: "zoo-skill", modes: true },
  { file: "msdos.zip", root: "zoo-skill", modes: false },
  { file: "macos-archive-utility.zip", root: "zoo-skill", modes: true },
  { file: "infozip.zip", root: "zoo-skill", modes: true },
  { file: "infozip-stored.zip", root: "zoo-skill", modes: true },
  { file: "infozip-no-extra.zip", root: "zoo-skill", modes: true },
  { file: "infozip-streamed.zip", root: "zoo-skill", modes: true },
  { file: "infozip-zip64.zip", root: "zoo-skill", modes: true },
  { file: "7z.zip", root: "zoo-skill", modes: true },
  { file: "git-archive.zip", root: "zoo-skill-main/zoo-skill", modes: true },
  { file: "git-archive.tar.gz", root: "zoo-skill-main/zoo-skill", modes: true },
  { file: "gnu-tar.tar.gz", root: "zoo-skill", modes: true },
  { file: "bsdtar-pax.tar", root: "zoo-skill", modes: true },
  { file: "python-tarfile.tgz", root: "zoo-skill", modes: true },
  { file: "tar-no-folders.tar.gz", root: "zoo-skill", modes: true },
];

/** The source folder's fingerprint as a producer without modes leaves it: nothing executable. */
export async function expectedTree(modes: boolean): Promise<Map<string, string>> {
  const source = await fingerprintTree(path.join(ZOO, "source", "zoo-skill"));
  if (modes) return source;
  return new Map([...source].map(([rel, print]) => [rel, print.replace(/^file x /, "file - ")]));
}

let tmp: { dir: string; cleanup: () => Promise<void> };
beforeAll(async () => (tmp = await makeTempDir()));
afterAll(async () => tmp.cleanup());

describe("the archive zoo", () => {
  it("holds every fixture the table lists, and nothing else", async () => {
    const files = (await readdir(ZOO)).filter((n) => n !== "source").sort();
    expect(files).toEqual(ZOO_FIXTURES.map((f) => f.file).sort());
    expect((await stat(path.join(ZOO, "source/zoo-skill/scripts/run.sh"))).mode & 0o111).not.toBe(0);
  });

  it.each(ZOO_FIXTURES)("validate finds one valid skill in $file, every linked file present", async ({ file }) => {
    const report = await readSkillArchive(path.join(ZOO, file));
    expect(report.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    expect(report).toMatchObject({ name: "zoo-skill", valid: true });
    const notes = report.diagnostics.map((d) => d.code);
    expect(notes).toEqual(file.startsWith("macos") ? ["skill.archive.left-out"] : []);
  });

  it.each(ZOO_FIXTURES)("unpacks $file to exactly the folder's files", async ({ file, root, modes }) => {
    const dest = path.join(tmp.dir, "ours", file);
    const summary = await extractArchive(path.join(ZOO, file), dest);
    expect(await fingerprintTree(path.join(dest, ...root.split("/")))).toEqual(await expectedTree(modes));
    expect(summary.leftOut).toEqual(file.startsWith("macos") ? ["zoo-skill/.DS_Store", "__MACOSX/"] : []);
  });

  it.each(ZOO_FIXTURES)(
    "unpacks $file as libarchive (bsdtar) does, after the documented drops",
    async (fixture, ctx) => {
      if (spawnSync("bsdtar", ["--version"]).status !== 0)
        skipBecause(ctx, "bsdtar (libarchive-tools) is not installed");
      const theirs = path.join(tmp.dir, "bsdtar", fixture.file);
      await mkdir(theirs, { recursive: true });
      // An MS-DOS zip's names are CP437: libarchive reads them so only when told (else it writes the raw bytes).
      const charset = fixture.file === "msdos.zip" ? ["--options", "hdrcharset=CP437"] : [];
      const run = spawnSync("bsdtar", ["-x", ...charset, "-f", path.join(ZOO, fixture.file), "-C", theirs], {
        encoding: "utf8",
        env: { ...process.env, LC_ALL: "C.UTF-8" },
      });
      expect(run.status, run.stderr).toBe(0);
      const ours = path.join(tmp.dir, "ours-diff", fixture.file);
      await extractArchive(path.join(ZOO, fixture.file), ours);
      // The documented differences: macOS metadata is left out, names are NFC, and only plain files' exec bits count
      // (bsdtar gives a mode-less entry its umask's bits, so those are compared as not executable).
      const expected = new Map<string, string>();
      for (const [rel, print] of await fingerprintTree(theirs)) {
        if (isMacMetadata(rel.split("/"))) continue;
        expected.set(rel.normalize("NFC"), fixture.modes ? print : print.replace(/^file x /, "file - "));
      }
      expect(await fingerprintTree(ours)).toEqual(expected);
    },
  );
});
