// The Updates view of a big catalog in the browser, against the real web host and a loopback release server: the two
// outdated skills first and 600 skills without a source in one collapsed, exact summary (paged when opened); "Ignore
// this version" kept in the settings and undone; the history with Restore; offline said as offline, with the time of
// the last check that worked. axe finds nothing serious, light and dark, at 1280 and 800 wide.
import { expect, test, type Page } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { zipOf } from "../test-support/archives";
import { startReleaseServer, type RunningReleaseServer } from "../test-support/servers/release-server";
import { writeTree } from "../test-support/tmp";
import { allSkills, startAppHost, type AppHost } from "./support/app-host";
import { axeClean } from "./support/axe-clean";
import { saveScreenshot } from "./support/page";

const PLAIN = 600;
const versioned = (name: string, version: string) =>
  [
    "---",
    `name: ${name}`,
    `description: The ${name} skill, for the Updates view.`,
    "metadata:",
    `  version: "${version}"`,
    `  repository: https://github.com/acme/${name}`,
    "---",
    `# ${name} ${version}`,
    "",
  ].join("\n");
const plain = (name: string) => `---\nname: ${name}\ndescription: A skill with no update source.\n---\n# ${name}\n`;
/** Skillshelf's data folder (backups, history) for this file: a private temp folder. */
const DATA = mkdtempSync(path.join(tmpdir(), "skillshelf-e2e-updates-view-"));

async function openUpdates(page: Page, url: string, options: { check?: boolean } = {}): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole("listbox", { name: "Catalog" })).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: /^Updates/ }).click();
  await expect(page.getByRole("heading", { name: "Updates", level: 1 })).toBeVisible();
  if (options.check) {
    await page.getByRole("button", { name: "Check now" }).click();
    await expect(page.getByRole("button", { name: "Check now" })).toBeEnabled({ timeout: 60_000 });
  }
}

const headline = (page: Page) => page.locator("#pending-title");
const pendingItem = (page: Page, name: string) =>
  page.locator('.update-item[data-state="outdated"]').filter({ has: page.getByRole("heading", { name, exact: true }) });

