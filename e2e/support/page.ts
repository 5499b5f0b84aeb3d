// Page helpers for the browser tests: opening the app, reading the list, saving screenshots, catching script runs.
import { expect, type Page } from "@playwright/test";
import path from "node:path";
import { REPO_ROOT } from "./app-host";

/** Saves a screenshot of the whole window under test-results/screenshots/NAME.png (kept as a test artifact). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(REPO_ROOT, "test-results", "screenshots", `${name}.png`) });
}

/** Opens the app and waits for the catalog to be drawn, and usable (the host's first screen taken over). */
export async function openCatalog(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole("listbox", { name: "Catalog" })).toBeVisible();
  await expect(page.locator("#root")).not.toHaveAttribute("aria-busy", "true");
}

/** The list's option (entry row) with exactly this name. */
export function entryRow(page: Page, name: string) {
  return page.getByRole("option").filter({
    has: page.locator(".entry-name", { hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }),
  });
}

/** The names of the entry rows currently drawn (the list is virtualized, so only those in view). */
export async function drawnNames(page: Page): Promise<string[]> {
  return page.locator('[role="option"] .entry-name').allTextContents();
}

/** The name of the selected entry, or null. */
export async function selectedName(page: Page): Promise<string | null> {
  const selected = page.locator('[role="option"][aria-selected="true"] .entry-name');
  return (await selected.count()) === 0 ? null : selected.textContent();
}
