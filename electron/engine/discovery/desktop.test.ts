import { describe, expect, it } from "vitest";
import { joinDesktopManifest, normaliseDesktopDate, type DesktopTree } from "./desktop";

describe("Claude Desktop manifests", () => {
  it("normalises lastUpdated given as epoch ms, a numeric string or an ISO string", () => {
    expect(normaliseDesktopDate(1763544600000)).toBe("2025-11-19T09:30:00.000Z");
    expect(normaliseDesktopDate("1763544600000")).toBe("2025-11-19T09:30:00.000Z");
    expect(normaliseDesktopDate("2026-11-20T09:30:00Z")).toBe("2026-11-20T09:30:00.000Z");
    expect(normaliseDesktopDate("yesterday")).toBe("yesterday");
    expect(normaliseDesktopDate(null)).toBeNull();
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
