// The update history's Restore in a real DOM: the button is disabled while the restore runs, so focus moves to what the
// restore said (its outcome, or why it did not work) and never falls to the page.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Skill } from "../../../shared/model";
import type { UndoResult, UpdateHistory } from "../../../shared/update-flow";
import { pageApi } from "../test/page-api";
import { ApiContext } from "../app/api-context";
import { SkillHistory } from "./UpdateHistory";

const skill = { id: "s1", name: "notes", dir: "/h/.claude/skills/notes", client: "claude-code" } as Skill;
const history = {
  skillId: "s1",
  backups: [{ version: "1.0.0" }],
  events: [],
} as unknown as UpdateHistory;

async function restoreWith(answer: UndoResult) {
  const { api } = pageApi({ updateHistory: async () => history, undoUpdate: async () => answer });
  render(
    <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
      <SkillHistory skill={skill} />
    </ApiContext.Provider>,
  );
  const restore = await screen.findByRole("button", { name: "Restore version 1.0.0" });
  restore.focus();
  fireEvent.click(restore);
}

describe("the update history's events", () => {
  it("tells each event in a sentence, with whether the replaced copy is kept", async () => {
    const at = "2026-12-01T00:00:00.000Z";
    const events = [
      { kind: "undo", at, from: "2.0.0", to: "1.0.0", kept: false },
      { kind: "update", at, from: null, to: "2.0.0", kept: false },
    ];
    const { api } = pageApi({ updateHistory: async () => ({ ...history, events }) as unknown as UpdateHistory });
    const { container } = render(
      <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
        <SkillHistory skill={skill} />
      </ApiContext.Provider>,
    );
    await screen.findByRole("button", { name: "Restore version 1.0.0" });
    const sentences = [...container.querySelectorAll(".history-events li")].map((li) => li.textContent);
    expect(sentences).toEqual([
      expect.stringMatching(
        /^Went back to version 1\.0\.0, replacing version 2\.0\.0\. Version 2\.0\.0 has been cleared away\. \(/,
      ),
      expect.stringMatching(
        /^Updated from a copy without a version number to version 2\.0\.0\. The old copy has been cleared away, so you can't go back to it\. \(/,
      ),
    ]);
  });
});

describe("Restore in the update history", () => {
  it("moves focus to the outcome message once the copy is restored", async () => {
    await restoreWith({ ok: true, version: "1.0.0", replacedVersion: "2.0.0" });
    const said = await screen.findByRole("status");
    expect(said.textContent).toBe("Restored version 1.0.0; the copy it replaced (version 2.0.0) is kept.");
    await waitFor(() => expect(document.activeElement).toBe(said));
  });

  it("moves focus to why the restore did not work", async () => {
    await restoreWith({
      ok: false,
      problem: {
        code: "install.rollback.none",
        cause: "not-found",
        message: "Nothing kept.",
        advice: "Nothing to undo.",
      },
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Restore did not work");
    await waitFor(() => expect(document.activeElement?.contains(alert)).toBe(true));
  });
});
