// The Budget view in a real DOM: one bar per client against its limit ("limit not published" where there is none), the
// costliest skills with each switch's saving, the cuts by kind, Turn off then Undo through the API, and the note of a
// client without a switch.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BudgetEntry, BudgetReport, ClientBudget } from "../../../shared/budget";
import { pageApi } from "../test/page-api";
import { ApiContext } from "../app/api-context";
import { BudgetView, savingOf } from "./BudgetView";

const entry = (name: string, tokens: number): BudgetEntry => ({
  name,
  skillId: `id-${name}`,
  path: `/h/.claude/skills/${name}`,
  description: "d",
  fullChars: 1,
  chars: tokens * 4,
  tokens,
  mode: "on",
  cutChars: 0,
});

const client = (over: Partial<ClientBudget>): ClientBudget => ({
  id: "claude-code",
  client: "claude-code",
  label: "Claude Code",
  rules: [],
  entries: [entry("tidy", 120), entry("lint", 40)],
  text: "",
  chars: 640,
  tokens: 160,
  limitChars: 8000,
  cuts: [
    { kind: "past-cap", name: "tidy", skillId: "id-tidy", chars: 30, detail: "Its description is 30 characters past." },
  ],
  suggestions: [],
  notes: [],
  switches: { kind: "skillOverrides", files: ["/h/.claude/settings.json"] },
  ...over,
});

function reportWith(off: boolean): BudgetReport {
  return {
    tokenEstimate: "Tokens are estimated.",
    clients: [
      off
        ? client({
            entries: [entry("lint", 40)],
            tokens: 40,
            chars: 160,
            cuts: [{ kind: "not-listed", name: "tidy", detail: "skillOverrides turns it off." }],
          })
        : client({}),
      client({
        id: "cursor",
        client: "cursor",
        label: "Cursor",
        limitChars: null,
        cuts: [],
        switches: { kind: "none", note: "This client publishes no per-skill switch." },
      }),
    ],
  };
}

describe("BudgetView", () => {
  it("shows the bars and cuts, turns a skill off and undoes it", async () => {
    let off = false;
    const { api, calls } = pageApi({
      budgetReport: async () => reportWith(off),
      setSkillOverride: async () => {
        off = true;
        return { file: "/h/.claude/settings.json", name: "tidy", mode: "off", undoId: "1-0123456789ab", changed: true };
      },
      undoSkillOverride: async () => {
        off = false;
        return { file: "/h/.claude/settings.json" };
      },
    });
    render(
      <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
        <BudgetView />
      </ApiContext.Provider>,
    );
    const bars = await screen.findByRole("list", { name: "Clients" });
    expect(within(bars).getByText(/≈ 160 tokens · 2 skills · 640 of 8,000 characters/)).toBeTruthy();
    expect(within(bars).getByText(/limit not published/)).toBeTruthy();
    expect(screen.getByText(/Past the description cap \(1\)/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Turn off (−120)" }));
    await waitFor(() => expect(within(bars).getByText(/≈ 40 tokens · 1 skill ·/)).toBeTruthy());
    expect(calls.find(([m]) => m === "setSkillOverride")![1]).toEqual([
      { client: "claude-code", name: "tidy", mode: "off", scope: "user" },
    ]);
    expect(screen.getByText(/Never reach the model \(1\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(within(bars).getByText(/≈ 160 tokens · 2 skills/)).toBeTruthy());
    expect(calls.find(([m]) => m === "undoSkillOverride")![1]).toEqual(["1-0123456789ab"]);
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();

    fireEvent.click(within(bars).getByRole("button", { name: /Cursor/ }));
    expect(screen.getByText("This client publishes no per-skill switch.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Turn off/ })).toBeNull();
  });

  it("counts a name-only saving as the description's part of the entry", () => {
    const e = { ...entry("tidy", 60) };
    expect(savingOf(e, "off")).toBe(60);
    expect(savingOf(e, "name-only")).toBe(60 - Math.ceil((71 + 4) / 4));
  });
});
