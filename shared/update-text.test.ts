import { describe, expect, it } from "vitest";
import type { UpdateInfo } from "./model";
import { contentFacts, updateSourceLabel, updateStateSentence } from "./update-text";

const base: UpdateInfo = {
  skillId: "s",
  name: "b",
  dir: "/h/.agents/skills/b",
  installed: null,
  installedSource: null,
  latest: null,
  state: "unknown",
  source: "none",
  checkedAt: "2026-11-30T12:00:00.000Z",
};
const tree = (extra: Partial<UpdateInfo>): UpdateInfo => ({
  ...base,
  source: "github-tree",
  repository: "acme/skills",
  folder: "skills/b",
  branch: "main",
  installedHash: "a".repeat(40),
  recordedHash: "a".repeat(40),
  upstreamHash: "c".repeat(40),
  ...extra,
});

describe("update text", () => {
  it("names the content check as a source and uses its reason for skills without a version", () => {
    expect(updateSourceLabel("github-tree")).toBe("the skill's folder on GitHub");
    expect(updateSourceLabel("github-release")).toBe("GitHub releases");
    expect(
      updateStateSentence(
        tree({ state: "outdated", reason: "acme/skills has changed this skill since it was installed (x.sh)." }),
      ),
    ).toBe("acme/skills has changed this skill since it was installed (x.sh).");
    expect(
      updateStateSentence({
        ...base,
        state: "outdated",
        source: "github-release",
        installed: "1.0.0",
        latest: "1.1.0",
      }),
    ).toBe("Version 1.1.0 is available (you have 1.0.0).");
    expect(updateStateSentence(tree({ state: "changed-locally" }))).toContain("look at the difference first");
  });

  it("gives a content check's folder, hashes and files, capped with the number left out", () => {
    const facts = contentFacts(
      tree({ state: "changed-locally", installedHash: "b".repeat(40), changedFiles: ["a.md", "b.md", "c.md"] }),
      2,
    );
    expect(facts).toEqual({
      where: "skills/b on acme/skills (main)",
      hashes: "installed bbbbbbb, at install aaaaaaa, upstream ccccccc",
      files: ["a.md", "b.md"],
      more: 1,
      local: true,
    });
    expect(contentFacts({ ...base, source: "github-release" })).toBeNull();
  });
});
