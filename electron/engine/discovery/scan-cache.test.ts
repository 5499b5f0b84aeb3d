// The app's scan and `validate` share one validation cache: what either recorded, the other reuses without reading the
// skill again (counted by onSkillRead and the cache's counts, not by timing), and the catalog is the one an uncached
// scan builds; edits and racy changes are still read.
import { readFile, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ScanResult } from "../../../shared/model";
import { runBin } from "../../../test-support/cli";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { findTargets } from "../skill/targets";
import { validateTarget } from "../validate-target";
import { validateSkillCached } from "../validate-cache/cached-skill";
import { ValidationCache, cacheFileIn } from "../validate-cache/store";
import { scan } from "./scan";
import type { ScanOptions } from "./types";

const skillMd = (name: string, extra = "") =>
  `---\nname: ${name}\ndescription: The ${name} skill, for the shared cache tests.\nmetadata:\n  version: "1.2.0"\n---\n\n# ${name}\n${extra}`;

let tmp: Awaited<ReturnType<typeof makeTempDir>>;
let home: string;
let skills: string;
let cacheDir: string;
let cacheFile: string;

/** A scan of the home through the cache (rules as given) and one without; the catalogs must be identical. */
async function scanBoth(rules: string): Promise<{ read: string[]; notes: string[]; result: ScanResult }> {
  const read: string[] = [];
  const notes: string[] = [];
  const base: ScanOptions = { home, platform: "linux", env: {} };
  const result = await scan({
    ...base,
    validationCache: { file: cacheFile, rules },
    onSkillRead: (dir) => read.push(dir),
    onCacheNote: (note) => notes.push(note),
  });
  expect(JSON.stringify(result)).toBe(JSON.stringify(await scan(base)));
  return { read, notes, result };
}

