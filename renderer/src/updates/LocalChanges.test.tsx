// "Show my changes" when the host can read back what was installed: titled so, the person's own lines on the right,
// nothing of the source's later changes and no banner saying what was installed is not known, and no update started.
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { UpdateInfo, UpdatePlan } from "../../../shared/model";
import type { LocalChangesResult } from "../../../shared/update-flow";
import { pageApi } from "../test/page-api";
import { renderLocalEdits } from "../test/local-edits";

/** A copy changed here whose source has moved on since it was installed. */
const changed: UpdateInfo = {
  skillId: "id-copywriting",
  name: "copywriting",
  dir: "/h/copywriting",
  installed: null,
  installedSource: null,
  latest: null,
  state: "changed-locally",
  source: "github-tree",
  checkedAt: "2026-11-30T12:00:00.000Z",
  recordedHash: "a".repeat(40),
  upstreamHash: "b".repeat(40),
  changedFiles: ["SKILL.md", "extra.md", "mine.md"],
  plan: { kind: "replace-folder", action: "download", nextStep: "", steps: [] } as unknown as UpdatePlan,
};

function show(answer: LocalChangesResult) {
  const { api, calls } = pageApi({ localChanges: async () => answer });
  renderLocalEdits(api, changed);
  fireEvent.click(screen.getByRole("button", { name: "Show my changes" }));
  return calls;
}

describe("Show my changes against what was installed", () => {
  it("is titled as the person's changes since it was installed, with their lines and nothing else", async () => {
    const calls = show({
      baseline: "installed",
      files: [
        {
          path: "SKILL.md",
          change: "changed",
          binary: false,
          diff: "--- a/SKILL.md\n+++ b/SKILL.md\n@@ -1,2 +1,2 @@\n-Line one.\n+My own first line.\n Line two.\n",
        },
        {
          path: "mine.md",
          change: "added",
          binary: false,
          diff: "--- a/mine.md\n+++ b/mine.md\n@@ -0,0 +1 @@\n+My notes.\n",
        },
      ],
    });
    const section = await screen.findByRole("region", { name: "Your changes since it was installed" });
    expect(within(section).getByRole("heading").textContent).toBe("Your changes since it was installed");
    expect(
      within(section)
        .getAllByRole("listitem")
        .map((li) => [li.getAttribute("data-change"), li.querySelector(".change-mark")!.textContent]),
    ).toEqual([
      ["changed", "you changed"],
      ["added", "you added"],
    ]);
    const region = within(section).getByRole("region", { name: "Changes in SKILL.md" });
    expect(
      within(region)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["As installed", "Yours now"]);
    expect(within(region).getByText("My own first line.").closest("td")!.className).toBe("diff-added");
    expect(within(region).getByText("Line one.").closest("td")!.className).toBe("diff-removed");
    expect(section.textContent).not.toMatch(/extra\.md/);
    expect(screen.queryByTestId("installed-unknown")).toBeNull();
    expect(calls.map(([m]) => m)).toEqual(["localChanges"]);
    expect(calls[0]![1]).toEqual(["id-copywriting"]);
  });

  it("says the copy holds what was installed when the host finds no edits", async () => {
    show({ baseline: "installed", files: [] });
    const section = await screen.findByRole("region", { name: "Your changes since it was installed" });
    expect(section.textContent).toContain("Your copy holds the same files as when it was installed.");
  });
});
