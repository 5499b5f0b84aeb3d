// The Updates view's order and words: groups by cause (never by the English reason), exact counts, one sentence each.
import { describe, expect, it } from "vitest";
import type { FailureCause, UpdateInfo, UpdatePlan } from "../../../shared/model";
import { groupMeaning, groupTitle, groupUpdates, updatesHeadline, type UpdateGroup } from "./update-groups";
import { previewUpdateAll } from "../../../shared/update-all";
import { pendingUpdateCount, updateRowCount } from "../../../shared/update-rows";

const info = (name: string, extra: Partial<UpdateInfo>): UpdateInfo => ({
  skillId: name,
  name,
  dir: `/s/${name}`,
  installed: "1.0.0",
  installedSource: "metadata.version",
  latest: null,
  state: "unknown",
  source: "none",
  checkedAt: "2026-12-01T00:00:00.000Z",
  ...extra,
});
const group = (key: UpdateGroup["key"], n: number): UpdateGroup => ({
  key,
  items: Array.from({ length: n }, (_, i) => info(`s${i}`, {})),
});

describe("grouping the results", () => {
  it("puts updates first, then what a new check may answer, then one group per cause, and ignored ones apart", () => {
    const groups = groupUpdates([
      info("a", { state: "outdated", latest: "2.0.0" }),
      info("b", { state: "outdated", latest: "2.0.0", ignored: "version" }),
      info("c", { cause: "no-source", reason: "Offline, it says, but the cause decides." }),
      info("d", { cause: "offline" }),
      info("e", {}),
      info("f", { state: "ahead", latest: "0.9.0" }),
      info("g", { state: "up-to-date", latest: "1.0.0" }),
      info("h", { cause: "rate-limited", ignored: "skill" }),
    ]);
    expect(groups.pending.map((u) => u.name)).toEqual(["a"]);
    expect(groups.ahead.map((u) => u.name)).toEqual(["f"]);
    expect(groups.retry.map((g) => [g.key, g.items.map((u) => u.name)])).toEqual([["offline", ["d"]]]);
    expect(groups.quiet.map((g) => [g.key, g.items.map((u) => u.name)])).toEqual([
      ["no-source", ["c"]],
      ["unknown", ["e"]],
    ]);
    expect(groups.ignored.map((u) => u.name)).toEqual(["b", "h"]);
  });

  it("titles each group with its exact count, and says what it means", () => {
    const titles: Array<[UpdateGroup["key"], number, string]> = [
      ["ignored", 1, "1 update ignored"],
      ["offline", 1, "Couldn't check 1 skill this time"],
      ["rate-limited", 3, "Couldn't check 3 skills — GitHub's limit of requests was reached"],
      ["timeout", 2, "Couldn't check 2 skills — the source took too long to answer"],
      ["locked", 1, "Couldn't check 1 skill — another update of them is under way"],
      ["no-source", 10_300, "10,300 skills have no update source"],
      ["no-source", 1, "1 skill has no update source"],
      ["not-found", 4, "4 skills name a source that was not found"],
      ["not-comparable", 2, "2 skills have versions that cannot be compared"],
      ["checksum" as FailureCause, 5, "Couldn't find out whether 5 skills have updates"],
    ];
    for (const [key, n, title] of titles) expect(groupTitle(group(key, n))).toBe(title);
    expect(groupMeaning("rate-limited")).toBe(
      "GitHub answers a limited number of requests without a token. Add a GitHub token in Settings to raise the limit, or check again later.",
    );
    expect(groupMeaning("timeout")).toBe("The source did not answer in time. Check again later.");
    expect(groupMeaning("locked")).toBe("Check again when the update under way has finished.");
    expect(groupMeaning("not-found")).toBe(
      "The repository or release these skills name does not exist (any more), or is private. Nothing can be checked until the skill names a source that exists.",
    );
    expect(groupMeaning("not-comparable")).toBe(
      "The installed version or the latest one is not a version number Skillshelf can compare, so it cannot tell which is newer.",
    );
    expect(groupMeaning("ignored")).toBe("You asked not to be told about these updates. Show one again to update it.");
    expect(groupMeaning("unknown")).toBe("Each copy below says why.");
  });

  it("never headlines 'No updates available' when something could not be checked", () => {
    const headline = (list: UpdateInfo[]) => updatesHeadline(groupUpdates(list));
    expect(headline([info("a", { cause: "timeout" }), info("b", { cause: "rate-limited" })])).toBe(
      "No updates found, but 2 skills could not be checked",
    );
    expect(headline([info("a", { cause: "offline" }), info("b", { cause: "timeout" })])).toBe(
      "No updates found, but 2 skills could not be checked",
    );
    expect(headline([info("a", { cause: "no-source" })])).toBe("No updates available");
    expect(headline([info("a", { state: "outdated", latest: "2.0.0" })])).toBe("1 update available");
  });

  it("never headlines 'No updates available' before the first check, when nothing is known yet", () => {
    expect(updatesHeadline(groupUpdates([]), false)).toBe("Not checked for updates yet");
    expect(updatesHeadline(groupUpdates([]), true)).toBe("No updates available");
    const known = groupUpdates([info("a", { state: "outdated", latest: "2.0.0" })]);
    expect(updatesHeadline(known, false)).toBe("1 update available");
  });
});

