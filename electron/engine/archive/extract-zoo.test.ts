// The fixture zoo (test-support/archive-zoo, made by scripts/make-archive-zoo.sh with the real tools): every producer's
// archive of the same folder validates as one valid skill and unpacks to exactly that folder — and to what libarchive
// (bsdtar) unpacks, after the documented drops (macOS metadata) and NFC names.
import { spawnSync } from "node:child_process";
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir } from "../../../test-support/tmp";
import { fingerprintTree } from "../../../test-support/tree-fingerprint";
import { expectedTree, ZOO, ZOO_FIXTURES } from "../../../test-support/archive-zoo";
import { readSkillArchive } from "../skill/archive";
import { tarGzOf, zipOf } from "../../../test-support/archives";
import { writeTree } from "../../../test-support/tmp";
import { EngineError } from "../errors";
import { extractArchive } from "./extract";
import { obtainSkill } from "../fetch/obtain";
import { applyReviewed, diffForUpdate } from "../lifecycle/steps";

/** What macOS adds to the archives it makes (`__MACOSX/`, AppleDouble `._*` files, `.DS_Store`): left out on unpacking. */
const isMacMetadata = (rel: string) => /(^|\/)__MACOSX(\/|$)|(^|\/)(\._[^/]*|\.DS_Store)$/.test(rel);

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

  it.for(ZOO_FIXTURES)(
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
        if (isMacMetadata(rel)) continue;
        expected.set(rel.normalize("NFC"), fixture.modes ? print : print.replace(/^file x /, "file - "));
      }
      expect(await fingerprintTree(ours)).toEqual(expected);
    },
  );

  it.each(ZOO_FIXTURES)("an update from $file installs exactly the folder's files", async ({ file, modes }) => {
    const installed = path.join(tmp.dir, "installed", file, "zoo-skill");
    const dataDir = path.join(tmp.dir, "data", file);
    await writeTree(installed, { "SKILL.md": OLD });
    const obtained = await obtainSkill({ file: path.join(ZOO, file) }, { dataDir, expectName: "zoo-skill" });
    try {
      expect(obtained.leftOut).toEqual(file.startsWith("macos") ? ["zoo-skill/.DS_Store", "__MACOSX/"] : []);
      const diff = await diffForUpdate(installed, obtained.skillDir, dataDir);
      await applyReviewed(installed, obtained.skillDir, diff, dataDir);
    } finally {
      await obtained.cleanup();
    }
    expect(await fingerprintTree(installed)).toEqual(await expectedTree(modes));
  });
});

const OLD = "---\nname: zoo-skill\ndescription: The old zoo skill. Use it in tests.\n---\n\n# Old\n";
const NEW = "---\nname: zoo-skill\ndescription: A hostile zoo skill. Use it in tests.\n---\n\n# New\n";
const PAYLOAD = "[core]\n\tfsmonitor = touch /tmp/pwned\n";

/** Names no one should install, and the reason each must be refused with. */
export const HOSTILE_NAMES: Array<[string, string, RegExp]> = [
  ["a control character", "zoo-skill/bell\u0007.md", /control character/],
  ["a line break", "zoo-skill/two\nlines.md", /line break/],
  ["a bidi override", "zoo-skill/evil\u202Etxt.md", /invisible character U\+202E/],
  ["a zero-width space", "zoo-skill/a\u200Bb.md", /invisible character U\+200B/],
  ["a byte-order mark", "zoo-skill/\uFEFFnotes.md", /invisible character U\+FEFF/],
  ["a Windows device name", "zoo-skill/CON.md", /Windows reserves/],
  ["a Windows device folder", "zoo-skill/com1/x.md", /Windows reserves/],
  ["a trailing dot", "zoo-skill/notes.", /ends in a dot or a space/],
  ["a trailing space", "zoo-skill/notes ", /ends in a dot or a space/],
  ["a .git folder", "zoo-skill/.git/config", /version-control folder/],
  ["a .GIT folder in capitals", "zoo-skill/.GIT/config", /version-control folder/],
  ["a .git folder at the root", ".git/hooks/post-checkout", /version-control folder/],
  ["a .Git folder in mixed case", "zoo-skill/.Git/config", /version-control folder/],
  ["a .git folder spelled with a joiner macOS ignores", "zoo-skill/.g\u200Cit/config", /invisible character U\+200C/],
  ["a .hg folder", "zoo-skill/sub/.hg/hgrc", /version-control folder/],
  ["a .svn folder", "zoo-skill/.svn/entries", /version-control folder/],
];

describe("names no one should install", () => {
  it.each(HOSTILE_NAMES)("refuses a zip and a tar.gz holding %s, keeping nothing", async (_what, name, reason) => {
    const dataDir = path.join(tmp.dir, "hostile-data");
    const archives: Array<[string, Uint8Array]> = [
      ["hostile.zip", zipOf({ "zoo-skill/SKILL.md": NEW, [name]: PAYLOAD })],
      [
        "hostile.tar.gz",
        tarGzOf([
          { name: "zoo-skill/SKILL.md", body: NEW },
          { name, body: PAYLOAD },
        ]),
      ],
    ];
    for (const [file, bytes] of archives) {
      const archive = path.join(tmp.dir, "hostile", file);
      await mkdir(path.dirname(archive), { recursive: true });
      await writeFile(archive, bytes);
      const error = await obtainSkill({ file: archive }, { dataDir, expectName: "zoo-skill" }).catch((e: unknown) => e);
      expect(error, file).toBeInstanceOf(EngineError);
      expect((error as EngineError).code, file).toBe("install.archive.unsafe-entry");
      expect((error as EngineError).message, file).toMatch(reason);
      expect(await readdir(path.join(dataDir, "staging")), file).toEqual([]);
      const report = await readSkillArchive(archive);
      expect(report.valid, file).toBe(false);
      expect(
        report.diagnostics.filter((d) => d.code === "skill.archive.entry-refused").map((d) => d.message),
        file,
      ).toEqual([expect.stringMatching(reason)]);
    }
    expect((await readdir(path.join(tmp.dir, "hostile"))).sort()).toEqual(["hostile.tar.gz", "hostile.zip"]);
  });
});
