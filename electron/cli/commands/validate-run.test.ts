// `validate` keeps a whole run beside its cache: the same command over unchanged folders prints it again without
// reading a skill, a run where skills changed reads those again, and anything else goes the whole way. Every output is
// compared with what an uncached run prints at that moment.
import { existsSync } from "node:fs";
import { cp, mkdir, readFile, readdir, rename, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runBin, type CliRun } from "../../../test-support/cli";
import { SKILL_FIXTURES as FIXTURES, validateFolders } from "../../../test-support/validate-folders";

let tmp: Awaited<ReturnType<typeof validateFolders>>["tmp"];
let env: NodeJS.ProcessEnv;
let skills: string;
let cacheFile: string;
let runsDir: string;

/** Waits out the cache's 2-second racy window, so the next run may keep what it read. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_100));
const keptRuns = async () => (await readdir(runsDir).catch(() => [] as string[])).length;

/** Runs validate through the cache and without it, and expects the same output and exit code from both. */
async function agrees(args: string[], cwd?: string): Promise<CliRun> {
  const plain = await runBin(["validate", ...args, "--no-cache"], { env, ...(cwd ? { cwd } : {}) });
  const run = await runBin(["validate", ...args], { env, ...(cwd ? { cwd } : {}) });
  expect(run.stdout).toBe(plain.stdout);
  expect(run.code).toBe(plain.code);
  expect(run.stderr).toBe("");
  return run;
}

