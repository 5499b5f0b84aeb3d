// Add to Claude Desktop in a real DOM: after Add, the page waits for the skill to show in Desktop (Stop waiting ends
// the wait on the host too), says in which account it arrived and rescans, and says so when another version arrived.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AddArrivalView, AddView } from "../../../shared/manage";
import { pageApi } from "../test/page-api";
import { AddSkillPanel } from "./AddSkillPanel";
import { ApiContext } from "../app/api-context";

const plan = (applied: boolean): AddView => ({
  source: "/src/tidy",
  candidates: [{ name: "tidy", skillPath: "", version: "2.0.0", description: "Tidies.", valid: true }],
  skills: [
    {
      name: "tidy",
      version: "2.0.0",
      forced: false,
      places: [],
      lock: { file: null, why: "Claude Desktop keeps no lock" },
      ...(applied ? { handoff: { archive: "/h/Downloads/tidy-2.0.0.skill", steps: ["Open Claude Desktop."] } } : {}),
    },
  ],
  applied,
});

/** The panel after Add to Claude Desktop, with the host's wait answered by the test. */
async function addToDesktop() {
  let answer: (view: AddArrivalView) => void = () => undefined;
  let changed = 0;
  const { api, calls } = pageApi({
    addSkill: async (_source: string, request: { dryRun: boolean }) => plan(!request.dryRun),
    waitForAddArrival: () => new Promise<AddArrivalView>((resolve) => (answer = resolve)),
    cancelAddSkill: async () => undefined,
  });
  render(
    <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
      <AddSkillPanel
        onChanged={() => void changed++}
        onAdded={() => undefined}
        onShow={() => undefined}
        onClose={() => undefined}
      />
    </ApiContext.Provider>,
  );
  fireEvent.change(screen.getByRole("textbox"), { target: { value: "/src/tidy" } });
  fireEvent.click(screen.getByRole("button", { name: "Show what it adds" }));
  fireEvent.click(await screen.findByRole("checkbox", { name: /Claude Desktop/ }));
  await waitFor(() => expect(calls.filter(([m]) => m === "addSkill")).toHaveLength(2));
  await waitFor(() => expect(screen.getByRole("button", { name: "Add" }).hasAttribute("disabled")).toBe(false));
  fireEvent.click(screen.getByRole("button", { name: "Add" }));
  await screen.findByText('Waiting for Claude Desktop to show "tidy"…');
  const addTask = calls.find(([m, a]) => m === "addSkill" && (a[1] as { dryRun: boolean }).dryRun === false)!;
  const taskId = (addTask[1][1] as { taskId: string }).taskId;
  // The wait is asked for in an effect, which may run after the waiting text shows (a loaded machine).
  await waitFor(() =>
    expect(calls.filter(([m]) => m === "waitForAddArrival")).toEqual([["waitForAddArrival", [taskId]]]),
  );
  return { answer: (v: AddArrivalView) => answer(v), calls, taskId, changed: () => changed };
}

describe("Add to Claude Desktop", () => {
  it("waits for the skill to arrive, then names the account and rescans the catalog", async () => {
    const page = await addToDesktop();
    const before = page.changed();
    page.answer({ status: "arrived", name: "tidy", version: "2.0.0", account: "A1/B2", advice: [] });
    await screen.findByText("Added to Claude Desktop (account A1/B2): version 2.0.0.");
    expect(screen.queryByText(/Waiting for Claude Desktop/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Check again" })).toBeNull();
    expect(page.changed()).toBe(before + 1);
  });

  it("Stop waiting ends the host's wait and offers Check again, which waits anew", async () => {
    const page = await addToDesktop();
    fireEvent.click(screen.getByRole("button", { name: "Stop waiting" }));
    await screen.findByText(/Stopped waiting\. The \.skill file is still there to upload/);
    expect(page.calls.filter(([m]) => m === "cancelAddSkill")).toEqual([["cancelAddSkill", [page.taskId]]]);
    fireEvent.click(screen.getByRole("button", { name: "Check again" }));
    await screen.findByText('Waiting for Claude Desktop to show "tidy"…');
    expect(page.calls.filter(([m]) => m === "waitForAddArrival")).toHaveLength(2);
  });

  it("says so when the copy that arrived is another version", async () => {
    const page = await addToDesktop();
    page.answer({
      status: "stale",
      name: "tidy",
      version: "1.0.0",
      account: "A1/B2",
      message: 'Claude Desktop now has 1.0.0 of "tidy", not version 2.0.0.',
      advice: ["Upload the .skill file again."],
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain('now has 1.0.0 of "tidy", not version 2.0.0');
    expect(alert.textContent).toContain("Upload the .skill file again.");
    await waitFor(() => expect(screen.getByRole("button", { name: "Check again" })).toBeTruthy());
    expect(page.changed()).toBe(1);
  });
});
