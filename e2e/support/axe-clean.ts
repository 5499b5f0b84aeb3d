// axe on the page as it is, in the light and the dark scheme (and, when asked, at several widths): no serious or
// critical violation. The one accessibility check of the browser tests.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { saveScreenshot } from "./page";

/** Where axeClean looks: widths to check at (height 800; back to 1280 after), and a screenshot name prefix per scheme. */
export interface AxeOptions {
  widths?: readonly number[];
  screenshot?: string;
}

/** Runs axe in light and dark (soft assertions, so every finding is listed), then goes back to light. */
export async function axeClean(page: Page, name: string, options: AxeOptions = {}): Promise<void> {
  for (const width of options.widths ?? [null]) {
    if (width !== null) await page.setViewportSize({ width, height: 800 });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
      expect.soft(serious, `${name} (${scheme}${width === null ? "" : `, ${width} wide`})`).toEqual([]);
      if (options.screenshot) await saveScreenshot(page, `${options.screenshot}-${name}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  if (options.widths) await page.setViewportSize({ width: 1280, height: 800 });
}
