// Update all in a real DOM: the button counts only copies whose update can succeed here, the first click shows what
// will be updated and what is skipped (and why), and the summary names what was updated, what failed (with Retry) and
// what was skipped. A changed-locally copy, a copy without a file and a local-edits row never offer a command line.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { UpdateInfo, UpdatePlan } from "../../../shared/model";
import type { UpdateAllItem } from "../../../shared/update-flow";
import { pageApi } from "../test/page-api";
import { renderLocalEdits } from "../test/local-edits";
import { ApiContext } from "../app/api-context";
import { LocalEditsItem } from "./LocalEditsItem";
import { UpdateAllPanel } from "./UpdateAllPanel";
import { FileChanges } from "./UpdateParts";

const info = (name: string, plan: Partial<UpdatePlan>, extra: Partial<UpdateInfo> = {}): UpdateInfo => ({
  skillId: `id-${name}`,
  name,
  dir: `/h/${name}`,
  installed: "1.0.0",
  installedSource: "metadata.version",
  latest: "2.0.0",
  state: "outdated",
  source: "skill-meta",
  checkedAt: "2026-11-30T12:00:00.000Z",
  plan: { kind: "replace-folder", action: "download", nextStep: "", steps: [], ...plan } as UpdatePlan,
  ...extra,
});
/** The host's answer when what was installed cannot be read back. */
const notKnown = {
  baseline: "unknown" as const,
  reason: "The skills installer recorded only a fingerprint of what it installed, not where to read it back.",
};
const problem = { code: "install.download.offline", cause: "offline" as const, message: "Offline.", advice: "Retry." };

