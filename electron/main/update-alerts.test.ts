// Pending-update counting and the "announce each skill version once" selection.
import { describe, expect, it } from "vitest";
import type { UpdateInfo } from "../../shared/model";
import { pendingUpdateCount } from "../../shared/update-rows";
import { notificationContent, parseAnnounced, selectUnannounced, serializeAnnounced } from "./update-alerts";

/** The key a skill version is announced under. */
const updateKey = (announced: { key: string }) => announced.key;
/** How many announced keys are kept on disk. */
const announcedLimit = 2000;

function update(
  name: string,
  latest: string | null,
  state: UpdateInfo["state"] = "outdated",
  dir = `/skills/${name}`,
): UpdateInfo {
  return {
    skillId: `${dir}`,
    name,
    dir,
    installed: "1.0.0",
    installedSource: "metadata.version",
    latest,
    state,
    source: "skill-meta",
    checkedAt: "2026-11-30T12:00:00.000Z",
  };
}

describe("pendingUpdates", () => {
  it("announces each outdated skill version once, however many copies; the badge counts each copy, as the Updates view lists them", () => {
    const updates = [
      update("pdf", "2.0.0", "outdated", "/a/pdf"),
      update("pdf", "2.0.0", "outdated", "/b/pdf"),
      update("docx", "1.1.0"),
      update("xlsx", "1.0.0", "up-to-date"),
      update("pptx", null, "unknown"),
      update("ahead", "0.9.0", "ahead"),
    ];
    const { fresh, announced } = selectUnannounced(updates, new Set());
    expect(fresh.map(updateKey)).toEqual(["docx@1.1.0", "pdf@2.0.0"]);
    expect([...announced]).toEqual(["docx@1.1.0", "pdf@2.0.0"]);
    expect(pendingUpdateCount(updates)).toBe(3);
    expect(pendingUpdateCount([])).toBe(0);
  });

  it("announces a plugin's release once and a skill without a version when its content moves on", () => {
    const plugin = { id: "p1", name: "security-kit", format: "claude-code" } as const;
    const content = { ...update("notes", null), upstreamHash: "abc" };
    const updates = [
      { ...update("dependency-audit", "1.1.0"), plugin },
      { ...update("secret-scanner", "1.1.0"), plugin },
      content,
    ];
    const { fresh } = selectUnannounced(updates, new Set());
    expect(fresh.map(updateKey)).toEqual(["notes@abc", "plugin:p1@1.1.0"]);
    expect(pendingUpdateCount(updates)).toBe(2);
    expect(notificationContent([content])?.body).toBe("A new version of notes is out. Open Skillshelf to update it.");
  });
});

describe("selectUnannounced", () => {
  it("announces a version once, and a newer version again", () => {
    const first = selectUnannounced([update("pdf", "2.0.0")], new Set());
    expect(first.fresh.map(updateKey)).toEqual(["pdf@2.0.0"]);
    const again = selectUnannounced(
      [update("pdf", "2.0.0"), update("pdf", "2.0.0", "outdated", "/other/pdf")],
      first.announced,
    );
    expect(again.fresh).toEqual([]);
    const newer = selectUnannounced([update("pdf", "2.1.0")], again.announced);
    expect(newer.fresh.map(updateKey)).toEqual(["pdf@2.1.0"]);
    expect([...newer.announced].sort()).toEqual(["pdf@2.0.0", "pdf@2.1.0"]);
  });

  it("does not change the set it was given", () => {
    const announced = new Set<string>();
    selectUnannounced([update("pdf", "2.0.0")], announced);
    expect(announced.size).toBe(0);
  });
});

describe("notificationContent", () => {
  it("names a single update with both versions", () => {
    expect(notificationContent([update("pdf", "2.0.0")])).toEqual({
      title: "Update available: pdf",
      body: "Version 2.0.0 of pdf is out (you have 1.0.0). Open Skillshelf to update it.",
    });
  });

  it("summarises several updates in one notification", () => {
    const content = notificationContent(["a", "b", "c", "d", "e"].map((name) => update(name, "2.0.0")));
    expect(content?.title).toBe("5 skill updates available");
    expect(content?.body).toBe("New versions: a 2.0.0, b 2.0.0, c 2.0.0 and 2 more. Open Skillshelf to update them.");
  });

  it("is null when nothing is new", () => {
    expect(notificationContent([])).toBeNull();
  });
});

describe("persisted announced set", () => {
  it("round-trips and ignores anything that is not a list of keys", () => {
    expect(parseAnnounced(serializeAnnounced(new Set(["a@1", "b@2"])))).toEqual(new Set(["a@1", "b@2"]));
    expect(parseAnnounced(null).size).toBe(0);
    expect(parseAnnounced({ announced: "a@1" }).size).toBe(0);
    expect(parseAnnounced({ announced: ["a@1", 7, null] })).toEqual(new Set(["a@1"]));
  });

  it("keeps only the newest keys", () => {
    const many = new Set(Array.from({ length: announcedLimit + 5 }, (_, i) => `s${i}@1`));
    const kept = serializeAnnounced(many).announced;
    expect(kept.length).toBe(announcedLimit);
    expect(kept[0]).toBe("s5@1");
  });
});
