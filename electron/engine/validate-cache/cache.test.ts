// The validation cache gives byte-identical results to reading every skill, after every kind of change on disk, and
// reuses only what it can prove unchanged.
import { cp, mkdir, readFile, rename, rm, stat, symlink, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Profile } from "../../../shared/model";
import { makeTempDir } from "../../../test-support/tmp";
import { StatsSeen } from "../fs/stats-seen";
import { findTargets } from "../skill/targets";
import { validateTarget, type TargetResult } from "../validate-target";
import { validateSkillCached, type CacheClock } from "./cached-skill";
import { nowNs } from "./identity";
import { ValidationCache, cacheFileIn } from "./store";

const FIXTURES = fileURLToPath(new URL("../skill/fixtures", import.meta.url));
/** A clock an hour ahead: every file looks long settled, so results are kept (the racy tests use the real clock). */
const SETTLED: CacheClock = { now: () => nowNs() + 3_600_000_000_000n };

let tmp: Awaited<ReturnType<typeof makeTempDir>>;
let root: string;
let cacheFile: string;

/** Validates every skill under root with the cache and without; asserts byte-identical output; returns both. */
async function run(
  options: { profile?: Profile; rules?: string; clock?: CacheClock } = {},
): Promise<{ counts: ValidationCache["counts"]; results: TargetResult[]; note: string | null }> {
  const profile = options.profile ?? "agent-skills";
  const { targets } = await findTargets(root);
  const cache = await ValidationCache.open(cacheFile, options.rules ?? "rules-1");
  const cached: TargetResult[] = [];
  const fresh: TargetResult[] = [];
  for (const target of targets) {
    if (target.kind !== "skill") continue;
    cached.push(await validateSkillCached(target, profile, cache, undefined, options.clock ?? SETTLED));
    fresh.push(await validateTarget(target, profile));
  }
  await cache.save();
  expect(JSON.stringify(cached, null, 1)).toBe(JSON.stringify(fresh, null, 1));
  return { counts: cache.counts, results: fresh, note: cache.note };
}

const resultOf = (results: TargetResult[], name: string) =>
  JSON.stringify(results.find((r) => path.basename(r.path) === name));