describe("Update all", () => {
  it("shows what it will do before it runs, then a summary with the failure's cause and Retry", async () => {
    const answers: UpdateAllItem[][] = [
      [
        { skillId: "id-alpha", name: "alpha", ok: true, version: "2.0.0", nothingToDo: false },
        { skillId: "id-beta", name: "beta", ok: false, problem },
      ],
      [{ skillId: "id-beta", name: "beta", ok: true, version: "2.0.0", nothingToDo: false }],
    ];
    const { api, calls } = pageApi({ updateAll: async () => answers.shift()! });
    render(
      <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
        <UpdateAllPanel
          list={[
            info("alpha", {}),
            info("beta", {}),
            info("bare", { action: "none" }),
            info("mine", {}, { state: "changed-locally" }),
          ]}
        />
      </ApiContext.Provider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Update all… (2)" }));
    expect(calls.filter(([m]) => m === "updateAll")).toHaveLength(0);
    expect(within(screen.getByRole("list", { name: "Will be updated" })).getAllByRole("listitem")).toHaveLength(2);
    const skipped = within(screen.getByRole("list", { name: "Skipped" })).getAllByRole("listitem");
    expect(skipped.map((li) => li.textContent)).toEqual([
      "bare: its update source offers nothing to download.",
      expect.stringMatching(/^mine: it was changed here/),
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Update 2 copies now" }));
    await screen.findByText("1 updated, 1 not updated, 2 skipped.");
    expect(calls.find(([m]) => m === "updateAll")?.[1]).toEqual([["id-alpha", "id-beta"]]);
    const failed = screen.getByRole("list", { name: "Not updated" });
    expect(failed.textContent).toContain("beta: Offline. Retry.");
    fireEvent.click(within(failed).getByRole("button", { name: "Retry beta" }));
    await waitFor(() => expect(screen.queryByRole("list", { name: "Not updated" })).toBeNull());
    expect(within(screen.getByRole("list", { name: "Updated" })).getAllByRole("listitem")).toHaveLength(2);
  });

  it("offers no Update all when no copy's update can succeed here", () => {
    const { api } = pageApi();
    render(
      <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
        <UpdateAllPanel list={[info("bare", { action: "none" }), info("desk", { kind: "desktop-upload" })]} />
      </ApiContext.Provider>,
    );
    expect(screen.queryByRole("button", { name: /Update all/ })).toBeNull();
  });
});

describe("a copy changed here", () => {
  it("offers Show my changes (line by line, then the review ended), Update anyway and Keep mine; no command line", async () => {
    let updated = 0;
    let kept = 0;
    const changed = info(
      "copywriting",
      {},
      {
        state: "changed-locally",
        changedFiles: ["SKILL.md"],
        recordedHash: "a".repeat(40),
        upstreamHash: "a".repeat(40),
      },
    );
    const diff = "--- a/SKILL.md\n+++ b/SKILL.md\n@@ -1,2 +1,2 @@\n-Write it my way.\n+Write it plainly.\n end\n";
    const review = { files: [{ path: "SKILL.md", change: "changed", binary: false, diff }] };
    const { api, calls } = pageApi({
      localChanges: async () => notKnown,
      startUpdate: async () => ({ taskId: "t1" }),
      reviewUpdate: async () => ({ ok: true, review }),
    });
    renderLocalEdits(api, changed, { update: () => updated++, keep: () => kept++ });
    fireEvent.click(screen.getByRole("button", { name: "Show my changes" }));
    const region = await screen.findByRole("region", { name: "Changes in SKILL.md" });
    expect(
      within(region)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["As installed", "Yours now"]);
    expect(screen.queryByTestId("installed-unknown")).toBeNull();
    expect(within(region).getByText("Write it my way.").closest("td")!.className).toBe("diff-added");
    await waitFor(() => expect(calls.some(([m, a]) => m === "cancelUpdate" && a[0] === "t1")).toBe(true));
    expect(calls.some(([m]) => m === "applyUpdate")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Update anyway (my version is kept as a backup)" }));
    fireEvent.click(screen.getByRole("button", { name: "Keep mine" }));
    expect([updated, kept]).toEqual([1, 1]);
    expect(document.body.textContent).not.toMatch(/skillshelf |--dry-run|terminal/);
  });

  it("says plainly when what was installed is not known: the source moved on, so the differences mix its changes in", async () => {
    const changed = info(
      "copywriting",
      {},
      {
        state: "changed-locally",
        changedFiles: ["SKILL.md"],
        recordedHash: "a".repeat(40),
        upstreamHash: "b".repeat(40),
      },
    );
    const diff = "--- a/SKILL.md\n+++ b/SKILL.md\n@@ -1 +1 @@\n-Mine.\n+Theirs, newer.\n";
    const { api } = pageApi({
      localChanges: async () => notKnown,
      startUpdate: async () => ({ taskId: "t1" }),
      reviewUpdate: async () => ({
        ok: true,
        review: { files: [{ path: "SKILL.md", change: "changed", binary: false, diff }] },
      }),
    });
    renderLocalEdits(api, changed);
    fireEvent.click(screen.getByRole("button", { name: "Show my changes" }));
    const region = await screen.findByRole("region", { name: "Changes in SKILL.md" });
    expect(screen.getByTestId("installed-unknown").textContent).toMatch(
      /^Skillshelf does not have the version you installed: its source has changed since\. .*may mix your own changes with the source's\.$/,
    );
    expect(
      within(region)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["From its source now", "Yours now"]);
  });

  it("lists the changed files when there is no source to compare with", async () => {
    const changed = info("copywriting", { action: "none" }, { state: "changed-locally", changedFiles: ["notes.md"] });
    const { api } = pageApi({ localChanges: async () => notKnown });
    renderLocalEdits(api, changed);
    fireEvent.click(screen.getByRole("button", { name: "Show my changes" }));
    await screen.findByTestId("installed-unknown");
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toContain("notes.md");
    expect(screen.queryByRole("heading", { name: "Your changes since it was installed" })).toBeNull();
    expect(screen.getByTestId("installed-unknown-why").textContent).toBe(notKnown.reason);
    expect(screen.getByTestId("installed-unknown").textContent).toMatch(/^Skillshelf does not know which version/);
  });

  it("offers no Update anyway when there is nothing to update from", () => {
    const changed = info("copywriting", { action: "none" }, { state: "changed-locally" });
    render(
      <ul>
        <LocalEditsItem info={changed} place="Claude Code" onUpdate={() => undefined} onKeep={() => undefined} />
      </ul>,
    );
    expect(screen.queryByRole("button", { name: /Update anyway/ })).toBeNull();
  });
});

describe("the review's file changes", () => {
  it("shows each file's lines side by side, with no unified-diff headers", () => {
    const diff =
      "Index: a/SKILL.md\n===================================================================\n--- a/SKILL.md\n+++ b/SKILL.md\n@@ -1,3 +1,3 @@\n # Notes\n-Old advice.\n+New advice.\n end\n";
    render(<FileChanges files={[{ path: "SKILL.md", change: "changed", binary: false, diff }]} />);
    const region = screen.getByRole("region", { name: "Changes in SKILL.md" });
    expect(region.textContent).not.toMatch(/====|@@|\+\+\+|---/);
    expect(
      within(region)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Now", "After the update"]);
    expect(within(region).getByText("From line 1")).toBeTruthy();
    const row = within(region).getByText("Old advice.").closest("tr")!;
    expect(row.textContent).toBe("Removed: Old advice.Added: New advice.");
  });
});
