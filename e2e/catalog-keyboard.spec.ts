// The catalog at 800×600 by keyboard alone: Tab from the top of the page reaches the search and the list before any
// of Add's fields, and the focus never falls to the page body when Add completes, when Remove takes the skill (and
// its detail) away, or when the removal's notice goes (Undo, Dismiss).
import { expect, test, type Page } from "@playwright/test";
import path from "node:path";
import { MINIMUM_WINDOW_SIZE } from "../shared/window-size";
import { makeTempDir, writeTree } from "../test-support/tmp";
import { startAppHost, type AppHost } from "./support/app-host";
import { openCatalog } from "./support/page";

const NAME = "tidy-notes";
const SKILL = `---\nname: ${NAME}\ndescription: Tidies meeting notes. Use when notes are messy.\n---\n\n# Tidy notes\n`;

/** What has the focus, in words: the tag, its type or role, and its accessible-ish name. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { activeElement: Record<string, unknown> | null } }).document;
    const el = doc.activeElement as {
      tagName: string;
      type?: string;
      getAttribute(n: string): string | null;
      textContent: string | null;
    } | null;
    if (!el) return "none";
    const role = el.getAttribute("role") ?? el.type ?? "";
    const name = el.getAttribute("aria-label") ?? (el.textContent ?? "").trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}[${role}] ${name}`;
  });
}

/** The focus is on some element and not the page body, now and for a while after (late renders cannot drop it). */
async function focusStaysOffBody(page: Page, what: string): Promise<void> {
  for (let i = 0; i < 8; i++) {
    expect(await focused(page), what).not.toMatch(/^(body|html|none)\b/);
    await page.waitForTimeout(150);
  }
}

/** Presses Tab until `stop` matches what has the focus; returns every stop on the way. */
async function tabUntil(page: Page, stop: RegExp, limit = 60): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const now = await focused(page);
    stops.push(now);
    if (stop.test(now)) return stops;
  }
  throw new Error(`Tab never reached ${stop}:\n${stops.join("\n")}`);
}

test.describe("the catalog by keyboard at 800×600", () => {
  let app: AppHost;
  let source: string;
  let data: { dir: string; cleanup: () => Promise<void> };
  test.beforeAll(async () => {
    data = await makeTempDir("skillshelf-e2e-data-");
    app = await startAppHost({
      platform: "linux",
      env: { SKILLSHELF_DATA_DIR: data.dir },
      prepare: async (root) => {
        source = path.join(root, "src", NAME);
        await writeTree(source, { "SKILL.md": SKILL });
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
    await data?.cleanup();
  });

  test("search and list come before Add's fields; Add and Remove never leave the focus on the body", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(MINIMUM_WINDOW_SIZE);
    await openCatalog(page, app.url);
    await page.getByRole("button", { name: "Add skill…" }).click();
    await expect(page.getByRole("heading", { name: "Add a skill" })).toBeFocused();

    // From the top of the page, with Add open: the search, then the list, then Add's source field.
    // (A click on the toolbar's bare corner moves where Tab starts from, as it does for a person.)
    await page.locator(".toolbar").click({ position: { x: 2, y: 2 } });
    const stops = await tabUntil(page, /^input\[text\] /);
    const search = stops.findIndex((s) => s.startsWith("input[search]"));
    const list = stops.findIndex((s) => /\[listbox\] Catalog/.test(s));
    expect(search, stops.join("\n")).toBeGreaterThanOrEqual(0);
    expect(list, stops.join("\n")).toBeGreaterThan(search);
    expect(stops.length - 1, stops.join("\n")).toBeGreaterThan(list);
    expect(
      stops.slice(0, list).some((s) => s.startsWith("input[checkbox]")),
      "a client checkbox before the list",
    ).toBe(false);
    await expect(page.getByLabel(/^From/)).toBeFocused();

    // Add by keyboard: type the source, Tab to "Show what it adds", then on to Add.
    await page.keyboard.type(source);
    await tabUntil(page, /^button\[button\] Show what it adds/, 5);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "2. What was found" })).toBeFocused({ timeout: 60_000 });
    await tabUntil(page, /^button\[button\] Add$/, 30);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("add-result").getByRole("status")).toHaveText(`Added ${NAME}.`, {
      timeout: 60_000,
    });
    await expect(page.locator('[role="option"][aria-selected="true"] .entry-name')).toHaveText(NAME);
    await focusStaysOffBody(page, "after Add completed");
    await expect(page.getByRole("heading", { name: `Added ${NAME}` })).toBeFocused();

    // To the new skill, then Remove… and Remove, by keyboard; Undo, then the same again and Dismiss.
    await tabUntil(page, new RegExp(`^button\\[button\\] Show ${NAME}`), 20);
    await page.keyboard.press("Enter");
    await expect(page.locator("#detail-title")).toBeFocused();
    const removed = page.getByRole("status").filter({ hasText: `Removed ${NAME}` });
    const remove = async () => {
      await tabUntil(page, /^button\[button\] Remove…/, 40);
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("remove-plan")).toBeVisible();
      await tabUntil(page, /^button\[button\] Remove$/, 5);
      await page.keyboard.press("Enter");
      await expect(removed).toBeVisible({ timeout: 60_000 });
      await focusStaysOffBody(page, "after Remove");
      await expect(removed.getByRole("button", { name: "Undo" })).toBeFocused();
    };
    await remove();

    // Undo and Dismiss take the notice, and the button pressed, away: the focus goes to the list.
    await page.keyboard.press("Enter");
    await expect(removed).toHaveCount(0, { timeout: 60_000 });
    await focusStaysOffBody(page, "after Undo");
    await expect(page.getByRole("listbox", { name: "Catalog" })).toBeFocused();
    await page
      .locator(".entry-name", { hasText: new RegExp(`^${NAME}$`) })
      .first()
      .click();
    await expect(page.locator("#detail-title")).toHaveText(NAME);
    await page.locator("#detail-title").focus();
    await remove();
    await page.keyboard.press("Tab");
    await expect(removed.getByRole("button", { name: "Dismiss" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(removed).toHaveCount(0);
    await focusStaysOffBody(page, "after the removal's notice was dismissed");
    await expect(page.getByRole("listbox", { name: "Catalog" })).toBeFocused();
  });
});
