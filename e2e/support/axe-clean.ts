// axe on the page as it is, in the light and the dark scheme: no serious or critical violation, with a screenshot each.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { saveScreenshot } from "./page";

/** Runs axe in light and dark (soft assertions, so every finding is listed), then goes back to light. */
export async function axeClean(page: Page, name: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
    expect.soft(serious, `${name} (${scheme})`).toEqual([]);
    await saveScreenshot(page, `manage-${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: "light" });
}