describe("validation cache", () => {
  let before: TargetResult[];
  let total: number;
  beforeEach(async () => {
    tmp = await makeTempDir();
    root = path.join(tmp.dir, "skills");
    cacheFile = cacheFileIn(path.join(tmp.dir, "cache"));
    await cp(FIXTURES, root, { recursive: true, verbatimSymlinks: true });
    const first = await run();
    before = first.results;
    total = before.length;
    expect(total).toBeGreaterThan(50);
    expect(first.counts.read).toBe(total);
    const second = await run();
    // Unchanged: every cacheable skill costs stats only (a skill holding a link is always read).
    expect(second.counts.reused).toBe(total - second.counts.uncacheable);
    expect(second.counts.reused).toBeGreaterThan(50);
  });
  afterEach(() => tmp.cleanup());

  it("re-reads a skill whose SKILL.md was edited", async () => {
    const file = path.join(root, "valid-minimal", "SKILL.md");
    await writeFile(file, (await readFile(file, "utf8")).replace("name: valid-minimal", "name: Valid-Minimal"));
    const after = await run();
    expect(after.counts.read - after.counts.uncacheable).toBe(1);
    expect(resultOf(after.results, "valid-minimal")).not.toBe(resultOf(before, "valid-minimal"));
  });

  it("re-reads an edit that keeps the size and the mtime (ctime still tells)", async () => {
    const file = path.join(root, "valid-minimal", "SKILL.md");
    const settled = new Date(Math.floor(Date.now() / 1000 - 3600) * 1000);
    await utimes(file, settled, settled);
    const touched = await run();
    expect(touched.counts.read - touched.counts.uncacheable).toBe(1);
    const size = (await stat(file)).size;
    await writeFile(file, (await readFile(file, "utf8")).replace("name: valid-minimal", "name: valid_minimal"));
    await utimes(file, settled, settled);
    expect((await stat(file)).size).toBe(size);
    expect((await stat(file)).mtimeMs).toBe(settled.getTime());
    const after = await run();
    expect(after.counts.read - after.counts.uncacheable).toBe(1);
    expect(resultOf(after.results, "valid-minimal")).not.toBe(resultOf(before, "valid-minimal"));
  });

  it("re-reads a touched file and gives the same result", async () => {
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(root, "ref-present", "references", "guide.md"), later, later);
    const after = await run();
    expect(after.counts.read - after.counts.uncacheable).toBe(1);
    expect(resultOf(after.results, "ref-present")).toBe(resultOf(before, "ref-present"));
  });

  it("reuses a result when a file the instructions only point at is edited (the rules never read its contents)", async () => {
    const diagram = path.join(root, "ref-present", "assets", "diagram.png");
    await writeFile(diagram, Buffer.alloc(4096, 7));
    const after = await run();
    expect(after.counts.read - after.counts.uncacheable).toBe(0);
    expect(after.counts.reused).toBe(total - after.counts.uncacheable);
  });

  it("re-reads when a file the instructions point at is deleted, or replaced by a folder of the same name", async () => {
    await rm(path.join(root, "ref-present", "assets", "diagram.png"));
    const deleted = await run();
    expect(deleted.counts.read - deleted.counts.uncacheable).toBe(1);
    expect(resultOf(deleted.results, "ref-present")).not.toBe(resultOf(before, "ref-present"));
    await run();
    await rm(path.join(root, "valid-full", "scripts", "fill.py"));
    await mkdir(path.join(root, "valid-full", "scripts", "fill.py"));
    const replaced = await run();
    expect(replaced.counts.read - replaced.counts.uncacheable).toBe(1);
  });

  it("re-reads after a rename inside a skill and of a skill folder", async () => {
    await rename(path.join(root, "ref-present", "references"), path.join(root, "ref-present", "refs"));
    await rename(path.join(root, "valid-full"), path.join(root, "valid-full-renamed"));
    const after = await run();
    expect(after.counts.read - after.counts.uncacheable).toBe(2);
    expect(resultOf(after.results, "ref-present")).not.toBe(resultOf(before, "ref-present"));
    expect(resultOf(after.results, "valid-full-renamed")).toMatch(/skill\.name\.mismatch|name-dir|folder/i);
  });

  it("re-reads when a missing reference appears and when a present one is deleted", async () => {
    await writeFile(path.join(root, "ref-missing", "references", "guide.md"), "# Guide\n");
    await rm(path.join(root, "ref-present", "references", "guide.md"));
    const after = await run();
    expect(after.counts.read - after.counts.uncacheable).toBe(2);
    expect(resultOf(after.results, "ref-missing")).not.toBe(resultOf(before, "ref-missing"));
    expect(resultOf(after.results, "ref-present")).not.toBe(resultOf(before, "ref-present"));
  });

  it("follows a link to a skill folder that is retargeted", async () => {
    await symlink(path.join(root, "valid-minimal"), path.join(tmp.dir, "linked"), "dir");
    const linked = path.join(tmp.dir, "linked");
    const once = async () => {
      const cache = await ValidationCache.open(cacheFile, "rules-1");
      const target = { kind: "skill" as const, path: linked, dir: linked };
      const cached = await validateSkillCached(target, "agent-skills", cache, undefined, SETTLED);
      await cache.save();
      expect(JSON.stringify(cached)).toBe(JSON.stringify(await validateTarget(target, "agent-skills")));
      return { cached, counts: cache.counts };
    };
    expect((await once()).counts.read).toBe(1);
    expect((await once()).counts.reused).toBe(1);
    await rm(linked);
    await symlink(path.join(root, "name-uppercase"), linked, "dir");
    const after = await once();
    expect(after.counts.read).toBe(1);
    expect(after.cached.valid).toBe(false);
  });

  it("checks a skill given as a path with the stats the search for targets took (its folder, its SKILL.md)", async () => {
    const dir = path.join(root, "valid-minimal");
    const seen = new StatsSeen();
    const { targets } = await findTargets(dir, tmp.dir, seen);
    expect(targets).toEqual([{ kind: "skill", path: dir, dir }]);
    expect(seen.size).toBe(2);
    const cache = await ValidationCache.open(cacheFile, "rules-1");
    const target = { kind: "skill" as const, path: dir, dir };
    const cached = await validateSkillCached(target, "agent-skills", cache, undefined, SETTLED, seen);
    expect(cache.counts.reused).toBe(1);
    expect(JSON.stringify(cached)).toBe(JSON.stringify(await validateTarget(target, "agent-skills")));
    expect(seen.size).toBe(0);
  });

  it("keeps results per profile", async () => {
    const desktop = await run({ profile: "claude-desktop" });
    expect(desktop.counts.reused).toBe(0);
    expect(JSON.stringify(desktop.results)).not.toBe(JSON.stringify(before));
    expect((await run({ profile: "claude-desktop" })).counts.read).toBe(desktop.counts.uncacheable);
  });

  it("reuses nothing computed by other rules", async () => {
    const other = await run({ rules: "rules-2" });
    expect(other.counts.reused).toBe(0);
    expect(other.counts.read).toBe(total);
  });

  it("keeps no result that depends on a path changed within the racy window", async () => {
    await writeFile(path.join(root, "valid-minimal", "SKILL.md"), "---\nname: valid-minimal\n---\n");
    const racy = await run({ clock: {} });
    expect(racy.counts.read).toBe(1);
    expect(racy.counts.uncacheable).toBeGreaterThanOrEqual(1);
    // Not kept: read again next time, even though nothing changed since.
    expect((await run({ clock: {} })).counts.read).toBeGreaterThanOrEqual(1);
    // Once settled, it is kept and reused.
    await run();
    const settled = await run();
    expect(settled.counts.reused).toBe(total - settled.counts.uncacheable);
  });
});

