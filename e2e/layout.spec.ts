// The window at its smallest (Electron's minimum, 800×600): one toolbar line, a list with room for many rows, no
// sideways scrolling, in every view; the filters fold to a strip, names and the search are whole, and Add's steps fit.
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

/** No text that holds a path is upper-cased by styling ("~/.AGENTS/SKILLS"). */
async function pathsKeepTheirCase(page: Page): Promise<void> {
  // The tests compile without the DOM's types, so the page's nodes are typed by the few properties used here.
  type Node = { nodeType: number; textContent: string | null };
  const transformed = await page.locator("body *").evaluateAll((elements) => {
    const view = globalThis as unknown as { getComputedStyle(e: unknown): { textTransform: string } };
    const out: string[] = [];
    for (const el of elements as unknown as Array<{ childNodes: ArrayLike<Node> }>) {
      const own = Array.from(el.childNodes)
        .filter((n) => n.nodeType === 3)
        .map((n) => n.textContent ?? "")
        .join("")
        .trim();
      if (/[~/\\]/.test(own) && view.getComputedStyle(el).textTransform !== "none") out.push(own);
    }
    return out;
  });
  expect(transformed).toEqual([]);
}

/** Every group header in view shows its title and count whole, inside the list. */
async function groupHeadersWhole(page: Page): Promise<void> {
  const list = (await page.getByRole("listbox", { name: "Catalog" }).boundingBox())!;
  const headers = page.locator(".group-row");
  expect(await headers.count()).toBeGreaterThan(0);
  for (const header of await headers.all()) {
    const box = (await header.boundingBox())!;
    if (box.y > list.y + list.height) continue;
    const title = header.locator(".group-title");
    const { clipped, text } = await title.evaluate((el) => ({
      clipped: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
      text: el.textContent,
    }));
    expect(clipped, `group title "${text}" is cut off`).toBe(false);
    const count = (await header.locator(".count").boundingBox())!;
    expect(count.x + count.width).toBeLessThanOrEqual(list.x + list.width + 0.5);
  }
}

/** No element inside `selector` is cut off sideways (its content wider than its box). */
async function nothingClipped(page: Page, selector: string): Promise<void> {
  type Box = { scrollWidth: number; clientWidth: number; textContent: string | null; tagName: string };
  // Inputs scroll their own text, and the visually hidden are meant to be 1 px.
  const clipped = await page
    .locator(`${selector} *:not(input):not(.visually-hidden)`)
    .evaluateAll((els) =>
      (els as unknown as Box[])
        .filter((e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
        .map((e) => `${e.tagName}: ${(e.textContent ?? "").slice(0, 60)}`),
    );
  expect(clipped).toEqual([]);
}

test.describe("the smallest window", () => {
  let app: AppHost;
  test.beforeAll(async () => {
    app = await startAppHost({ platform: "darwin" });
  });
  test.afterAll(async () => {
    await app?.close();
  });

  test("800×600: the filters fold to a strip, names and search whole, Add's steps in view", async ({ page }) => {
    await page.setViewportSize(MINIMUM_WINDOW_SIZE);
    await openCatalog(page, app.url);
    expect((await page.locator(".sidebar").boundingBox())!.width).toBeLessThanOrEqual(60);
    await expect(page.getByRole("checkbox", { name: "Has errors" })).toBeHidden();
    await page.getByRole("button", { name: "Show filters" }).click();
    await expect(page.getByRole("checkbox", { name: "Has errors" })).toBeVisible();
    await noSidewaysScroll(page);
    await page.getByRole("button", { name: "Hide filters" }).click();
    const search = page.getByRole("searchbox");
    expect(
      await search.evaluate((el) => {
        const input = el as unknown as { scrollWidth: number; clientWidth: number };
        return input.scrollWidth <= input.clientWidth;
      }),
    ).toBe(true);
    expect((await search.boundingBox())!.width).toBeGreaterThanOrEqual(200);
    await nothingClipped(page, '[role="option"] .entry-name');
    const names = page.locator('[role="option"] .entry-name');
    for (const name of (await names.all()).slice(0, 8))
      expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);

    // Keyboard: the search and the list come before Add's fields.
    await page.getByRole("button", { name: "Add skill…" }).click();
    const order = await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<unknown> } }).document;
      const all = Array.from(doc.querySelectorAll("input, button, select, [tabindex='0']")) as Array<{
        getAttribute(n: string): string | null;
        type?: string;
      }>;
      const at = (pick: (e: (typeof all)[number]) => boolean) => all.findIndex(pick);
      return {
        search: at((e) => e.type === "search"),
        from: at((e) => e.type === "text"),
      };
    });
    expect(order.search).toBeLessThan(order.from);
    const skill = allSkills(await app.catalog())[0]!;
    await page.getByLabel(/^From/).fill(skill.dir);
    await page.getByRole("button", { name: "Show what it adds" }).click();
    const found = page.getByRole("heading", { name: "2. What was found" });
    await expect(found).toBeFocused({ timeout: 60_000 });
    await expect(found).toBeInViewport();
    const pane = (await page.locator(".detail-pane").boundingBox())!;
    expect(pane.width).toBeGreaterThanOrEqual(400);
    for (const step of await page.locator(".add-step").all()) {
      const box = (await step.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(MINIMUM_WINDOW_SIZE.width + 0.5);
    }
    await nothingClipped(page, ".add-skill");
    await noSidewaysScroll(page);
    await saveScreenshot(page, "layout-800-add");
    await page.screenshot({ path: "/tmp/addui-800-add.png" });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: "/tmp/addui-1280-add.png" });
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

      await pathsKeepTheirCase(page);
      await groupHeadersWhole(page);
      await saveScreenshot(page, `layout-${width}-catalog`);

      // The path as the list shows it finds the skills kept there.
      await page.getByRole("searchbox").fill("~/.agents");
      await expect(page.locator(".group-row .group-title")).toHaveText(["Agents (~/.agents/skills)"]);
      await page.getByRole("listbox", { name: "Catalog" }).getByRole("option").first().click();
      await expect(page.locator(".detail-eyebrow")).toHaveText("Agents (~/.agents/skills)");
      await pathsKeepTheirCase(page);
      await page.getByRole("searchbox").fill("");

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