test.describe("the Updates view of a big catalog", () => {
  // Each test runs axe eight times over a 600-skill page; a loaded two-core machine needs the room.
  test.describe.configure({ mode: "serial", timeout: 300_000 });
  let releases: RunningReleaseServer;
  let app: AppHost;
  test.beforeAll(async () => {
    releases = await startReleaseServer({
      releases: {
        "acme/alpha": {
          tag: "v2.0.0",
          assets: { "alpha.zip": zipOf({ "alpha/SKILL.md": versioned("alpha", "2.0.0") }) },
        },
        "acme/beta": { tag: "v2.0.0", assets: { "beta.zip": zipOf({ "beta/SKILL.md": versioned("beta", "2.0.0") }) } },
      },
    });
    app = await startAppHost({
      platform: "linux",
      fixtureHome: false,
      env: { SKILLSHELF_DATA_DIR: DATA, SKILLSHELF_GITHUB_API: releases.url },
      prepare: async (_root, home) => {
        const files: Record<string, string> = {
          "alpha/SKILL.md": versioned("alpha", "1.0.0"),
          "beta/SKILL.md": versioned("beta", "1.0.0"),
        };
        for (let i = 0; i < PLAIN; i++) files[`plain-${String(i).padStart(3, "0")}/SKILL.md`] = plain(`plain-${i}`);
        await writeTree(path.join(home, ".claude", "skills"), files);
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
    await releases?.close();
  });

  test("outdated skills come first; the skills without a source are one collapsed, exact summary, paged when opened", async ({
    page,
  }) => {
    await openUpdates(page, app.url, { check: true });
    await expect(headline(page)).toHaveText("2 updates available");
    await expect(page.locator(".update-item[data-state=outdated]")).toHaveCount(2);
    const summary = page.getByRole("button", { name: `${PLAIN} skills have no update source` });
    await expect(summary).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator(".update-group-item")).toHaveCount(0);
    await axeClean(page, "grouped", { widths: [1280, 800] });
    await saveScreenshot(page, "updates-view-grouped");
    await summary.click();
    const group = page.locator('.update-group[data-group="no-source"]');
    await expect(group).toContainText("These skills name none of them");
    await expect(group.locator(".update-group-item")).toHaveCount(50);
    await group.getByRole("button", { name: `Show 50 more (of ${PLAIN - 50} not shown)` }).click();
    await expect(group.locator(".update-group-item")).toHaveCount(100);
    await axeClean(page, "grouped-open", { widths: [1280, 800] });
    await saveScreenshot(page, "updates-view-grouped-open");
  });

  test("Ignore this version: kept in the settings across a reload, listed as ignored, and undone in Settings", async ({
    page,
  }) => {
    await openUpdates(page, app.url);
    await expect(headline(page)).toHaveText("2 updates available");
    await pendingItem(page, "beta").locator("details.update-more > summary").click();
    await pendingItem(page, "beta").getByRole("button", { name: "Ignore this version" }).click();
    await expect(page.getByRole("status").filter({ hasText: "is ignored" })).toHaveText(
      "Version 2.0.0 of beta is ignored; a newer version will show again. Undo",
    );
    await expect(headline(page)).toHaveText("1 update available");
    await page.reload();
    await page.getByRole("button", { name: /^Updates/ }).click();
    await expect(headline(page)).toHaveText("1 update available");
    await page.getByRole("button", { name: "1 update ignored" }).click();
    await expect(page.locator('.update-group[data-group="ignored"]')).toContainText("beta");
    await axeClean(page, "ignored", { widths: [1280, 800] });
    await saveScreenshot(page, "updates-view-ignored");
    expect((await app.call("settings:get")).ignoredUpdates).toEqual({ skills: [], versions: { beta: "2.0.0" } });

    await page.getByRole("button", { name: "Settings" }).click();
    const section = page.getByRole("region", { name: "Ignored updates" });
    await expect(section).toContainText("beta version 2.0.0 ignored");
    await section.getByRole("button", { name: "Show updates of beta again" }).click();
    await expect(section).toContainText("No update is ignored.");
    await page.getByRole("button", { name: /^Updates/ }).click();
    await expect(headline(page)).toHaveText("2 updates available");
  });

  test("the history lists an update once and Restore puts the kept copy back", async ({ page }) => {
    const alpha = allSkills(await app.catalog()).find((s) => s.name === "alpha")!;
    const { taskId } = await app.call("update:start", alpha.id);
    expect((await app.call("update:review", taskId)).ok).toBe(true);
    expect(await app.call("update:apply", taskId)).toMatchObject({ ok: true, version: "2.0.0" });
    await openUpdates(page, app.url);
    const entry = page.locator('.kept-copies[data-skill="alpha"]');
    await expect(entry.locator("ol li")).toHaveText([
      /^Updated from version 1\.0\.0 to version 2\.0\.0\. The old copy is kept, so you can go back to it\./,
    ]);
    await axeClean(page, "history", { widths: [1280, 800] });
    await saveScreenshot(page, "updates-view-history");
    await entry.getByRole("button", { name: "Restore version 1.0.0" }).click();
    await expect(entry.getByRole("status")).toHaveText(
      "Restored version 1.0.0; the copy it replaced (version 2.0.0) is kept.",
    );
    await expect(entry.locator("ol li")).toHaveText([
      /^Went back to version 1\.0\.0, replacing version 2\.0\.0\. Version 2\.0\.0 is kept, so you can switch back\./,
      /^Updated from version 1\.0\.0 to version 2\.0\.0\. The old copy has been cleared away, so you can't go back to it\./,
    ]);
    expect(await readFile(path.join(alpha.realDir, "SKILL.md"), "utf8")).toBe(versioned("alpha", "1.0.0"));
  });

  test("GitHub down: the known updates stay with their time, and what failed is named once", async ({ page }) => {
    // Checked with GitHub up first: the test before put alpha back to 1.0.0, so alpha and beta (its ignored version
    // undone in Settings) are both due again, and that is what must stay known when GitHub is down.
    await openUpdates(page, app.url, { check: true });
    await expect(page.locator(".updates-head p")).toHaveText(/^Checked /);
    const known = "2 updates available";
    await expect(headline(page)).toHaveText(known, { timeout: 60_000 });
    await releases.close();
    await page.getByRole("button", { name: "Check now" }).click();
    await expect(page.locator(".updates-head p")).toContainText("GitHub could not be reached", { timeout: 60_000 });
    await expect(headline(page)).toHaveText(known!);
    await expect(page.getByText(/GitHub could not be reached/)).toHaveCount(1);
    await expect(page.getByText(/you're offline/)).toHaveCount(0);
    await expect(page.locator(".update-item[data-state=outdated]").first()).toContainText(/as of /);
    await axeClean(page, "offline", { widths: [1280, 800] });
    await saveScreenshot(page, "updates-view-offline");
  });
});
