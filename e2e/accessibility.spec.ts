// Accessibility in the browser: axe-core finds no serious or critical violation in any view, light and dark; headings
// go in order; a screenshot of each view is kept under test-results/screenshots/.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import path from "node:path";
import { writeTree } from "../test-support/tmp";
import { allSkills, startAppHost, type AppHost } from "./support/app-host";
import { entryRow, openCatalog, saveScreenshot } from "./support/page";

const SCHEMES = ["light", "dark"] as const;

/** The serious and critical violations axe finds on the page now, as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.id} (${v.impact}): ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(0, 2).join(" ") ?? ""}`,
      ),
    );
}

/** Heading levels in document order never skip a level going down. */
async function headingJumps(page: Page): Promise<string[]> {
  const levels = await page
    .locator("h1, h2, h3, h4, h5, h6")
    .evaluateAll((els) =>
      els
        .filter((e) => (e as unknown as { offsetParent: unknown }).offsetParent !== null)
        .map((e) => `${e.tagName}:${e.textContent ?? ""}`),
    );
  const jumps: string[] = [];
  let previous = 0;
  for (const item of levels) {
    const level = Number(item[1]);
    if (level > previous + 1 && previous !== 0) jumps.push(`${item} after h${previous}`);
    if (previous === 0 && level > 2) jumps.push(`${item} first`);
    previous = level;
  }
  return jumps;
}

async function check(page: Page, name: string): Promise<void> {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(50);
    expect.soft(await seriousViolations(page), `${name} (${scheme})`).toEqual([]);
    await saveScreenshot(page, `a11y-${name}-${scheme}`);
  }
  expect.soft(await headingJumps(page), name).toEqual([]);
  await page.emulateMedia({ colorScheme: "light" });
}

test.describe("accessibility of every view", () => {
  let app: AppHost;
  let authorDir: string;
  test.beforeAll(async () => {
    app = await startAppHost({
      platform: "darwin",
      prepare: async (root) => {
        authorDir = path.join(root, "work", "draft-skill");
        await writeTree(authorDir, {
          "SKILL.md":
            "---\nname: draft-skill\ndescription: A draft. Use when testing.\nversion: 2.0.0\n---\n# Draft\n\nRead [the guide](references/guide.md).\n",
          "references/guide.md": "# Guide\n\n```\ncode\n```\n",
        });
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
  });

  test("catalog, every tab of a skill, a plugin, author mode and settings", async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openCatalog(page, app.url);
    await check(page, "catalog-empty");

    const scan = await app.catalog();
    const skill = allSkills(scan).find((s) => s.diagnostics.some((d) => d.severity === "error")) ?? allSkills(scan)[0]!;
    await entryRow(page, skill.name).first().click();
    await expect(page.locator("#detail-title")).toHaveText(skill.name);
    await check(page, "skill-overview");
    for (const [tab, name] of [
      ["Level 1", "level1"],
      ["Level 2", "level2"],
      ["Level 3", "level3"],
    ] as const) {
      await page.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
      await expect(page.getByRole("tab", { name: new RegExp(`^${tab}`) })).toHaveAttribute("aria-selected", "true");
      if (name === "level3") {
        await page.locator(".file-tree .file").first().click();
        await expect(page.getByTestId("file-viewer")).toBeVisible();
      }
      await check(page, `skill-${name}`);
    }

    const plugin = scan.plugins[0];
    if (plugin) {
      await entryRow(page, plugin.name).first().click();
      await expect(page.locator("#detail-title")).toHaveText(plugin.name);
      await check(page, "plugin-overview");
    }
    const drifted = allSkills(scan).find((s) => (s.drift ?? []).length > 0);
    if (drifted) {
      await page.getByRole("searchbox", { name: /Search skills/ }).fill(drifted.dir);
      await entryRow(page, drifted.name).first().click();
      await page.getByRole("tab", { name: /^Overview/ }).click();
      await page
        .getByRole("button", { name: `Compare with the copy at ${drifted.drift![0]}` })
        .click({ timeout: 10_000 });
      await expect(page.getByTestId("copy-compare")).toContainText("differ");
      await check(page, "drift-compare");
      await page.getByRole("searchbox", { name: /Search skills/ }).fill("");
    }
    const updatesTab = page.getByRole("button", { name: /^Updates/ });
    if ((await updatesTab.count()) > 0) {
      await updatesTab.click();
      await check(page, "updates");
      await page.getByRole("button", { name: "Catalog" }).click();
    }
    // a focused list shows the selection in the accent colour: badges there must stay readable too
    await page.getByRole("listbox", { name: "Catalog" }).focus();
    await page.keyboard.press("ArrowDown");
    await check(page, "catalog-focused-selection");

    await page.getByRole("button", { name: /^Author mode/ }).click();
    await expect(page.getByRole("heading", { name: "Open a skill or plugin you are writing" })).toBeVisible();
    await check(page, "author-empty");
    await page.getByLabel("Folder path").fill(authorDir);
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await expect(page.locator("#detail-title")).toHaveText("draft-skill");
    await check(page, "author-open");

    await page.getByRole("button", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await check(page, "settings");
  });
});