const under = (dirs: string[], root: string) => dirs.filter((d) => d.startsWith(root + path.sep));
/** A result is kept only when what it read is older than the 2-second racy window. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_100));

beforeEach(async () => {
  tmp = await makeTempDir();
  home = path.join(tmp.dir, "home");
  skills = path.join(home, ".claude", "skills");
  cacheDir = path.join(tmp.dir, "cache");
  cacheFile = cacheFileIn(cacheDir);
  await writeTree(skills, {
    "alpha/SKILL.md": skillMd("alpha"),
    "beta/SKILL.md": skillMd("beta", "\nSee [the guide](references/guide.md).\n"),
    "beta/references/guide.md": "# Guide\n",
    "gamma/SKILL.md": skillMd("gamma", "\nRun `scripts/run.sh`.\n"),
    "gamma/scripts/run.sh": "#!/bin/sh\necho gamma\n",
    "Bad_Name/SKILL.md": skillMd("Bad_Name"),
  });
  await writeTree(path.join(home, ".agents", "skills"), { "delta/SKILL.md": skillMd("delta") });
});
afterEach(() => tmp.cleanup());

describe("the scan and validate share the validation cache", () => {
  it("after `skillshelf validate FOLDER`, a scan reads none of its skills, and builds the same catalog", async () => {
    await settle();
    const cli = await runBin(["validate", skills], { env: { SKILLSHELF_CACHE_DIR: cacheDir } });
    expect(cli.code).toBe(1);
    const rules = (JSON.parse(await readFile(cacheFile, "utf8")) as { rules: string }).rules;
    const first = await scanBoth(rules);
    expect(first.notes).toEqual([]);
    expect(under(first.read, skills)).toEqual([]);
    expect(first.read).toEqual([path.join(home, ".agents", "skills", "delta")]);
    expect(first.result.skills.map((s) => s.name).sort()).toEqual(["Bad_Name", "alpha", "beta", "delta", "gamma"]);
    // The scan kept what it read (and gamma's content hash, which validate had no reason to read for): none read now.
    expect((await scanBoth(rules)).read).toEqual([]);
  });

  /** Validates every skill of the folder through the cache, each result equal to an uncached one; the cache used. */
  async function validateEachCachedAsUncached(): Promise<ValidationCache> {
    const cache = await ValidationCache.open(cacheFile, "rules-test");
    const { targets } = await findTargets(skills);
    for (const target of targets) {
      if (target.kind !== "skill") continue;
      const cached = await validateSkillCached(target, "agent-skills", cache);
      expect(JSON.stringify(cached)).toBe(JSON.stringify(await validateTarget(target, "agent-skills")));
    }
    return cache;
  }

  it("after a scan, validate reuses every skill the scan recorded", async () => {
    await settle();
    expect(under((await scanBoth("rules-test")).read, skills)).toHaveLength(4);
    const cache = await validateEachCachedAsUncached();
    expect(cache.counts).toEqual({ reused: 4, read: 0, uncacheable: 0, hashed: 0 });
  });

  it("after a file only the content hash reads is edited, validate reuses the skill and the scan reads it", async () => {
    await settle();
    const gammaHash = (r: ScanResult) => r.skills.find((s) => s.name === "gamma")?.contentHash;
    const before = gammaHash((await scanBoth("rules-test")).result);
    await writeFile(path.join(skills, "gamma", "scripts", "run.sh"), "#!/bin/sh\necho edited\n");
    const cache = await validateEachCachedAsUncached();
    expect(cache.counts).toEqual({ reused: 4, read: 0, uncacheable: 0, hashed: 0 });
    await cache.save();
    const after = await scanBoth("rules-test");
    expect(after.read).toEqual([path.join(skills, "gamma")]);
    expect(gammaHash(after.result)).not.toBe(before);
  });

  it("re-reads an edited skill only, and one edited within the racy window every time until it settles", async () => {
    await settle();
    const alphaHash = (r: ScanResult) => r.skills.find((s) => s.name === "alpha")?.contentHash;
    const before = alphaHash((await scanBoth("rules-test")).result);
    await writeFile(path.join(skills, "alpha", "SKILL.md"), skillMd("alpha", "\nEdited.\n"));
    const edited = await scanBoth("rules-test");
    expect(edited.read).toEqual([path.join(skills, "alpha")]);
    expect(alphaHash(edited.result)).not.toBe(before);
    await settle();
    expect((await scanBoth("rules-test")).read).toEqual([path.join(skills, "alpha")]);
    expect((await scanBoth("rules-test")).read).toEqual([]);
    // An edit that keeps the size and the mtime, just made: not kept, so every scan reads it until it settles.
    const guide = path.join(skills, "beta", "references", "guide.md");
    const settledAt = new Date(Date.now() - 3_600_000);
    await utimes(guide, settledAt, settledAt);
    await settle();
    await scanBoth("rules-test");
    await writeFile(guide, "# Gold\n");
    await utimes(guide, settledAt, settledAt);
    expect((await scanBoth("rules-test")).read).toEqual([path.join(skills, "beta")]);
    expect((await scanBoth("rules-test")).read).toEqual([path.join(skills, "beta")]);
    await settle();
    await scanBoth("rules-test");
    expect((await scanBoth("rules-test")).read).toEqual([]);
  });

  it("ignores a damaged cache with a note and reads everything, then rebuilds it", async () => {
    await settle();
    await scanBoth("rules-test");
    await writeFile(cacheFile, '{"format":2,"rules":"rules-test","records":[{"k":');
    const damaged = await scanBoth("rules-test");
    expect(damaged.notes).toEqual([expect.stringMatching(/ignored \(is not valid JSON\); it will be rebuilt/)]);
    expect(damaged.read).toHaveLength(5);
    expect((await scanBoth("rules-test")).read).toEqual([]);
  });

  it("says once that a damaged record was ignored, and reads that skill again", async () => {
    await settle();
    await scanBoth("rules-test");
    // One record per line: spoil the record of alpha only.
    const lines = (await readFile(cacheFile, "utf8")).split("\n");
    const at = lines.findIndex((line) => line.includes(`${path.sep}alpha"`));
    expect(at).toBeGreaterThan(0);
    lines[at] = lines[at]!.replace(/"n":"alpha"/, '"n":42');
    await writeFile(cacheFile, lines.join("\n"));
    const damaged = await scanBoth("rules-test");
    expect(damaged.notes).toEqual([expect.stringMatching(/a record in the validation cache .* was ignored/)]);
    expect(damaged.read).toEqual([path.join(skills, "alpha")]);
    const again = await scanBoth("rules-test");
    expect(again.notes).toEqual([]);
    expect(again.read).toEqual([]);
  });

  it("reuses nothing other rules computed", async () => {
    await settle();
    await scanBoth("rules-test");
    expect((await scanBoth("rules-other")).read).toHaveLength(5);
  });
});
