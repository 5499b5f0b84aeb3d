// The one rule of what may be updated: a copy changed locally is due only when its folder on GitHub is known, a
// newer version with nothing to download is refused, and the plan's button (plan.action) agrees with decideUpdate.
import { describe, expect, it } from "vitest";
import type { Skill, UpdateInfo } from "../../../shared/model";
import { planUpdate } from "../apply/plan";
import { decideUpdate } from "./steps";

const skill = (over: Partial<Skill> = {}): Skill => ({
  id: "s1",
  name: "copywriting",
  description: "d",
  dir: "/h/.claude/skills/copywriting",
  realDir: "/h/.claude/skills/copywriting",
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
const file = { name: "copywriting.zip", size: 10, url: "https://example.test/copywriting.zip" };
const tree = {
  source: "github-tree",
  repository: "acme/skills",
  folder: "skills/copywriting",
  branch: "main",
} as const;
const info = (over: Partial<UpdateInfo> = {}): UpdateInfo => ({
  skillId: "s1",
  name: "copywriting",
  dir: "/h/.claude/skills/copywriting",
  installed: "1.2.0",
  installedSource: "metadata.version",
  latest: "1.8.0",
  state: "outdated",
  source: "skill-meta",
  checkedAt: "2026-11-30T12:00:00.000Z",
  ...over,
});
const desktop = skill({
  client: "claude-desktop",
  userOwned: false,
  desktop: { skillId: "k", creatorType: "user", enabled: true, syncManaged: true, accountTree: "a/b" },
});

describe("decideUpdate", () => {
  it("refuses a copy changed locally whose folder on GitHub is not known (nothing to compare or fetch)", () => {
    const changed = info({ state: "changed-locally", latest: null, changedFiles: ["SKILL.md"], downloads: [file] });
    const decision = decideUpdate(skill(), changed);
    expect(decision).toMatchObject({ ok: false, problem: { code: "install.not-due" } });
    expect(planUpdate(skill(), changed).action).toBe("none");
  });

  it("lets a copy changed locally be updated from its known folder on GitHub, with the overwrite confirmation", () => {
    const changed = info({ ...tree, state: "changed-locally", latest: null, upstreamHash: "b".repeat(40) });
    expect(decideUpdate(skill(), changed)).toMatchObject({
      ok: true,
      origin: { kind: "tree" },
      overwritesLocalEdits: true,
    });
    expect(planUpdate(skill(), changed).action).toBe("download");
  });

  it("offers no download for a newer version without a file, and says where to look instead of promising one", () => {
    const bare = info({ updateDocUrl: "https://acme.test/update" });
    expect(decideUpdate(skill(), bare)).toMatchObject({ ok: false, problem: { code: "install.no-download" } });
    const plan = planUpdate(skill(), bare);
    expect(plan.action).toBe("none");
    expect(plan.nextStep).toBe(
      "The update source names version 1.8.0 but offers no file to download, so Skillshelf cannot fetch it. Its update page says how to get it.",
    );
    expect(planUpdate(desktop, info()).action).toBe("none");
  });

  it("agrees with the plan's action on every combination: a button only where the update can start", () => {
    const skills = [skill(), desktop, skill({ userOwned: false }), skill({ pluginId: "p" })];
    const infos = [
      info(),
      info({ downloads: [file] }),
      info({ ...tree, upstreamHash: "c".repeat(40), latest: null }),
      info({ state: "changed-locally", downloads: [file] }),
      info({ ...tree, state: "changed-locally", upstreamHash: "c".repeat(40) }),
      info({ state: "up-to-date", downloads: [file] }),
      info({ state: "unknown", downloads: [file] }),
      info({ recipe: { kind: "shell", command: "npx skills update" }, downloads: [file] }),
    ];
    for (const s of skills)
      for (const i of infos) {
        const action = planUpdate(s, i).action;
        const ok = decideUpdate(s, i).ok;
        expect({ kind: planUpdate(s, i).kind, state: i.state, download: action === "download" }).toEqual({
          kind: planUpdate(s, i).kind,
          state: i.state,
          download: ok,
        });
      }
  });
});