describe("a damaged or hostile cache file", () => {
  beforeEach(async () => {
    tmp = await makeTempDir();
    root = path.join(tmp.dir, "skills");
    cacheFile = cacheFileIn(path.join(tmp.dir, "cache"));
    await cp(path.join(FIXTURES, "valid-minimal"), path.join(root, "valid-minimal"), { recursive: true });
    await cp(path.join(FIXTURES, "name-uppercase"), path.join(root, "name-uppercase"), { recursive: true });
    await run();
  });
  afterEach(() => tmp.cleanup());

  /** Replaces the cache file, runs, and checks the file was ignored with a note, never trusted, then rebuilt. */
  async function expectIgnored(write: () => Promise<void>, why: RegExp): Promise<void> {
    await write();
    const after = await run();
    expect(after.note).toMatch(why);
    expect(after.note).toMatch(/ignored .*rebuilt/);
    expect(after.counts.reused).toBe(0);
    const rebuilt = await run();
    expect(rebuilt.note).toBeNull();
    expect(rebuilt.counts.reused).toBe(2);
  }

  it("truncated", async () => {
    const text = await readFile(cacheFile, "utf8");
    await expectIgnored(() => writeFile(cacheFile, text.slice(0, text.length / 2)), /not valid JSON/);
  });

  it("huge (over the size limit, not read)", async () => {
    await expectIgnored(async () => {
      await writeFile(cacheFile, "");
      const { truncate } = await import("node:fs/promises");
      await truncate(cacheFile, 65 * 1024 * 1024);
    }, /too large/);
  });

  it("deeply nested", async () => {
    await expectIgnored(() => writeFile(cacheFile, "[".repeat(100_000) + "]".repeat(100_000)), /levels deep/);
  });

  it("with values of the wrong types, even where the rest looks right", async () => {
    const good = JSON.parse(await readFile(cacheFile, "utf8")) as { records: Array<Record<string, unknown>> };
    const poisoned = (change: (r: Record<string, unknown>) => void) => {
      const copy = structuredClone(good);
      change(copy.records[0]!);
      return JSON.stringify(copy);
    };
    for (const text of [
      poisoned((r) => (r.v = "yes")),
      poisoned((r) => (r.d = [{ code: 1, severity: "error", message: "m", file: "f" }])),
      poisoned((r) => (r.d = [{ code: "c", severity: "fatal", message: "m", file: "f" }])),
      poisoned((r) => (r.d = [{ code: "c", severity: "error", message: "m", file: "f", line: -1 }])),
      poisoned((r) => (r.e = [["../../etc/passwd", "1:2:3:4:5"]])),
      poisoned((r) => (r.e = [])),
      poisoned((r) => (r.n = { toString: "x" })),
      JSON.stringify({ ...good, records: "many" }),
      JSON.stringify({ ...good, format: 99 }),
      "null",
    ])
      await expectIgnored(
        () => writeFile(cacheFile, text),
        /wrong shape|missing or too long|unknown format|not a JSON/,
      );
  });
});
