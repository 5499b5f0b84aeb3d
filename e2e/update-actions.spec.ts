// Updates a non-technical person can finish, against the web host and loopback servers: a skill-meta server that names
// a newer version with no file gets no Update button and is not counted by Update all; Update all first shows what it
// will do (and what it skips, and why), then a summary; a copy changed here offers Show my changes, Update anyway
// (reviewed side by side, never a command line) and Keep mine; in the skill's overview the action comes first.
import { expect, test, type Page } from "@playwright/test";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startReleaseServer, type RunningReleaseServer } from "../test-support/servers/release-server";
import { startSkillMetaServer, type RunningSkillMetaServer } from "../test-support/servers/skill-meta-server";
import { installFromUpstream } from "../test-support/skills-installer";
import { writeTree } from "../test-support/tmp";
import { startAppHost, type AppHost } from "./support/app-host";
import { entryRow, saveScreenshot } from "./support/page";

test.describe.configure({ timeout: 180_000 });

const skill = (name: string, version: string | null, repo?: string, text = `# ${name}`) =>
  [
    "---",
    `name: ${name}`,
    `description: Helps with ${name}.`,
    ...(version || repo ? ["metadata:"] : []),
    ...(version ? [`  version: "${version}"`] : []),
    ...(repo ? [`  repository: https://github.com/${repo}`] : []),
    "---",
    text,
    "",
  ].join("\n");

let releases: RunningReleaseServer;
let meta: RunningSkillMetaServer;
let app: AppHost;

test.beforeAll(async () => {
  releases = await startReleaseServer({ releases: { "acme/weather": { tag: "v1.1.0" } } });
  meta = await startSkillMetaServer({ skill: "notes", latest: "1.8.0" });
  app = await startAppHost({
    platform: "linux",
    fixtureHome: false,
    env: { SKILLSHELF_GITHUB_API: releases.url },
    prepare: async (root, home) => {
      await writeTree(path.join(home, ".claude"), {
        "skills/weather/SKILL.md": skill("weather", "1.0.0", "acme/weather"),
        "skills/notes/SKILL.md": skill("notes", "1.0.0"),
      });
      const upstream = path.join(root, "upstream");
      await writeTree(upstream, {
        "skills/copywriting/SKILL.md": skill("copywriting", null, undefined, "Write it plainly.\n\nKeep it short."),
      });
      await installFromUpstream(home, upstream, ["copywriting"]);
      await writeFile(
        path.join(home, ".agents", "skills", "copywriting", "SKILL.md"),
        skill("copywriting", null, undefined, "Write it my way.\n\nKeep it short."),
      );
      await releases.trees.setRepo("acme/skills", { dir: upstream });
      // The source moves on after the install: Show my changes must not count its new file as the person's.
      await writeTree(upstream, { "skills/copywriting/examples.md": "Upstream's examples.\n" });
      await releases.trees.setRepo("acme/skills", { dir: upstream });
    },
  });
});
test.afterAll(async () => {
  await app?.close();
  await meta?.close();
  await releases?.close();
});

async function checkNow(page: Page): Promise<void> {
  await page.getByRole("button", { name: /^Updates/ }).click();
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByRole("button", { name: "Check now" })).toBeEnabled({ timeout: 60_000 });
}

