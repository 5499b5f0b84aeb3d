// The window at its smallest (Electron's minimum, 800×600): one toolbar line, a list with room for many rows, no
// sideways scrolling, in every view.
import { expect, test, type Page } from "@playwright/test";
import { MINIMUM_WINDOW_SIZE } from "../shared/window-size";
import { allSkills, startAppHost, type AppHost } from "./support/app-host";
import { entryRow, openCatalog, saveScreenshot } from "./support/page";

async function noSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page
    .locator("html")
    .evaluate((html) => ({ scrollWidth: html.scrollWidth, clientWidth: html.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test.describe("the smallest window", () => {
  let app: AppHost;
  test.beforeAll(async () => {
    app = await startAppHost({ platform: "darwin" });
  });
  test.afterAll(async () => {
    await app?.close();
  });

  for (const width of [MINIMUM_WINDOW_SIZE.width, 1024]) {
    test(`${width}×${MINIMUM_WINDOW_SIZE.height}: one toolbar line, a list of many rows, the detail beside it`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: MINIMUM_WINDOW_SIZE.height });
      await openCatalog(page, app.url);
      const toolbar = await page.locator(".toolbar").boundingBox();
      expect(toolbar!.height).toBeLessThanOrEqual(56);
      for (const button of await page.locator(".mode-switch button").all())
        expect((await button.boundingBox())!.height).toBeLessThanOrEqual(30);

      const skill = allSkills(await app.catalog())[0]!;
      await entryRow(page, skill.name).first().click();
      await saveScreenshot(page, `layout-${width}-catalog`);
      await expect(page.locator("#detail-title")).toHaveText(skill.name);
      const list = (await page.getByRole("listbox", { name: "Catalog" }).boundingBox())!;
      expect(list.height).toBeGreaterThanOrEqual(6 * 56);
      const detail = (await page.locator(".detail-pane").boundingBox())!;
      expect(detail.x).toBeGreaterThanOrEqual(list.x + list.width - 1);
      expect(detail.width).toBeGreaterThanOrEqual(300);
      const tabs = page.getByRole("tab");
      const tops = new Set(await tabs.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top))));
      expect(tops.size).toBe(1);
      await noSidewaysScroll(page);
      await saveScreenshot(page, `layout-${width}-catalog`);

      await page.getByRole("button", { name: /^Author mode/ }).click();
      await expect(page.getByRole("heading", { name: "Open a skill or plugin you are writing" })).toBeVisible();
      await noSidewaysScroll(page);
      await saveScreenshot(page, `layout-${width}-author`);
      await page.getByRole("button", { name: "Settings" }).click();
      await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
      await noSidewaysScroll(page);
      await saveScreenshot(page, `layout-${width}-settings`);
    });
  }
});
