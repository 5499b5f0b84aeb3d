// `skillshelf validate` through the built bin on hostile files: each bomb is a diagnostic and exit 1, never a crash.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonBombs, skillMd, yamlBombs } from "../../../test-support/bombs";
import { runBin } from "../../../test-support/cli";
import { makeTempDir, writeTree } from "../../../test-support/tmp";

let tmp: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir: tmp, cleanup } = await makeTempDir("skillshelf-cli-limits-"));
});
afterAll(() => cleanup());

interface Result {
  path: string;
  valid: boolean;
  diagnostics: Array<{ code: string; severity: string }>;
}

describe("validate on hostile files", () => {
  it("reports every frontmatter bomb of a folder with its code and exits 1", async () => {
    const bombs = yamlBombs();
    await writeTree(
      path.join(tmp, "skills"),
      Object.fromEntries(
        bombs.map((bomb, i) => [
          `bomb-${i}/SKILL.md`,
          skillMd(bomb.frontmatter.replace("name: bomb", `name: bomb-${i}`)),
        ]),
      ),
    );
    const run = await runBin(["validate", path.join(tmp, "skills"), "--json"], { timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(1);
    const results = (JSON.parse(run.stdout) as { results: Result[] }).results;
    expect(results).toHaveLength(bombs.length);
    for (const [i, bomb] of bombs.entries()) {
      const result = results.find((r) => path.basename(r.path) === `bomb-${i}`);
      expect(result?.valid, bomb.name).toBe(false);
      expect(
        result?.diagnostics.filter((d) => d.severity === "error").map((d) => d.code),
        bomb.name,
      ).toEqual([bomb.code]);
    }
  });

  it("reports a plugin.json of millions of `[` and exits 1 with the diagnostic in text output", async () => {
    const [bomb] = jsonBombs();
    await writeTree(path.join(tmp, "plugin"), { "plugin.json": bomb!.text });
    const run = await runBin(["validate", path.join(tmp, "plugin")], { timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain("plugin.manifest.json");
    expect(run.stdout).toContain("over the 64 KiB limit");
  });
});