test("only updates that can succeed get a button; Update all previews, then sums up; local edits are the person's", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(app.url);
  await expect(page.getByRole("listbox", { name: "Catalog" })).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "Settings" }).click();
  await page.getByLabel("Server address").fill(meta.url);
  await page.getByRole("button", { name: "Add server" }).click();
  await expect(page.locator('[data-server-state="answering"]')).toHaveText("Answering for notes.", { timeout: 30_000 });
  await checkNow(page);

  // The server names 1.8.0 but offers no file: no button, no promise of a download, and where to look instead.
  const notes = page.locator(".update-item", { has: page.locator("h3", { hasText: /^notes$/ }) });
  await expect(notes).toContainText("1.0.0 → 1.8.0");
  await expect(notes).toContainText("offers no file to download, so Skillshelf cannot fetch it");
  await expect(notes).not.toContainText("Skillshelf downloads");
  await expect(notes.getByRole("button", { name: /^Update/ })).toHaveCount(0);

  // Update all counts only weather, and shows what it will do before doing anything.
  await page.getByRole("button", { name: "Update all… (1)" }).click();
  const panel = page.locator(".update-all");
  await expect(panel.getByRole("list", { name: "Will be updated" }).getByRole("listitem")).toHaveText([
    "weather 1.0.0 → 1.1.0",
  ]);
  await expect(panel.getByRole("list", { name: "Skipped" }).getByRole("listitem")).toHaveText([
    "notes: its update source offers nothing to download.",
    /^copywriting: it was changed here/,
  ]);
  await saveScreenshot(page, "update-all-preview");
  expect(await readFile(path.join(app.home, ".claude", "skills", "weather", "SKILL.md"), "utf8")).toContain("1.0.0");
  await panel.getByRole("button", { name: "Update 1 copy now" }).click();
  await expect(panel.getByRole("status")).toHaveText("1 updated, 0 not updated, 2 skipped.", { timeout: 60_000 });
  await expect(panel.getByRole("list", { name: "Updated" })).toContainText("weather: now version 1.1.0");
  await saveScreenshot(page, "update-all-summary");
  expect(await readFile(path.join(app.home, ".claude", "skills", "weather", "SKILL.md"), "utf8")).toContain("1.1.0");

  // The copy changed here: the person's changes, Update anyway, Keep mine; no command line anywhere.
  const mine = page.locator('.update-item[data-state="changed-locally"]');
  await expect(mine).toContainText("You changed this copy since it was installed.");
  await expect(page.locator(".updates-view")).not.toContainText(/skillshelf update|--dry-run|terminal/);
  await mine.getByRole("button", { name: "Show my changes" }).click();
  const since = mine.getByRole("region", { name: "Your changes since it was installed" });
  await expect(since.getByRole("heading", { name: "Your changes since it was installed" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(since.getByRole("listitem").filter({ has: page.locator(".change-mark") })).toHaveCount(1);
  await expect(since).not.toContainText("examples.md");
  await expect(mine.getByTestId("installed-unknown")).toHaveCount(0);
  const yours = since.getByRole("region", { name: "Changes in SKILL.md" });
  await expect(yours.getByRole("columnheader")).toHaveText(["As installed", "Yours now"], { timeout: 30_000 });
  await expect(yours.locator(".diff-removed")).toContainText("Write it plainly.");
  await expect(yours.locator(".diff-added")).toContainText("Write it my way.");
  await expect(mine).toContainText("you changed SKILL.md");
  await saveScreenshot(page, "show-my-changes");
  await mine.getByRole("button", { name: "Update anyway (my version is kept as a backup)" }).click();
  const wizard = page.getByRole("dialog", { name: "Update copywriting" });
  await expect(wizard).toContainText("you changed this copy since it was installed");
  await wizard.getByRole("button", { name: "Download and review" }).click();
  const diff = wizard.getByRole("region", { name: "Changes in SKILL.md" });
  await expect(diff.getByRole("columnheader")).toHaveText(["Now", "After the update"]);
  await expect(diff.locator(".diff-removed")).toContainText("Write it my way.");
  await expect(diff.locator(".diff-added")).toContainText("Write it plainly.");
  await expect(diff).not.toContainText(/====|@@/);
  await expect(wizard.getByRole("button", { name: "Apply the update" })).toBeDisabled();
  await saveScreenshot(page, "update-anyway-review");
  await wizard.getByRole("button", { name: "Close" }).click();
  await page.locator('.update-item[data-state="changed-locally"]').getByRole("button", { name: "Keep mine" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your version of copywriting is kept" })).toBeVisible();
  expect(await readFile(path.join(app.home, ".agents", "skills", "copywriting", "SKILL.md"), "utf8")).toContain(
    "Write it my way.",
  );
});

test("in a skill's overview the update's action comes first, before its steps and facts", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(app.url);
  await expect(page.getByRole("listbox", { name: "Catalog" })).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "Check for updates" }).click();
  await expect(entryRow(page, "notes").locator(".badge.update")).toBeVisible({ timeout: 60_000 });
  await entryRow(page, "notes").click();
  const first = page.locator(".overview > .card").first();
  await expect(first.getByRole("heading", { name: "Updates" })).toBeVisible();
  await expect(first).toContainText("offers no file to download");
  await expect(first.getByRole("button", { name: /^Update/ })).toHaveCount(0);
  await saveScreenshot(page, "overview-no-download");
});
