import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { joinDesktopManifest, readDesktopTree, type DesktopTree } from "./desktop";

let tmp: { dir: string; cleanup: () => Promise<void> };
beforeAll(async () => (tmp = await makeTempDir()));
afterAll(async () => tmp.cleanup());

/** manifest.json's lastUpdated as discovery reads it. */
async function normaliseDesktopDate(lastUpdated: unknown): Promise<string | null | undefined> {
  const tree = path.join(tmp.dir, `tree-${Math.random().toString(36).slice(2)}`);
  await writeTree(tree, { "manifest.json": JSON.stringify({ lastUpdated, skills: [] }) });
  return (await readDesktopTree(tree, tmp.dir)).manifest?.lastUpdated;
}

describe("Claude Desktop manifests", () => {
  it("normalises lastUpdated given as epoch ms, a numeric string or an ISO string", async () => {
    expect(await normaliseDesktopDate(1763544600000)).toBe("2025-11-19T09:30:00.000Z");
    expect(await normaliseDesktopDate("1763544600000")).toBe("2025-11-19T09:30:00.000Z");
    expect(await normaliseDesktopDate("2026-11-20T09:30:00Z")).toBe("2026-11-20T09:30:00.000Z");
    expect(await normaliseDesktopDate("yesterday")).toBe("yesterday");
    expect(await normaliseDesktopDate(null)).toBeNull();
  });

  it("joins entries with folders by name, then by skillId", () => {
    const tree: DesktopTree = {
      path: "/t/a/b",
      accountTree: "a/b",
      diagnostics: [],
      manifest: {
        file: "/t/a/b/manifest.json",
        lastUpdated: null,
        entries: [
          { skillId: "id-1", name: "one", creatorType: "user", enabled: true, syncManaged: true, updatedAt: null },
          { skillId: "id-2", name: "two", creatorType: "user", enabled: true, syncManaged: true, updatedAt: null },
          { skillId: "id-3", name: "three", creatorType: "user", enabled: true, syncManaged: true, updatedAt: null },
        ],
      },
    };
    const diags = joinDesktopManifest(tree, ["one", "id-2", "extra"]);
    expect(diags.map((d) => [d.code, d.severity])).toEqual([
      ["desktop.manifest.unlisted-folder", "warning"],
      ["desktop.manifest.orphan-entry", "warning"],
    ]);
    expect(diags[1]?.message).toContain('"three"');
    expect(joinDesktopManifest({ ...tree, manifest: null }, ["x"])).toEqual([]);
  });
});
