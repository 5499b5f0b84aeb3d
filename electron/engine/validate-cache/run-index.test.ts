// The kept run's file: identities stored as numbers equal what a plain stat gives back, every change to a path it
// depends on is seen, and a file that is not one this build wrote is never used.
import { readdirSync } from "node:fs";
import { appendFile, chmod, chown, cp, mkdir, readdir, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir } from "../../../test-support/tmp";
import { statNs } from "../fs/stats-seen";
import { identityOf } from "./identity";
import { pathDeps, storedDeps, withSkillsChanged, type SkillDep } from "./run-deps";
import { MAX_RUNS, MAX_STALE, checkRun, readRun, runFileParts, saveRun, splicePieces } from "./run-index";

const FIXTURES = fileURLToPath(new URL("../skill/fixtures", import.meta.url));
const KEY = "the key";
let tmp: Awaited<ReturnType<typeof makeTempDir>>;
let root: string;

/** Every folder under `root` as a skill whose result depends on all its paths, as a cache record names them. */
function skillsUnder(folder: string): SkillDep[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => {
      const dir = path.join(folder, e.name);
      const rels = [".", ...readdirSync(dir, { recursive: true }).map(String)];
      const entries = rels.map((rel): [string, string] => [rel, identityOf(statNs(path.join(dir, rel), rel === ".")!)]);
      return [dir, dir, entries];
    });
}

/** Writes a run and reads it back, checked against the disk as it is now. */
async function keepAndCheck(skills: SkillDep[], paths: string[]) {
  const deps = storedDeps({ paths: pathDeps(paths, BigInt(Date.now() + 10_000) * 1_000_000n)!, skills })!;
  const file = path.join(tmp.dir, "run");
  await writeFile(
    file,
    runFileParts({ key: KEY, code: 1, deps, marks: null, how: null, output: [Buffer.from("output\n")] }),
  );
  return { file, deps, check: () => checkRun(readRun(file, KEY)!) };
}

