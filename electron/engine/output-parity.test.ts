// The fast paths (one read per skill, lazy CLI, single-pass link extraction) must not change a single result: this test
// compares today's outputs on the fixture corpora with a snapshot recorded before the performance work began.
import { readFileSync, readdirSync } from "node:fs";
import { cp } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBin } from "../../test-support/cli";
import { buildFixtureHome } from "../../test-support/fixture-homes";
import { makeTempDir } from "../../test-support/tmp";
import { hashSkillFolderWithInfo } from "./discovery/hash";
import { scan } from "./discovery/scan";
import { readPlugin } from "./plugin/read-plugin";
import { readSkillWithFiles, readSkillWithReferences } from "./skill/read-skill";
import { extractLinks } from "./skill/references";

const REPO = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const SNAPSHOT = fileURLToPath(new URL("./__snapshots__/output-parity.json", import.meta.url));
const folders = (rel: string) =>
  readdirSync(path.join(REPO, rel), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => path.join(REPO, rel, d.name))
    .sort();

/** Replaces the machine-specific prefixes (repository, temporary home) so the snapshot holds on any checkout. */
function normalise(value: unknown, home: string | null): unknown {
  let text = JSON.stringify(value);
  const swap = (from: string, to: string) => {
    for (const variant of [from, JSON.stringify(from).slice(1, -1)]) text = text.split(variant).join(to);
  };
  if (home) swap(home, "<home>");
  swap(REPO, "<repo>");
  // Ids hash the absolute path, so they differ per temporary home: number them by first appearance instead.
  const ids = new Map<string, string>();
  if (home)
    text = text.replace(
      /\b(loc|skill|plugin)-[0-9a-f]{12,}\b/g,
      (id, kind: string) => ids.get(id) ?? (ids.set(id, `${kind}#${ids.size}`), ids.get(id)!),
    );
  return JSON.parse(text);
}

const results: Record<string, unknown> = {};

describe("outputs on the fixture corpora stay exactly as recorded", () => {
  let tmp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    tmp = await makeTempDir();
  });
  afterAll(() => tmp.cleanup());

  it("skill fixtures: reports, listed files and content hashes under both profiles", async () => {
    for (const dir of folders("electron/engine/skill/fixtures")) {
      for (const profile of ["agent-skills", "claude-desktop"] as const) {
        const { report, files, read } = await readSkillWithFiles(dir, { profile });
        const hash = await hashSkillFolderWithInfo(dir, {}, files, read);
        expect(await hashSkillFolderWithInfo(dir)).toEqual(hash);
        results[`skill ${profile} ${path.basename(dir)}`] = normalise({ report, files, hash }, null);
      }
      const { text } = await readSkillWithReferences(dir);
      results[`references ${path.basename(dir)}`] = normalise(text?.references ?? null, null);
    }
    expect(Object.keys(results).length).toBeGreaterThan(50);
  });

  it("links in every Markdown file of the fixture corpora", () => {
    const files = readdirSync(path.join(REPO, "electron/engine"), { recursive: true, encoding: "utf8" })
      .filter((rel) => rel.includes("fixtures") && /\.(md|markdown|mdx)$/i.test(rel))
      .sort();
    for (const rel of files)
      results[`links ${rel.split(path.sep).join("/")}`] = extractLinks(
        readFileSync(path.join(REPO, "electron/engine", rel), "utf8"),
      );
    expect(files.length).toBeGreaterThan(50);
  });

  it("plugin fixtures: reports", async () => {
    for (const dir of folders("electron/engine/plugin/fixtures"))
      results[`plugin ${path.basename(dir)}`] = normalise(await readPlugin(dir), null);
  });

  it("scans of the fixture homes (macOS, Windows, Linux)", async () => {
    for (const platform of ["darwin", "win32", "linux"] as const) {
      const dir = path.join(tmp.dir, platform);
      const built = await buildFixtureHome(platform, dir);
      const result = await scan({ home: built.home, platform, env: built.env });
      results[`scan ${platform}`] = normalise({ ...result, scannedAt: undefined, durationMs: undefined }, built.home);
    }
  });

  it("matches the snapshot recorded before the performance work", async () => {
    await expect(JSON.stringify(results, null, 1) + "\n").toMatchFileSnapshot(SNAPSHOT);
  });

  it("validate FOLDER prints what validate of the same targets as paths prints, and the same again from a warm cache", async () => {
    const corpora = path.join(tmp.dir, "corpora");
    for (const rel of ["electron/engine/skill/fixtures", "electron/engine/plugin/fixtures"])
      await cp(path.join(REPO, rel), path.join(corpora, path.basename(path.dirname(rel))), {
        recursive: true,
        verbatimSymlinks: true,
      });
    // The cache keeps a result only when what it read is older than the 2-second racy window.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const env = { SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "validate-cache") };
    for (const folder of [path.join(corpora, "skill"), path.join(corpora, "plugin", "good", "skills"), corpora]) {
      for (const profile of ["agent-skills", "claude-desktop"]) {
        const json = await runBin(["validate", folder, "--profile", profile, "--json", "--no-cache"], { env });
        const paths = (JSON.parse(json.stdout) as { results: Array<{ path: string }> }).results.map((r) => r.path);
        expect(paths.length).toBeGreaterThanOrEqual(2);
        const asPaths = await runBin(["validate", ...new Set(paths), "--profile", profile, "--json", "--no-cache"], {
          env,
        });
        expect(asPaths.stdout).toBe(json.stdout);
        for (const format of ["text", "json"]) {
          const args = ["validate", folder, "--profile", profile, "--format", format];
          const uncached = await runBin([...args, "--no-cache"], { env });
          const cold = await runBin(args, { env });
          const warm = await runBin(args, { env });
          for (const run of [cold, warm]) {
            expect(run.stdout).toBe(uncached.stdout);
            expect(run.code).toBe(uncached.code);
            expect(run.stderr).toBe(uncached.stderr);
          }
        }
      }
    }
    expect(readFileSync(path.join(env.SKILLSHELF_CACHE_DIR, "validate", "results-v2.json"), "utf8")).toMatch(
      /"records":\[\{/,
    );
  }, 240_000);
});
