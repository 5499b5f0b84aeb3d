// Update states in the browser: "Check for updates" asks a loopback GitHub-like release server and badges what is outdated.
import { expect, test } from "@playwright/test";
import path from "node:path";
import { startReleaseServer, type RunningReleaseServer } from "../test-support/servers/release-server";
import { writeTree } from "../test-support/tmp";
import { startAppHost, type AppHost } from "./support/app-host";
import { MINIMUM_WINDOW_SIZE } from "../shared/window-size";
import { entryRow, openCatalog, saveScreenshot } from "./support/page";

const skillWithRepo = (name: string, version: string, repo: string) =>
  [
    "---",
    `name: ${name}`,
    `description: Builds ${name} reports.`,
    "metadata:",
    `  version: "${version}"`,
    `  repository: https://github.com/${repo}`,
    "---",
    `# ${name}`,
    "",
  ].join("\n");

test.describe("update checks", () => {
  let releases: RunningReleaseServer;
  let app: AppHost;
  test.beforeAll(async () => {
    releases = await startReleaseServer({
      releases: { "acme/old-skill": { tag: "v2.1.0" }, "acme/new-skill": { tag: "v1.0.0" } },
    });
    app = await startAppHost({
      platform: "linux",
      fixtureHome: false,
      env: { SKILLSHELF_GITHUB_API: releases.url },
      prepare: async (root) => {
        const lib = path.join(root, "library");
        await writeTree(lib, {
          "old-skill/SKILL.md": skillWithRepo("old-skill", "1.0.0", "acme/old-skill"),
          "new-skill/SKILL.md": skillWithRepo("new-skill", "1.0.0", "acme/new-skill"),
        });
        return [lib];
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
    await releases?.close();
  });

  test("check now badges the outdated skill and the filter finds it", async ({ page }) => {
    await openCatalog(page, app.url);
    expect(releases.stats.apiRequests).toBe(0);
    await page.getByRole("button", { name: "Check for updates" }).click();
    await expect(entryRow(page, "old-skill").locator(".badge.update")).toHaveText("update 2.1.0");
    await expect(entryRow(page, "new-skill").locator(".badge.update")).toHaveCount(0);
    expect(releases.stats.apiRequests).toBe(2);

    await page.getByLabel("Update available").check();
    await expect(page.locator('[role="option"] .entry-name')).toHaveText(["old-skill"]);
    await entryRow(page, "old-skill").click();
    await expect(page.locator(".update-state")).toContainText("Version 2.1.0 is available (you have 1.0.0)");
    await expect(page.locator(".update-plan")).toContainText(
      "Next step: Skillshelf downloads version 2.1.0, checks it",
    );
    await saveScreenshot(page, "update-available");
  });

  test("in the smallest window the update badge is shown whole, before the other badges", async ({ page }) => {
    await page.setViewportSize(MINIMUM_WINDOW_SIZE);
    await openCatalog(page, app.url);
    await page.getByRole("button", { name: "Check for updates" }).click();
    const badge = entryRow(page, "old-skill").locator(".badge.update");
    await expect(badge).toHaveText("update 2.1.0");
    const row = (await entryRow(page, "old-skill").boundingBox())!;
    const shown = (await badge.boundingBox())!;
    const clip = (await entryRow(page, "old-skill").locator(".badges").boundingBox())!;
    expect(shown.x).toBeGreaterThanOrEqual(clip.x);
    expect(shown.x + shown.width).toBeLessThanOrEqual(Math.min(clip.x + clip.width, row.x + row.width) + 0.5);
    await saveScreenshot(page, "update-badge-800");
  });

  test("a reload shows the last results at once, without a new check", async ({ page }) => {
    await openCatalog(page, app.url);
    const before = releases.stats.apiRequests;
    await page.getByRole("button", { name: "Check for updates" }).click();
    await expect(entryRow(page, "old-skill").locator(".badge.update")).toHaveText("update 2.1.0");
    // Check now asks GitHub again (each cached answer revalidated): wait until both repositories were asked.
    await expect.poll(() => releases.stats.apiRequests).toBeGreaterThanOrEqual(before + 2);
    await expect(page.getByRole("button", { name: "Check for updates" })).toBeEnabled();
    const requests = releases.stats.apiRequests;
    await page.reload();
    await expect(entryRow(page, "old-skill").locator(".badge.update")).toHaveText("update 2.1.0");
    expect(releases.stats.apiRequests).toBe(requests);
  });
});
