// The Budget view in the browser, against the real web host: Claude Code's bar against its limit with a description
// past its cap, Turn off lowers the figure and writes skillOverrides, Undo puts the figure and the settings file back
// byte for byte. Screenshots at 1280 and 800 wide.
import { expect, test, type Page } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { writeTree } from "../test-support/tmp";
import { startAppHost, type AppHost } from "./support/app-host";
import { saveScreenshot } from "./support/page";

const DATA = mkdtempSync(path.join(tmpdir(), "skillshelf-e2e-budget-"));
const SETTINGS = '{\n  "theme": "dark",\n\t"spinnerTips":   [ 1,2 ]\n}\n';
const skill = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`;
const LONG = `Writes the quarterly report from the ledger and the notes of the month, ${"with every table checked twice ".repeat(60)}and more`;

/** The Claude Code bar's figure ("~N tokens"). */
async function claudeTokens(page: Page): Promise<number> {
  const text = await page
    .locator(".budget-bar", { hasText: /^Claude Code/ })
    .locator(".budget-bar-value")
    .innerText();
  return Number(/≈ ([\d,]+) tokens/.exec(text)![1]!.replace(/,/g, ""));
}

test.describe("the Budget view", () => {
  test.describe.configure({ mode: "serial", timeout: 180_000 });
  let app: AppHost;
  test.beforeAll(async () => {
    app = await startAppHost({
      platform: "linux",
      fixtureHome: false,
      env: { SKILLSHELF_DATA_DIR: DATA, CLAUDE_CONFIG_DIR: "" },
      prepare: async (_root, home) => {
        await writeTree(home, {
          ".claude/settings.json": SETTINGS,
          ".claude/skills/reports/SKILL.md": skill("reports", LONG),
          ".claude/skills/lint/SKILL.md": skill("lint", "Lints the code before a commit."),
          ".claude/skills/tidy/SKILL.md": skill("tidy", "Tidies the desk."),
          ".cursor/skills/tidy/SKILL.md": skill("tidy", "Tidies the desk."),
        });
      },
    });
  });
  test.afterAll(async () => app?.close());

  test("shows the bars and a cut; Turn off lowers the figure and Undo puts it back", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(app.url);
    await expect(page.getByRole("listbox", { name: "Catalog" })).toBeVisible({ timeout: 60_000 });
    await page.getByRole("button", { name: "Budget", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Budget", level: 1 })).toBeVisible();
    const bars = page.getByRole("list", { name: "Clients" });
    await expect(bars.locator(".budget-bar", { hasText: /^Claude Code/ })).toContainText(/3 skills · [\d,]+ of [\d,]+/);
    await expect(bars.locator(".budget-bar", { hasText: /^Cursor/ })).toContainText("limit not published");
    await expect(page.getByText(/Past the description cap \(1\)/)).toBeVisible();
    await expect(page.getByText(/Cut mid-sentence \(1\)/)).toBeVisible();
    await saveScreenshot(page, "budget-1280");
    await page.screenshot({ path: "/tmp/budgetui-1280.png" });

    const before = await claudeTokens(page);
    const settings = path.join(app.home, ".claude/settings.json");
    const bytes = await readFile(settings);
    const row = page.locator(".budget-entry", { hasText: "reports" });
    await row.getByRole("button", { name: /^Turn off/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Turned off." })).toBeVisible();
    await expect.poll(() => claudeTokens(page)).toBeLessThan(before - 300);
    expect(JSON.parse(await readFile(settings, "utf8"))).toMatchObject({ skillOverrides: { reports: "off" } });
    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => claudeTokens(page)).toBe(before);
    expect(Buffer.compare(await readFile(settings), bytes)).toBe(0);
    await expect(page.getByRole("button", { name: "Undo" })).toHaveCount(0);

    await page.setViewportSize({ width: 800, height: 800 });
    await bars.getByRole("button", { name: /^Cursor/ }).click();
    await expect(page.getByText(/publishes no per-skill switch/)).toBeVisible();
    await expect(page.getByRole("button", { name: /^Turn off/ })).toHaveCount(0);
    await saveScreenshot(page, "budget-800");
    await page.screenshot({ path: "/tmp/budgetui-800.png" });
  });
});
