// The level previews in a real DOM: the skill's problems (file:line and the fix) stay beside levels 1, 2 and 3, and
// level 3 gives a token estimate for each file and for all of them.
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SkillLevels } from "../../../shared/levels";
import type { Skill } from "../../../shared/model";
import { pageApi } from "../test/page-api";
import { ApiContext } from "../app/api-context";
import { Levels } from "./Levels";

const skill = {
  id: "s1",
  name: "trip-planner",
  dir: "/w/trip-planner",
  client: "custom",
  userOwned: true,
  valid: false,
  links: [],
  diagnostics: [
    {
      code: "skill.name.uppercase",
      severity: "error",
      file: "/w/trip-planner/SKILL.md",
      line: 2,
      column: 1,
      message: "The name has uppercase letters.",
      fix: "Use lowercase letters.",
    },
    {
      code: "skill.ref.path-missing",
      severity: "warning",
      file: "/w/trip-planner/SKILL.md",
      line: 8,
      column: 7,
      message: "The instructions name `references/missing.md`, but there is no such file.",
      fix: "Add the file.",
    },
  ],
} as unknown as Skill;

const levels: SkillLevels = {
  dir: "/w/trip-planner",
  level1: { name: "trip-planner", description: "Plans trips.", text: "<available_skills>…", chars: 40, tokens: 10 },
  level2: { text: "# Trips\n", startLine: 5, lines: 1, chars: 8, tokens: 2 },
  level3: {
    entries: [
      { path: "SKILL.md", kind: "file", size: 120, referenced: false, tokens: 30 },
      { path: "references", kind: "dir", size: 0, referenced: false, tokens: null },
      { path: "references/guide.md", kind: "file", size: 38212, referenced: true, tokens: 9553 },
      { path: "logo.png", kind: "file", size: 900, referenced: false, tokens: null },
    ],
    references: [{ target: "references/missing.md", line: 8, exists: false, outside: false }],
    missing: ["references/missing.md"],
    outside: [],
    truncated: false,
    tokens: 9583,
    uncounted: 1,
  },
  diagnostics: [],
};

function show(level: "level1" | "level2" | "level3") {
  const { api } = pageApi({ skillLevels: async () => levels });
  return render(
    <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
      <Levels skill={skill} level={level} revision="1" />
    </ApiContext.Provider>,
  );
}

describe("Levels", () => {
  it.each(["level1", "level2", "level3"] as const)(
    "shows the problems with file:line and fix beside %s",
    async (level) => {
      const view = show(level);
      const problems = await screen.findByTestId("level-problems");
      expect(problems.textContent).toContain("Problems · 1 error, 1 warning");
      expect(within(problems).getByRole("button", { name: "SKILL.md:2:1" })).toBeTruthy();
      expect(within(problems).getByRole("button", { name: "SKILL.md:8:7" })).toBeTruthy();
      expect(problems.textContent).toContain("Fix: Use lowercase letters.");
      view.unmount();
    },
  );

  it("gives level 3 a token estimate per text file and in total, grouped like levels 1 and 2", async () => {
    show("level3");
    expect((await screen.findByTestId("level3-tokens")).textContent).toBe(
      "All files (estimate)≈ 9,583 tokens · 1 file not counted (not text, or too large)",
    );
    expect(screen.getByTitle("references/guide.md").textContent).toContain("37.3 KB · ≈ 9,553 tokens");
    expect(screen.getByTitle("logo.png").textContent).not.toContain("tokens");
  });
});