describe("a kept run", () => {
  beforeEach(async () => {
    tmp = await makeTempDir();
    root = path.join(tmp.dir, "skills");
    await cp(FIXTURES, root, { recursive: true, verbatimSymlinks: true });
  });
  afterEach(() => tmp.cleanup());

  it("stores identities that equal what a plain stat gives back, for every fixture path", async () => {
    const skills = skillsUnder(root);
    expect(skills.flatMap(([, , entries]) => entries).length).toBeGreaterThan(100);
    const { check } = await keepAndCheck(skills, [root, path.join(tmp.dir, "absent.json")]);
    expect(check()).toEqual({ kind: "same", output: Buffer.from("output\n"), code: 1 });
  });

  it("names each skill whose paths changed, and nothing more when a path it read through links did", async () => {
    const skills = skillsUnder(root);
    const index = (name: string) => skills.findIndex(([dir]) => path.basename(dir) === name);
    const { check, deps } = await keepAndCheck(skills, [root, path.join(tmp.dir, "settings.json")]);
    await appendFile(path.join(root, "valid-minimal", "SKILL.md"), "\nMore.\n");
    await writeFile(path.join(root, "ref-missing", "references", "guide.md"), "# Guide\n");
    const found = check();
    expect(found?.kind).toBe("stale");
    const stale = found?.kind === "stale" ? found.stale : [];
    expect(stale.map((skill) => skill.index)).toEqual([index("ref-missing"), index("valid-minimal")].sort());
    // A run kept again with those skills read afresh is the same as now: with their places known, valid-minimal's
    // identities are written where they were; a new name in ref-missing's folder writes the names again.
    const fresh = new Map(
      skillsUnder(root)
        .map((skill, i) => [i, skill] as const)
        .filter(([i]) => i === index("ref-missing") || i === index("valid-minimal")),
    );
    const places = new Map(stale.map((skill) => [skill.index, skill]));
    const again = withSkillsChanged(deps, fresh, places)!;
    expect(again.names).not.toBe(deps.names);
    const file = path.join(tmp.dir, "again");
    await writeFile(file, runFileParts({ key: KEY, code: 0, deps: again, marks: null, how: null, output: [] }));
    expect(checkRun(readRun(file, KEY)!)?.kind).toBe("same");
    // Only SKILL.md changed again: the names are the kept ones, and the run is the same as now.
    await appendFile(path.join(root, "valid-minimal", "SKILL.md"), "\nAgain.\n");
    const onlyEdited = checkRun(readRun(file, KEY)!);
    const edited = onlyEdited?.kind === "stale" ? onlyEdited.stale : [];
    expect(edited.map((skill) => skill.index)).toEqual([index("valid-minimal")]);
    const kept = readRun(file, KEY)!;
    const samePlaces = withSkillsChanged(
      kept.deps,
      new Map([[index("valid-minimal"), skillsUnder(root)[index("valid-minimal")]!]]),
      new Map(edited.map((skill) => [skill.index, skill])),
    )!;
    expect(samePlaces.names).toBe(kept.deps.names);
    await writeFile(
      file,
      runFileParts({
        key: KEY,
        code: 0,
        deps: samePlaces,
        marks: null,
        how: null,
        output: [],
        namesText: kept.namesText,
      }),
    );
    expect(checkRun(readRun(file, KEY)!)?.kind).toBe("same");
    // The settings file appearing, or a name added to a searched folder: the run is not used at all.
    await writeFile(path.join(tmp.dir, "settings.json"), "{}");
    expect(check()).toBeNull();
  });

  it("replaces a skill's piece of the output, moving the pieces after it and counting the totals again", async () => {
    const skills = skillsUnder(root).slice(0, 3);
    const deps = storedDeps({ paths: [], skills })!;
    // "head\n", three pieces, "tail\n"; the second piece holds 2 errors and is invalid.
    const output = ["head\n", "one\n", "two two\n", "three\n", "tail\n"].map((t) => Buffer.from(t));
    const marks = Uint32Array.from([5, 9, 0, 1, 0, 1, 9, 17, 2, 0, 0, 0, 17, 23, 0, 0, 3, 1]);
    const file = path.join(tmp.dir, "marked");
    const write = (m: Uint32Array) =>
      writeFile(file, runFileParts({ key: KEY, code: 1, deps, marks: m, how: { any: 1 }, output }));
    await write(marks);
    const run = readRun(file, KEY)!;
    expect(run.how).toEqual({ any: 1 });
    const spliced = splicePieces(run, new Map([[1, { bytes: Buffer.from("2\n"), counts: [0, 1, 0, 1] as const }]]))!;
    expect(Buffer.concat([...spliced.parts, spliced.rest]).toString()).toBe("head\none\n2\nthree\ntail\n");
    expect([...spliced.marks]).toEqual([5, 9, 0, 1, 0, 1, 9, 11, 0, 1, 0, 1, 11, 17, 0, 0, 3, 1]);
    expect(spliced.totals).toEqual({ checked: 3, invalid: 0, error: 0, warning: 2, info: 3, failed: false });
    expect(Buffer.concat(spliced.parts).toString()).toBe("head\none\n2\nthree\n");
    // Marks that do not describe the output: overlapping, past its end, a validity that is neither 0 nor 1.
    for (const [at, value] of [
      [6, 8],
      [13, 99],
      [11, 2],
    ] as const) {
      const wrong = new Uint32Array(marks);
      wrong[at] = value;
      await write(wrong);
      expect(splicePieces(readRun(file, KEY)!, new Map()), `mark ${at} = ${value}`).toBeNull();
    }
    // Marks that are not one per skill: the run is not read.
    await write(marks.subarray(0, 12));
    expect(readRun(file, KEY)).toBeNull();
  });

  it("is not used when a changed skill folder may now be something else", async () => {
    const skills = skillsUnder(root);
    const { check } = await keepAndCheck(skills, [root]);
    await mkdir(path.join(root, "valid-minimal", ".claude-plugin"));
    await writeFile(path.join(root, "valid-minimal", ".claude-plugin", "marketplace.json"), "{}");
    expect(check()).toBeNull();
  });

  it("is not read when it is another command line's, cut short, or not a run file", async () => {
    const { file } = await keepAndCheck(skillsUnder(root), [root]);
    expect(readRun(file, "another key")).toBeNull();
    const whole = (await import("node:fs")).readFileSync(file);
    for (const bytes of [
      whole.subarray(0, whole.length - 1),
      Buffer.concat([whole, Buffer.from("x")]),
      Buffer.from("{}\n{}\n"),
    ]) {
      await writeFile(file, bytes);
      expect(readRun(file, KEY)).toBeNull();
    }
  });

  it("keeps nothing when a folder it depends on changed within the racy window or holds .claude-plugin", async () => {
    expect(pathDeps([root], BigInt(Date.now()) * 1_000_000n)).toBeNull();
    const later = BigInt(Date.now() + 10_000) * 1_000_000n;
    expect(pathDeps([root], later)).toHaveLength(1);
    await mkdir(path.join(root, ".claude-plugin"));
    expect(pathDeps([root], later)).toBeNull();
  });

  it("is not used when more skills changed than a kept run reads again", async () => {
    const many = path.join(tmp.dir, "many");
    for (let i = 0; i <= MAX_STALE; i++) {
      await mkdir(path.join(many, `s${i}`), { recursive: true });
      await writeFile(path.join(many, `s${i}`, "SKILL.md"), "---\nname: s\n---\n");
    }
    const { check } = await keepAndCheck(skillsUnder(many), [many]);
    for (let i = 0; i < MAX_STALE; i++) await appendFile(path.join(many, `s${i}`, "SKILL.md"), "more\n");
    expect(check()).toMatchObject({ kind: "stale", stale: expect.any(Array) });
    await appendFile(path.join(many, `s${MAX_STALE}`, "SKILL.md"), "more\n");
    expect(check()).toBeNull();
  });

  it("keeps the newest runs only", async () => {
    const runs = path.join(tmp.dir, "runs");
    await mkdir(runs);
    for (let i = 0; i < MAX_RUNS + 3; i++) {
      const file = path.join(runs, `${i.toString(16).padStart(16, "0")}.v1`);
      await writeFile(file, "old");
      await utimes(file, 1_000 + i, 1_000 + i);
    }
    await writeFile(path.join(runs, "not-a-run"), "kept");
    saveRun(path.join(runs, "ffffffffffffffff.v1"), [Buffer.from("new")]);
    const left = (await readdir(runs)).sort();
    expect(left).toHaveLength(MAX_RUNS + 1);
    expect(left).toContain("ffffffffffffffff.v1");
    expect(left).toContain("not-a-run");
    expect(left).not.toContain("0000000000000000.v1");
  });

  it("is not read when others may write it, or another user owns it", async (ctx) => {
    const { file } = await keepAndCheck(skillsUnder(root), [root]);
    expect(readRun(file, KEY)).not.toBeNull();
    await chmod(file, 0o620);
    expect(readRun(file, KEY)).toBeNull();
    await chmod(file, 0o600);
    expect(readRun(file, KEY)).not.toBeNull();
    if (process.getuid?.() !== 0) skipBecause(ctx, "only root can give a file to another user");
    await chown(file, 65534, 65534);
    expect(readRun(file, KEY)).toBeNull();
  });
});
