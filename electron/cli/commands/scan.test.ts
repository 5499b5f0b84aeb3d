import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScanResult } from "../../../shared/model";
import { runBin } from "../../../test-support/cli";
import { buildFixtureHome } from "../../../test-support/fixture-homes";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { scanPlatformOf } from "../../engine/discovery/locations";

describe("skillshelf scan", () => {
  let tmp: Awaited<ReturnType<typeof makeTempDir>>;
  let mac: { home: string; env: Record<string, string> };
  let win: { home: string; env: Record<string, string> };
  beforeAll(async () => {
    tmp = await makeTempDir();
    mac = await buildFixtureHome("darwin", path.join(tmp.dir, "mac"));
    win = await buildFixtureHome("win32", path.join(tmp.dir, "win"));
  });
  afterAll(() => tmp.cleanup());

  it("prints one JSON document with locations, skills and plugins, and exits 0 though some skills are invalid", async () => {
    const run = await runBin(["scan", "--home", mac.home, "--platform", "darwin", "--json"], { env: mac.env });
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as ScanResult;
    expect(Object.keys(result)).toEqual(["locations", "skills", "plugins", "diagnostics"]);
    expect(result.skills).toHaveLength(12);
    expect(result.skills.some((s) => !s.valid)).toBe(true);
    expect(result.plugins.map((p) => p.name)).toEqual(["review-kit"]);
    expect(result.locations.filter((l) => l.desktop?.accountTree)).toHaveLength(2);
  });

  it("prints skills grouped by client and location, Desktop trees told apart, and a summary line", async () => {
    const run = await runBin(["scan", "--home", mac.home, "--platform", "darwin"], { env: mac.env });
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toMatch(/^claude-desktop$/m);
    expect(out).toMatch(/^claude-code$/m);
    expect(out).toContain("Claude Desktop — account 3f2a9c1e…/8c7b6a59…");
    expect(out).toContain("Claude Desktop — account 9e8d7c6b…/1a2b3c4d…");
    expect(out).toContain("Claude Code (synced from claude.ai)");
    expect(out.indexOf("claude-desktop")).toBeLessThan(out.indexOf("claude-code"));
    expect(out).toMatch(
      // A fixture skill in ~/.claude/skills has a top-level version, which Claude Code reads: a note there, not an error.
      /12 skills \(1 invalid\), 1 plugin, \d+ errors?, \d+ warnings?, 2 Claude Desktop trees found\.\n$/,
    );
  });

  it("derives Windows paths from the home", async () => {
    const run = await runBin(["scan", "--home", win.home, "--platform", "win32", "--json"], { env: win.env });
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as ScanResult;
    expect(result.locations.filter((l) => l.desktop?.accountTree).map((l) => l.desktop?.variant)).toEqual([
      "Claude Desktop",
      "Claude Desktop (Microsoft Store)",
    ]);
  });

  it("adds --include folders", async () => {
    const extra = path.join(tmp.dir, "extra");
    await writeTree(extra, { "mine/SKILL.md": "---\nname: mine\ndescription: Mine.\n---\nBody.\n" });
    const run = await runBin(["scan", "--home", win.home, "--platform", "linux", "--include", extra, "--json"], {
      env: win.env,
    });
    const result = JSON.parse(run.stdout) as ScanResult;
    expect(result.skills.filter((s) => s.client === "custom").map((s) => s.name)).toEqual(["mine"]);
  });

  it("exits 2 for an unknown platform, a missing home or a missing --include folder", async () => {
    const bad = await runBin(["scan", "--home", mac.home, "--platform", "beos"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown platform "beos"');
    expect(bad.stdout).toBe("");
    const missing = await runBin(["scan", "--home", path.join(tmp.dir, "nobody"), "--json"]);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe("");
    const include = await runBin(["scan", "--home", mac.home, "--include", path.join(tmp.dir, "nope")]);
    expect(include.code).toBe(2);
  });

  it("maps this machine's platform to one of the three layouts", () => {
    expect(scanPlatformOf("darwin")).toBe("darwin");
    expect(scanPlatformOf("win32")).toBe("win32");
    expect(scanPlatformOf("freebsd")).toBe("linux");
  });
});
