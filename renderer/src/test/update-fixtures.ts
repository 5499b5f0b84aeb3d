// One outdated skill and its update's review, as the guided update's component tests show them.
import type { Skill, UpdateInfo } from "../../../shared/model";
import type { UpdateReview } from "../../../shared/update-flow";

/** The update task's id the page API answers with. */
export const TASK = "0123456789abcdef";

/** The skill "notes", installed for Claude Code. */
export const skill = { id: "s1", name: "notes", dir: "/h/.claude/skills/notes", client: "claude-code" } as Skill;

/** Its check's answer: 1.0.0 installed, 2.0.0 released on GitHub. */
export const info = {
  skillId: "s1",
  name: "notes",
  dir: skill.dir,
  installed: "1.0.0",
  latest: "2.0.0",
  state: "outdated",
  source: "github-release",
  checkedAt: new Date(0).toISOString(),
  plan: { kind: "replace-folder", action: "download", nextStep: "Run `skillshelf update notes`", steps: [] },
} as unknown as UpdateInfo;

/** What the update would change: SKILL.md, nothing of the user's kept; `extra` changes any of it. */
export const reviewOf = (extra: Partial<UpdateReview> = {}): UpdateReview => ({
  taskId: TASK,
  skillId: "s1",
  name: "notes",
  kind: "replace-folder",
  dir: skill.dir,
  installed: "1.0.0",
  version: "2.0.0",
  source: "https://example.invalid/notes.zip",
  files: [{ path: "SKILL.md", change: "changed", binary: false }],
  counts: { added: 0, removed: 0, changed: 1, kept: 0, unchanged: 0 },
  diffsTruncated: false,
  diagnostics: [],
  nothingToDo: false,
  ...extra,
});
