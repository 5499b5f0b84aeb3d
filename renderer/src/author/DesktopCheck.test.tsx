// The Claude Desktop check in a real DOM: one click asks for the pack checks, the refusal shows each reason with
// file:line and its fix, and an answer about files that changed since is not shown as current.
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { DesktopCheck } from "../../../shared/desktop-check";
import type { Skill } from "../../../shared/model";
import { pageApi } from "../test/page-api";
import { ApiContext } from "../app/api-context";
import { DesktopCheckCard } from "./DesktopCheck";

const skill = { id: "s1", name: "claude-helper", dir: "/w/claude-helper", contentHash: "a" } as Skill;
const refused: DesktopCheck = {
  accepted: false,
  name: "claude-helper",
  moved: [],
  diagnostics: [
    {
      code: "desktop.name.reserved",
      severity: "error",
      file: "/w/claude-helper/SKILL.md",
      line: 2,
      column: 1,
      message: 'Claude Desktop refuses names containing "claude".',
      fix: 'Choose a name without "claude".',
    },
  ],
};

function page(answer: DesktopCheck, shown: Skill = skill) {
  const { api, calls } = pageApi({ checkForDesktop: async () => answer });
  const view = render(
    <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
      <DesktopCheckCard skill={shown} />
    </ApiContext.Provider>,
  );
  return { calls, view, api };
}

describe("DesktopCheckCard", () => {
  it("asks once per click and shows each reason with its place and fix", async () => {
    const { calls } = page(refused);
    fireEvent.click(screen.getByRole("button", { name: "Would Claude Desktop accept this?" }));
    const verdict = await screen.findByRole("status");
    expect(calls).toEqual([["checkForDesktop", ["/w/claude-helper"]]]);
    expect(verdict.textContent).toContain("Claude Desktop would refuse this upload, for this reason:");
    expect(screen.getByRole("button", { name: "SKILL.md:2:1" })).toBeTruthy();
    expect(verdict.textContent).toContain('Fix: Choose a name without "claude".');
  });

  it("says it would be accepted, and drops the answer once the files change", async () => {
    const accepted: DesktopCheck = { accepted: true, name: "helper", moved: [], diagnostics: [] };
    const { view, api } = page(accepted, { ...skill, name: "helper" });
    fireEvent.click(screen.getByRole("button", { name: "Would Claude Desktop accept this?" }));
    expect((await screen.findByRole("status")).textContent).toContain(
      "Claude Desktop would accept this skill as “helper” when you upload it.",
    );
    view.rerender(
      <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
        <DesktopCheckCard skill={{ ...skill, contentHash: "b" }} />
      </ApiContext.Provider>,
    );
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByTestId("desktop-check").textContent).toContain("The files changed since the last check");
  });
});