describe("a plugin's release", () => {
  it("is one row and one count, however many of its skills it updates", () => {
    const plugin = { id: "p1", name: "security-kit", format: "claude-code" } as const;
    const groups = groupUpdates([
      info("dependency-audit", { state: "outdated", latest: "1.1.0", installedSource: "plugin.version", plugin }),
      info("pdf", { state: "outdated", latest: "2.0.0" }),
      info("secret-scanner", { state: "outdated", latest: "1.1.0", installedSource: "plugin.version", plugin }),
    ]);
    expect(groups.pending.map((u) => u.name)).toEqual(["pdf"]);
    expect(groups.plugins.map((p) => [p.plugin.name, p.latest, p.items.map((u) => u.name)])).toEqual([
      ["security-kit", "1.1.0", ["dependency-audit", "secret-scanner"]],
    ]);
    expect(updateRowCount(groups)).toBe(2);
    expect(updatesHeadline(groups)).toBe("2 updates available");
  });
});

describe("one count of updates everywhere", () => {
  it("a plugin of two skills, a content update and a release: the heading, tab, sidebar, badge and Update all agree", () => {
    const plugin = { id: "p1", name: "security-kit", format: "claude-code" } as const;
    const download = { kind: "replace-folder", action: "download", nextStep: "", steps: [] } as unknown as UpdatePlan;
    const list = [
      info("dependency-audit", { state: "outdated", latest: "1.1.0", installedSource: "plugin.version", plugin }),
      info("secret-scanner", { state: "outdated", latest: "1.1.0", installedSource: "plugin.version", plugin }),
      info("notes", {
        state: "outdated",
        installed: null,
        installedSource: null,
        latest: null,
        source: "github-tree",
        upstreamHash: "abc",
        plan: download,
      }),
      info("pdf", { state: "outdated", latest: "2.0.0", plan: download }),
      info("docx", { state: "up-to-date", latest: "1.0.0" }),
    ];
    const groups = groupUpdates(list);
    // The heading and the Updates view's rows; the tab, the sidebar, the banner and the badge use pendingUpdateCount.
    expect(updateRowCount(groups)).toBe(3);
    expect(updatesHeadline(groups)).toBe("3 updates available");
    expect(pendingUpdateCount(list)).toBe(3);
    expect(pendingUpdateCount(new Map(list.map((u) => [u.skillId, u])).values())).toBe(3);
    // Update all names the same rows: the two it updates, the plugin once as skipped.
    const preview = previewUpdateAll(list);
    expect(preview.will.map((u) => u.name)).toEqual(["notes", "pdf"]);
    expect(preview.skipped.map((s) => s.name)).toEqual(["security-kit"]);
    expect(preview.will.length + preview.skipped.length).toBe(3);
  });
});
