// Update all's preview: only copies whose update is a download into a folder Skillshelf replaces are counted; the rest
// are named with why (nothing to download, Claude Desktop, a command, a plugin, changed here).
import { describe, expect, it } from "vitest";
import type { UpdateInfo, UpdatePlan } from "./model";
import { previewUpdateAll } from "./update-all";

const info = (name: string, plan: Partial<UpdatePlan> | null, extra: Partial<UpdateInfo> = {}): UpdateInfo => ({
  skillId: `id-${name}`,
  name,
  dir: `/h/${name}`,
  installed: "1.0.0",
  installedSource: "metadata.version",
  latest: "2.0.0",
  state: "outdated",
  source: "skill-meta",
  checkedAt: "2026-11-30T12:00:00.000Z",
  ...(plan
    ? { plan: { kind: "replace-folder", action: "download", nextStep: "", steps: [], ...plan } as UpdatePlan }
    : {}),
  ...extra,
});

describe("previewUpdateAll", () => {
  it("counts only downloads into folders Skillshelf replaces, and names every other copy with why", () => {
    const preview = previewUpdateAll([
      info("alpha", {}),
      info("bare", { action: "none" }),
      info("desk", { kind: "desktop-upload" }),
      info("cmd", { kind: "run-recipe", action: "recipe" }),
      info("plug", {}, { plugin: { id: "p", name: "acme-kit", format: "claude-code" } }),
      info("plug-two", {}, { plugin: { id: "p", name: "acme-kit", format: "claude-code" } }),
      info("mine", {}, { state: "changed-locally" }),
      info("mine-no-tree", { action: "none" }, { state: "changed-locally" }),
      info("quiet", {}, { state: "up-to-date" }),
      info("hidden", {}, { ignored: "version" }),
    ]);
    expect(preview.will.map((u) => u.name)).toEqual(["alpha"]);
    expect(preview.skipped).toEqual([
      { skillId: "id-bare", name: "bare", why: "its update source offers nothing to download." },
      { skillId: "id-desk", name: "desk", why: expect.stringContaining("Claude Desktop") },
      { skillId: "id-cmd", name: "cmd", why: expect.stringContaining("command") },
      { skillId: "id-plug", name: "acme-kit", why: expect.stringContaining("a plugin is updated in the app") },
      { skillId: "id-mine", name: "mine", why: expect.stringContaining("changed here") },
    ]);
  });
});
