// Start-up recovery in the page: an update a killed run left unfinished is undone (or left for the user) and the page
// says so above every view, until dismissed; the folder itself is as it was before that update.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { writeInterruptedUpdate } from "../test-support/interrupted-update";
import { makeTempDir, writeTree } from "../test-support/tmp";
import { startAppHost, type AppHost } from "./support/app-host";
import { openCatalog, saveScreenshot } from "./support/page";

const SKILL = "---\nname: notes\ndescription: Keeps notes. Use it in tests.\n---\n\n# Notes\n";

test.describe("recovery of interrupted updates", () => {
  let app: AppHost;
  let data: { dir: string; cleanup: () => Promise<void> };
  let notes = "";
  let gone = "";
  test.beforeAll(async () => {
    data = await makeTempDir("skillshelf-e2e-data-");
    app = await startAppHost({
      platform: "linux",
      fixtureHome: false,
      env: { SKILLSHELF_DATA_DIR: data.dir },
      prepare: async (_root, home) => {
        notes = path.join(home, ".claude", "skills", "notes");
        gone = path.join(home, ".claude", "skills", "gone");
        await writeTree(notes, { "SKILL.md": SKILL });
        await writeInterruptedUpdate(data.dir, notes, "not-started");
        await writeInterruptedUpdate(data.dir, gone, "lost");
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
    await data?.cleanup();
  });

  test("says what was undone and what needs attention, above the catalog, until dismissed", async ({ page }) => {
    await openCatalog(page, app.url);
    const banner = page.locator(".banner.recovery");
    await expect(banner).toHaveAttribute("role", "alert");
    await expect(banner).toContainText(`was undone (${notes}): the swap had not started; the old version is in place.`);
    await expect(banner).toContainText(`needs your attention (${gone})`);
    await expect(banner.locator("li").first()).toContainText("Nothing was changed there");
    await saveScreenshot(page, "recovery-banner");
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      const axe = await new AxeBuilder({ page }).include(".banner.recovery").analyze();
      expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
        [],
      );
    }
    await banner.getByRole("button", { name: "Dismiss" }).click();
    await expect(banner).toHaveCount(0);
    // Dismissed stays dismissed when the page is reloaded in the same window: once the page has its answer, no banner.
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/update:recoveries"));
    await page.reload();
    await answered;
    await page.evaluate("new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))");
    await expect(page.getByRole("listbox", { name: "Catalog" })).toBeVisible();
    await expect(banner).toHaveCount(0);
    expect(await readFile(path.join(notes, "SKILL.md"), "utf8")).toBe(SKILL);
  });
});
