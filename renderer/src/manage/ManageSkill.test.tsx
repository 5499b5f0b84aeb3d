// Remove in a real DOM: the plan is shown before anything goes, and once it is gone the removal is announced once
// (by the banner with Undo), not by two live regions saying the same thing.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { RemoveView } from "../../../shared/manage";
import type { Skill } from "../../../shared/model";
import { pageApi } from "../test/page-api";
import { ApiContext } from "../app/api-context";
import { ManageSkill, RemovedNotice, shareTargets } from "./ManageSkill";

const skill = { id: "s1", name: "tidy", dir: "/h/.agents/skills/tidy", userOwned: true } as Skill;
const plan: RemoveView = {
  name: "tidy",
  items: [{ kind: "copy", path: "/h/.agents/skills/tidy", clients: ["Codex"] }],
  lock: { file: "/h/.agents/.skill-lock.json", entry: {} },
  desktopSteps: [],
};

function Page() {
  const [removed, setRemoved] = useState<string | null>(null);
  return (
    <>
      {removed ? <RemovedNotice name={removed} onDone={() => setRemoved(null)} onChanged={() => undefined} /> : null}
      <ManageSkill skill={skill} onChanged={() => undefined} onRemoved={setRemoved} />
    </>
  );
}

describe("Remove", () => {
  it("lists what goes, removes only on confirmation, and announces the removal once", async () => {
    const { api, calls } = pageApi({ removeSkill: async () => plan });
    render(
      <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
        <Page />
      </ApiContext.Provider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Remove…" }));
    expect((await screen.findByTestId("remove-plan")).textContent).toContain("copy /h/.agents/skills/tidy");
    expect(calls).toEqual([["removeSkill", ["tidy", { dryRun: true }]]]);
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.getAllByRole("status").map((s) => s.textContent)).toHaveLength(1));
    expect(screen.getByRole("status").textContent).toContain("Removed tidy; its copies are kept as backups.");
    expect(calls.at(-1)).toEqual(["removeSkill", ["tidy", { dryRun: false }]]);
    // The pressed button is gone with the detail: the focus is on Undo, never on the page body.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Undo" }));
  });
});

describe("Also use in…", () => {
  it("never offers a client the skill is already in, and says so when it is in all of them", () => {
    const linked = {
      ...skill,
      links: ["/h/.claude/skills/tidy"],
      placements: [{ locationId: "c", client: "cursor", path: "/h/.cursor/skills/tidy", link: true }],
    } as Skill;
    expect(shareTargets(linked)).toEqual(["gemini-cli"]);
    const { api } = pageApi();
    render(
      <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
        <ManageSkill skill={linked} onChanged={() => undefined} onRemoved={() => undefined} />
      </ApiContext.Provider>,
    );
    const options = screen.getAllByRole("option").map((o) => o.textContent);
    expect(options).toEqual(["Gemini CLI"]);
    expect(screen.getByLabelText("Also use in").className).toBe("select");
  });
});
