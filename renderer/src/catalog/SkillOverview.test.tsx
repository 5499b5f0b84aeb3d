// A skill's overview puts a pending update first, its one action before the numbered steps, and says what it costs.
import { render, screen, within } from "@testing-library/react";
import type { BudgetReport, ClientBudget } from "../../../shared/budget";
import { describe, expect, it } from "vitest";
import type { Skill, UpdateInfo } from "../../../shared/model";
import { pageApi } from "../test/page-api";
import { ApiContext } from "../app/api-context";
import { SkillOverview } from "./SkillOverview";
import { UpdateLauncherContext } from "../app/update-launcher";

const skill = {
  id: "s1",
  name: "notes",
  dir: "/h/.claude/skills/notes",
  realDir: "/h/.claude/skills/notes",
  client: "claude-code",
  locationId: "l",
  version: "1.0.0",
  userOwned: true,
  diagnostics: [],
  links: [],
} as unknown as Skill;
const update = {
  skillId: "s1",
  name: "notes",
  dir: skill.dir,
  installed: "1.0.0",
  latest: "2.0.0",
  state: "outdated",
  source: "github-release",
  checkedAt: new Date(0).toISOString(),
  plan: {
    kind: "desktop-upload",
    action: "download",
    nextStep: "",
    steps: ["One.", "Two.", "Three.", "Four.", "Five.", "Six.", "Seven."],
  },
} as unknown as UpdateInfo;

describe("a skill's overview", () => {
  it("shows the pending update first, its button before the seven steps", () => {
    const { api } = pageApi();
    const { container } = render(
      <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
        <UpdateLauncherContext.Provider value={() => undefined}>
          <SkillOverview skill={skill} update={update} />
        </UpdateLauncherContext.Provider>
      </ApiContext.Provider>,
    );
    expect(container.querySelector(".overview > .card h2")?.textContent).toBe("Updates");
    const button = screen.getByRole("button", { name: "Update…" });
    const steps = container.querySelector(".update-plan ol")!;
    expect(button.compareDocumentPosition(steps) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("asks for metadata.version only of a skill the person owns, never of one an app manages", () => {
    const { api } = pageApi();
    const versionText = (owned: boolean) => {
      const { container, unmount } = render(
        <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
          <SkillOverview skill={{ ...skill, version: null, userOwned: owned } as unknown as Skill} />
        </ApiContext.Provider>,
      );
      const card = [...container.querySelectorAll(".card")].find(
        (c) => c.querySelector("h2")?.textContent === "Version",
      );
      const text = card?.querySelector("p")?.textContent ?? "";
      unmount();
      return text;
    };
    expect(versionText(true)).toBe("This skill does not say which version it is (add metadata.version to SKILL.md).");
    expect(versionText(false)).toBe(
      "This skill does not say which version it is; its author can add one to a future release (a change made here would be undone).",
    );
  });

  it("shows a server's update command only as the server's own instructions, and no command in its own words", () => {
    const command = "npx -y skills update notes --yes";
    const recipeUpdate = {
      ...update,
      recipe: { kind: "shell", command, suspicious: false },
      plan: {
        kind: "run-recipe",
        action: "none",
        nextStep:
          "Its update server gives a command that updates this copy, shown as the server's instructions; it runs only once you confirm it.",
        steps: [],
      },
    } as unknown as UpdateInfo;
    const { api } = pageApi();
    const { container } = render(
      <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
        <SkillOverview skill={skill} update={recipeUpdate} />
      </ApiContext.Provider>,
    );
    const recipe = container.querySelector(".recipe")!;
    expect(recipe.querySelector(".recipe-label")?.textContent).toMatch(/^The update server's own instructions/);
    expect(recipe.querySelector("pre")?.textContent).toBe(command);
    const own = [...container.querySelectorAll("p, li, h2, button")]
      .filter((el) => !el.closest("pre"))
      .map((el) => el.textContent ?? "");
    for (const text of own) expect(text).not.toMatch(/skillshelf |(^|\s)--[a-z]|Run this command/);
  });

  it('says a skill with no update source was checked, in words, never "Checked with no source"', () => {
    const none = {
      ...update,
      installed: null,
      latest: null,
      state: "unknown",
      source: "none",
      cause: "no-source",
      checkedAt: new Date(Date.now() - 60_000).toISOString(),
      plan: undefined,
    } as unknown as UpdateInfo;
    const { api } = pageApi();
    const { container } = render(
      <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
        <SkillOverview skill={skill} update={none} />
      </ApiContext.Provider>,
    );
    const checked = [...container.querySelectorAll("p.muted")].find((p) => p.textContent?.startsWith("Checked"));
    expect(checked?.textContent).toBe("Checked 1 minute ago; no update source is known for this skill.");
    expect(container.textContent).not.toMatch(/Checked with no source|with none/);
  });
});

/** A listing of one client with the skill at `chars` characters, or leaving it out. */
const listing = (id: string, label: string, entry: { name: string; chars: number } | null): ClientBudget =>
  ({
    id,
    client: id,
    label,
    rules: [],
    entries: entry
      ? [
          {
            ...entry,
            skillId: "s1",
            path: "/p",
            description: "",
            fullChars: 0,
            tokens: Math.ceil(entry.chars / 4),
            mode: "on",
            cutChars: 0,
          },
        ]
      : [],
    cuts: entry ? [] : [{ kind: "not-listed", name: "notes", skillId: "s1", detail: "skillOverrides turns it off." }],
    text: "",
    chars: 0,
    tokens: 0,
    limitChars: null,
    suggestions: [],
    notes: [],
    switches: { kind: "none", note: "" },
  }) as ClientBudget;

describe("a skill's cost", () => {
  it("says what the skill costs in each client that lists it, and why another leaves it out", async () => {
    const report: BudgetReport = {
      clients: [
        listing("claude-code", "Claude Code", { name: "notes", chars: 94 }),
        listing("claude-code@/w", "Claude Code in /w", null),
        listing("opencode", "OpenCode", { name: "notes", chars: 1234 }),
        listing("cursor", "Cursor", { name: "kit:notes", chars: 98 }),
        listing("goose", "Goose", { name: "other", chars: 80 }),
      ],
      tokenEstimate: "Tokens (≈) are estimated as characters ÷ 4; measured error on 9 listings: ±8%.",
    };
    report.clients[4]!.entries[0]!.skillId = "s2";
    report.clients[4]!.cuts = [];
    const { api } = pageApi({ budgetReport: async () => report });
    render(
      <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
        <UpdateLauncherContext.Provider value={() => undefined}>
          <SkillOverview skill={skill} />
        </UpdateLauncherContext.Provider>
      </ApiContext.Provider>,
    );
    const section = await screen.findByTestId("skill-cost");
    const rows = await within(section).findAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      "Claude Code: 94 characters, ≈ 24 tokens",
      "OpenCode: 1,234 characters, ≈ 309 tokens",
      "Cursor: 98 characters, ≈ 25 tokens (listed as kit:notes)",
    ]);
    expect(section.textContent).toContain("Not listed in Claude Code in /w: skillOverrides turns it off.");
    expect(section.textContent).not.toContain("Goose");
    expect(section.textContent).toContain("measured error on 9 listings: ±8%");
  });
});
