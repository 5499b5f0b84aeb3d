// A skill's overview puts a pending update first, and its one action before the numbered steps.
import { render, screen } from "@testing-library/react";
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
