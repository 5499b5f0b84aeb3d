// The guided update's words for a person who does not read code: no command line beside a button that does the same,
// plural agreement, no "version" before a missing version, the app named where it must start a new conversation, a
// checksum mismatch that leads with its meaning (hashes behind Details), and a Desktop wait that says plainly when the
// copy that arrived is still the old one, and can be stopped.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Skill, UpdateInfo } from "../../../shared/model";
import type { ArrivalView, UpdateApplyResult, UpdateReview } from "../../../shared/update-flow";
import { pageApi } from "../test/page-api";
import { ApiContext } from "../app/api-context";
import { clientsOf, guidedNextStep, ProblemView, versionChange } from "./UpdateParts";
import { DonePanel } from "./UpdateWizardDone";
import { DesktopHandoffPanel } from "./UpdateWizardHandoff";
import { keptWords, ReviewPanel } from "./UpdateWizardReview";

const skill = { id: "s1", name: "notes", dir: "/h/.agents/skills/notes", client: "agents" } as Skill;
const outdated = (kind: string, extra: Partial<UpdateInfo> = {}) =>
  ({
    skillId: "s1",
    installed: "1.2.0",
    latest: "1.3.0",
    state: "outdated",
    plan: {
      kind,
      action: kind === "run-recipe" ? "recipe" : "download",
      nextStep: "Run `skillshelf update pdf-helper`: it fetches this folder…",
      steps: [],
    },
    ...extra,
  }) as unknown as UpdateInfo;

function withApi(api: ReturnType<typeof pageApi>["api"], node: React.ReactNode) {
  return render(<ApiContext.Provider value={{ api, host: "web", consent: "none" }}>{node}</ApiContext.Provider>);
}

describe("the guided update's words", () => {
  it("says what the button does instead of a command line, and never 'version unknown'", () => {
    for (const kind of ["replace-folder", "desktop-upload"]) {
      const words = guidedNextStep(outdated(kind));
      expect(words).toContain("Skillshelf downloads version 1.3.0");
      expect(words).not.toMatch(/skillshelf update|`/);
    }
    expect(versionChange(null, "1.3.0")).toBe("a copy without a version number → version 1.3.0");
    expect(versionChange("1.2.0", null)).toBe("version 1.2.0 → the new version");
  });

  it("agrees in number, and names the apps that load the copy", () => {
    expect(keptWords(1, "was")).toBe("1 file of your own was kept");
    expect(keptWords(3, "was")).toBe("3 files of your own were kept");
    expect(keptWords(2, "is")).toBe("2 files of your own are kept");
    const linked = {
      ...skill,
      placements: [
        { locationId: "a", client: "agents", path: skill.dir, link: false },
        { locationId: "c", client: "claude-code", path: "/h/.claude/skills/notes", link: true },
        { locationId: "d", client: "cursor", path: "/h/.cursor/skills/notes", link: true },
      ],
    } as Skill;
    expect(clientsOf(linked)).toBe("Claude Code or Cursor");
    expect(clientsOf(skill)).toBe("the app that uses this skill");
  });

  it("reviews a new copy without a version without saying 'version' before nothing", () => {
    const review = {
      kind: "replace-folder",
      version: null,
      files: [],
      counts: { added: 1, removed: 0, changed: 0, kept: 2, unchanged: 3 },
      diagnostics: [],
      nothingToDo: false,
    } as unknown as UpdateReview;
    render(
      <ReviewPanel
        review={review}
        overwriteLocal={false}
        onConfirmOverwrite={() => undefined}
        onApply={() => undefined}
      />,
    );
    expect(screen.getByText(/^Downloaded and checked/).textContent).toBe(
      "Downloaded and checked: a new copy that does not give a version number. 1 added, 0 removed, 0 changed, 3 unchanged; 2 files of your own are kept.",
    );
  });

  it("says what a Desktop update did without 'version' before a missing version", () => {
    const desktop = {
      ok: true,
      kind: "desktop-upload",
      name: "notes",
      archive: "/d/notes.skill",
      version: null,
      steps: [],
    };
    withApi(
      pageApi().api,
      <DonePanel skill={skill} applied={desktop as unknown as Extract<UpdateApplyResult, { ok: true }>} />,
    );
    expect(screen.getByRole("status").textContent).toBe("Updated — Claude Desktop now has the new copy.");
  });

  it("a checksum mismatch leads with what it means; the hashes are only behind Details", () => {
    render(
      <ProblemView
        problem={{
          code: "install.download.checksum",
          cause: "checksum",
          message: "The download doesn't match what the publisher announced, so it was not installed.",
          advice:
            "It may have been damaged on the way or changed since it was published; your installed copy is unchanged.",
          detail: "SHA-256 of the download: aa\nSHA-256 the release published: bb",
        }}
      />,
    );
    const alert = screen.getByRole("alert");
    expect(alert.querySelector(".problem-message")?.textContent).toBe(
      "The download doesn't match what the publisher announced, so it was not installed.",
    );
    expect(alert.querySelector("details")?.textContent).toContain("SHA-256 of the download: aa");
    expect(alert.querySelector("details")?.open).toBe(false);
  });
});

describe("the wait for Claude Desktop", () => {
  const applied = {
    ok: true,
    kind: "desktop-upload",
    name: "notes",
    archive: "/h/Downloads/notes-1.3.0.skill",
    version: "1.3.0",
    steps: ["Open Claude Desktop."],
  } as unknown as Extract<UpdateApplyResult, { kind: "desktop-upload" }>;

  it("says plainly when the copy that arrived is still the old version, and offers Check again", async () => {
    const stale: ArrivalView = {
      status: "stale",
      version: "1.2.0",
      message: 'Claude Desktop still has 1.2.0 of "notes" — the upload may not have replaced it.',
      advice: ["Upload the .skill file again."],
    };
    const { api } = pageApi({ waitForArrival: async () => stale });
    withApi(api, <DesktopHandoffPanel taskId="0123456789abcdef" applied={applied} onArrived={() => undefined} />);
    const alert = await screen.findByRole("alert");
    expect(alert.querySelector("p")?.textContent).toBe(
      'Claude Desktop still has 1.2.0 of "notes" — the upload may not have replaced it.',
    );
    expect(screen.getByRole("button", { name: "Check again" })).toBeTruthy();
    expect(screen.queryByText(/^Waiting for Claude Desktop/)).toBeNull();
  });

  it("has a visible way out of the wait (and Escape): it stops, keeps the file, and Check again waits anew", async () => {
    let waits = 0;
    const { api } = pageApi({
      waitForArrival: () => {
        waits++;
        return new Promise<ArrivalView>(() => undefined);
      },
    });
    withApi(api, <DesktopHandoffPanel taskId="0123456789abcdef" applied={applied} onArrived={() => undefined} />);
    expect(screen.getByText("Waiting for Claude Desktop to show version 1.3.0…")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Stop waiting" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Check again" })));
    expect(screen.getByRole("status").textContent).toContain("Stopped waiting. The .skill file is still there");
    fireEvent.click(screen.getByRole("button", { name: "Check again" }));
    await waitFor(() => expect(waits).toBe(2));
    fireEvent.keyDown(screen.getByRole("button", { name: "Stop waiting" }), { key: "Escape" });
    await screen.findByRole("button", { name: "Check again" });
  });
});