describe("validate's kept run", () => {
  beforeEach(async () => {
    ({ tmp, skills, env, cacheFile, runsDir } = await validateFolders());
  });
  afterEach(() => tmp.cleanup());

  it("prints an unchanged run again without reading a skill, and reads again only the skills that changed", async () => {
    await settle();
    const first = await agrees([skills]);
    await agrees([skills, "--json"]);
    expect(await keptRuns()).toBe(2);
    // Without the cache file, any skill read through the cache would write it again.
    await rm(cacheFile);
    expect((await agrees([skills])).stdout).toBe(first.stdout);
    expect(existsSync(cacheFile)).toBe(false);

    // A SKILL.md rewritten in place (its folder's names unchanged): the skill turns valid.
    const upper = path.join(skills, "name-uppercase", "SKILL.md");
    await writeFile(upper, (await readFile(upper, "utf8")).replace(/^name: .*$/m, "name: name-uppercase"));
    const edited = await agrees([skills]);
    expect(JSON.parse((await agrees([skills, "--json"])).stdout)).toMatchObject({ results: expect.any(Array) });
    expect(edited.stdout).not.toBe(first.stdout);
    expect(edited.stdout).toMatch(/^valid +skill name-uppercase /m);
    // A file added to a skill's references/: the link to it is no longer broken.
    await writeFile(path.join(skills, "ref-missing", "references", "guide.md"), "# Guide\n");
    const added = await agrees([skills]);
    expect(added.stdout).not.toBe(edited.stdout);
    expect(existsSync(cacheFile)).toBe(false);

    // Kept again once the edits are older than the racy window: printed again as it is now.
    await settle();
    await agrees([skills]);
    expect((await agrees([skills])).stdout).toBe(added.stdout);
    expect(existsSync(cacheFile)).toBe(false);
  });

  it("replaces only the changed skills' pieces in text and JSON, and reads the rest of the formats the whole way", async () => {
    await settle();
    const formats = ["text", "json", "github", "sarif", "junit", "gitlab"];
    for (const format of formats) await agrees([skills, "--format", format]);
    expect(await keptRuns()).toBe(formats.length);
    // Without the cache file, a run that goes the whole way writes it again; a splice never opens it.
    const minimal = path.join(skills, "valid-minimal", "SKILL.md");
    const original = await readFile(minimal, "utf8");
    const goesWholeWay = async (format: string, expected: boolean) => {
      await rm(cacheFile, { force: true });
      await agrees([skills, "--format", format]);
      expect(existsSync(cacheFile), format).toBe(expected);
    };
    await writeFile(minimal, original.replace(/^name: .*$/m, "name: Valid-Minimal"));
    for (const format of formats) await goesWholeWay(format, format !== "text" && format !== "json");
    // A name holding a line separator: JSON prints it escaped (\u2028) after the pieces were marked, so a JSON piece
    // holding it is not spliced; text escapes it in the piece itself.
    await writeFile(minimal, original.replace(/^name: .*$/m, "name: Two\u2028lines"));
    await goesWholeWay("text", false);
    await goesWholeWay("json", true);
    expect((await agrees([skills, "--json"])).stdout).toContain("Two\\u2028lines");
    // Back as it was, and each run kept again once the edit is older than the racy window: printed as kept.
    await writeFile(minimal, original);
    await settle();
    for (const format of formats) await agrees([skills, "--format", format]);
    await rm(cacheFile);
    for (const format of formats) await agrees([skills, "--format", format]);
    expect(existsSync(cacheFile)).toBe(false);
  });

  it("goes the whole way when what the search finds may have changed", async () => {
    const changes: Array<[string, () => Promise<unknown>]> = [
      [
        "a skill added",
        () => cp(path.join(FIXTURES, "valid-full"), path.join(skills, "valid-full"), { recursive: true }),
      ],
      ["a skill removed", () => rm(path.join(skills, "valid-minimal"), { recursive: true })],
      [
        "SKILL.md renamed to skill.md",
        () => rename(path.join(skills, "ref-missing", "SKILL.md"), path.join(skills, "ref-missing", "skill.md")),
      ],
      [
        "a marketplace made in a skill folder",
        async () => {
          await mkdir(path.join(skills, "name-uppercase", ".claude-plugin"));
          await writeFile(
            path.join(skills, "name-uppercase", ".claude-plugin", "marketplace.json"),
            JSON.stringify({ name: "m", owner: { name: "o" }, plugins: [] }),
          );
        },
      ],
    ];
    let before = "";
    for (const [change, make] of changes) {
      await settle();
      await agrees([skills]);
      expect(await keptRuns(), change).toBe(1);
      await make();
      const after = await agrees([skills]);
      expect(after.stdout, change).not.toBe(before);
      before = after.stdout;
    }
    expect(before).toMatch(/^\S+ +marketplace /m);
  });

  it("keeps each command line apart, and keeps nothing that stats alone could not tell unchanged", async () => {
    await settle();
    for (const format of ["text", "json", "sarif", "junit"]) {
      await agrees([skills, "--format", format]);
      await agrees([skills, "--format", format]);
    }
    await agrees(["skills"], tmp.dir);
    await agrees(["skills"], tmp.dir);
    expect(await keptRuns()).toBe(5);

    // A link among the searched folders, a marketplace at the root: what they lead to is more than names.
    const linked = path.join(tmp.dir, "linked");
    await mkdir(linked);
    await symlink(path.join(skills, "valid-minimal"), path.join(linked, "valid-minimal"));
    const market = path.join(tmp.dir, "market");
    await cp(skills, market, { recursive: true });
    await mkdir(path.join(market, ".claude-plugin"));
    await writeFile(
      path.join(market, ".claude-plugin", "marketplace.json"),
      JSON.stringify({ name: "m", plugins: [] }),
    );
    // An empty .claude-plugin: a marketplace.json added there later changes no folder the search listed.
    const pending = path.join(tmp.dir, "pending");
    await cp(skills, pending, { recursive: true });
    await mkdir(path.join(pending, ".claude-plugin"));
    await settle();
    for (const folder of [linked, market, pending]) {
      await agrees([folder]);
      await agrees([folder]);
    }
    await writeFile(
      path.join(pending, ".claude-plugin", "marketplace.json"),
      JSON.stringify({ name: "m", plugins: [] }),
    );
    expect((await agrees([pending])).stdout).toMatch(/^\S+ +marketplace /m);
    // --capabilities reads what no record covers; --files names changed files, not what to search.
    await agrees([skills, "--capabilities"]);
    await agrees([path.join(skills, "valid-minimal", "SKILL.md"), "--files"]);
    await agrees([path.join(skills, "valid-minimal", "SKILL.md"), "--files"]);
    expect(await keptRuns()).toBe(5);

    // A note on stderr (here, a damaged cache file): the run is not kept.
    await rm(runsDir, { recursive: true });
    await writeFile(cacheFile, "{");
    expect((await runBin(["validate", skills], { env })).stderr).toMatch(/^note: the validation cache /);
    expect(await keptRuns()).toBe(0);

    // With the cache turned off, no run is kept or printed again.
    await rm(runsDir, { recursive: true, force: true });
    await mkdir(path.join(tmp.dir, "config"), { recursive: true });
    await writeFile(
      path.join(tmp.dir, "config", "settings.json"),
      JSON.stringify({ version: 1, validationCache: false }),
    );
    await agrees([skills]);
    expect(await keptRuns()).toBe(0);
  });

  it("prints a kept run again only while the settings leave the cache on", async () => {
    await settle();
    const first = await agrees([skills]);
    const [name] = await readdir(runsDir);
    const file = path.join(runsDir, name!);
    // The kept output, marked: printed as kept only when the run is printed again.
    const kept = await readFile(file, "latin1");
    await writeFile(file, kept.replace("valid    skill valid-minimal", "VALID    skill valid-minimal"), "latin1");
    const replayed = await runBin(["validate", skills], { env });
    expect(replayed.stdout).toBe(first.stdout.replace("valid    skill valid-minimal", "VALID    skill valid-minimal"));
    await mkdir(path.join(tmp.dir, "config"), { recursive: true });
    await writeFile(
      path.join(tmp.dir, "config", "settings.json"),
      JSON.stringify({ version: 1, validationCache: false }),
    );
    expect((await agrees([skills])).stdout).toBe(first.stdout);
  });

  it("never prints a kept run that was damaged or planted", async () => {
    await settle();
    const first = await agrees([skills]);
    const [name] = await readdir(runsDir);
    const file = path.join(runsDir, name!);
    const kept = await readFile(file);
    const at = kept.indexOf("valid    skill valid-minimal");
    expect(at).toBeGreaterThan(0);
    const plant = async (bytes: Buffer) => {
      await writeFile(file, bytes);
      const run = await agrees([skills]);
      expect(run.stdout).toBe(first.stdout);
    };
    // A terminal escape in the output, the same length as what it replaces.
    const escaped = Buffer.from(kept);
    escaped.write("\u001b[2J\u001b[H", at, "latin1");
    await plant(escaped);
    // Cut short; another command line's key; not JSON at all.
    await plant(kept.subarray(0, kept.length - 10));
    await plant(Buffer.from(kept.toString("latin1").replace(/"args":\[/, '"args":["x",'), "latin1"));
    await plant(Buffer.from("\u0000".repeat(64)));
    // Read when a skill changed: marks that do not hold, or an escape in the kept output, and the run goes the whole
    // way instead. Each plant is made in a freshly kept run; the skill is edited after it.
    const upper = path.join(skills, "name-uppercase", "SKILL.md");
    const plants: Array<[string, (run: Buffer, marksAt: number) => void]> = [
      ["the second piece starting before the first ends", (run, marksAt) => run.writeUInt32LE(0, marksAt + 6 * 4)],
      [
        "a terminal escape in the output",
        (run) => run.write("\u001b[2J", run.indexOf("valid    skill valid-minimal"), "latin1"),
      ],
    ];
    for (const [plant, make] of plants) {
      await settle();
      await rm(runsDir, { recursive: true });
      await agrees([skills]);
      const [again] = await readdir(runsDir);
      const run = await readFile(path.join(runsDir, again!));
      const header = JSON.parse(run.toString("utf8", 0, run.indexOf(0x0a))) as Record<string, number>;
      const marksAt = Math.ceil((run.indexOf(0x0a) + 1 + header.names!) / 8) * 8 + header.numbers! * 8;
      expect(header.marks, plant).toBeGreaterThan(6);
      make(run, marksAt);
      await writeFile(path.join(runsDir, again!), run);
      const text = await readFile(upper, "utf8");
      await writeFile(
        upper,
        text.replace(/^name: .*$/m, text.includes("name: Name-") ? "name: name-uppercase" : "name: Name-Uppercase"),
      );
      await rm(cacheFile);
      await agrees([skills]);
      expect(existsSync(cacheFile), plant).toBe(true);
    }
  });
});
