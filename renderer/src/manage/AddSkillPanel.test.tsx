// The Add flow in a real DOM: its steps in order (where from → what was found, with checks → where it goes → what is
// already there → the result), a taken place answered per client (Keep mine still does the other clients), both copies
// shown as a person judges them with no command-line flag, and the focus never left on the page body.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AddRequest, AddView } from "../../../shared/manage";
import { pageApi } from "../test/page-api";
import { AddSkillPanel } from "./AddSkillPanel";
import { ApiContext } from "../app/api-context";

const AGENTS = "/h/.agents/skills/tidy";
const CURSOR = "/h/.cursor/skills/tidy";

/** The engine's answer: a copy of tidy is already in the shared folder; Cursor would link to it. */
function answer(request: AddRequest): AddView {
  const kept = request.keep?.includes("agents") ?? false;
  const applied = !request.dryRun;
  return {
    source: "/src/tidy",
    candidates: [{ name: "tidy", skillPath: "SKILL.md", version: "2.0.0", description: "Tidies.", valid: true }],
    skills: [
      {
        name: "tidy",
        version: "2.0.0",
        modified: "2025-03-02T10:00:00.000Z",
        forced: false,
        diagnostics: [{ code: "x", severity: "warning", message: "The description is short.", file: "SKILL.md" }],
        places: [
          {
            path: AGENTS,
            mode: "copy",
            client: ["agents"],
            action: applied ? "nothing" : "conflict",
            question: "replace it, keeping a backup (--replace)?",
            ...(kept ? { kept: true } : {}),
            occupant: {
              kind: "other-skill",
              version: "1.0.0",
              hash: "abc",
              modified: "2024-01-05T09:00:00.000Z",
              origin: "acme/tidy",
              differs: [
                { path: "SKILL.md", change: "changed" },
                { path: "mine.txt", change: "only-there" },
              ],
              differsMore: 0,
            },
            ...(applied ? { applied: { done: "unchanged" as const } } : {}),
          },
          {
            path: CURSOR,
            mode: "link",
            linkTo: AGENTS,
            client: ["cursor"],
            action: "write",
            occupant: { kind: "empty" },
            ...(applied ? { applied: { done: "written" as const } } : {}),
          },
        ],
        lock: { file: null, why: "kept" },
      },
    ],
    applied,
  };
}

function renderFlow() {
  const added: string[][] = [];
  const { api, calls } = pageApi({
    addSkill: async (_source: string, request: AddRequest) => answer(request),
    cancelAddSkill: async () => undefined,
  });
  render(
    <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
      <AddSkillPanel
        onChanged={() => undefined}
        onAdded={(paths) => added.push(paths)}
        onShow={() => undefined}
        onClose={() => undefined}
      />
    </ApiContext.Provider>,
  );
  const requests = () => calls.filter(([m]) => m === "addSkill").map(([, a]) => a[1] as AddRequest);
  return { requests, added };
}

describe("the Add flow", () => {
  it("shows its steps in order, each skill with its checks, and both copies as a person judges them", async () => {
    renderFlow();
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Add a skill" }));
    fireEvent.change(screen.getByRole("textbox", { name: /^From/ }), { target: { value: "/src/tidy" } });
    fireEvent.click(screen.getByRole("button", { name: "Show what it adds" }));
    const found = await screen.findByRole("region", { name: "2. What was found" });
    await waitFor(() => expect(document.activeElement).toBe(within(found).getByRole("heading")));
    expect(found.textContent).toContain("Clients can read it (1 note)");
    expect(found.textContent).toContain("The description is short.");
    const headings = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual([
      "1. Where it comes from",
      "2. What was found",
      "3. Where it goes",
      "4. Something is already there",
      "5. Add",
    ]);
    const question = screen.getByRole("region", { name: "4. Something is already there" });
    const rows = within(question)
      .getAllByRole("row")
      .map((r) => r.textContent);
    expect(rows[1]).toBe("Version1.0.02.0.0");
    expect(rows[2]).toContain(new Date("2024-01-05T09:00:00.000Z").toLocaleString());
    expect(rows[3]).toBe("Came fromacme/tidy/src/tidy");
    expect(question.textContent).toContain("SKILL.md — different");
    expect(question.textContent).toContain("mine.txt — only in yours");
    expect(document.body.textContent).not.toMatch(/--\w/);
    expect(screen.getByRole("button", { name: "Add" }).hasAttribute("disabled")).toBe(true);
  });

  it("Keep mine for the shared folder still adds Cursor's link, and selects the new skill there", async () => {
    const { requests, added } = renderFlow();
    fireEvent.change(screen.getByRole("textbox", { name: /^From/ }), { target: { value: "/src/tidy" } });
    fireEvent.click(screen.getByRole("button", { name: "Show what it adds" }));
    fireEvent.click(await screen.findByRole("checkbox", { name: "Cursor" }));
    await waitFor(() => expect(requests()).toHaveLength(2));
    fireEvent.click(await screen.findByRole("radio", { name: "Keep mine" }));
    const add = screen.getByRole("button", { name: "Add" });
    await waitFor(() => expect(add.hasAttribute("disabled")).toBe(false));
    fireEvent.click(add);
    const result = await screen.findByTestId("add-result");
    expect(requests().at(-1)).toMatchObject({ dryRun: false, keep: ["agents"], replace: false });
    expect(result.textContent).toContain("Added tidy.");
    expect(result.textContent).toContain("Shared agents folder: yours is kept as it is");
    expect(result.textContent).toContain("Cursor: added, as a link to the one copy");
    expect(result.textContent).not.toContain("Nothing was added");
    expect(added).toEqual([[CURSOR]]);
    await waitFor(() => expect(document.activeElement).toBe(within(result).getByRole("heading")));
  });
});
