// Add skill (a path typed, a source dropped), "Also use in…", and Remove with Undo, in a real browser against the web
// host on a real home; axe finds no serious violation in the add plan and the remove plan, light and dark.
import { expect, test } from "@playwright/test";
import { lstat, readlink } from "node:fs/promises";
import path from "node:path";
import { MINIMUM_WINDOW_SIZE } from "../shared/window-size";
import { writeTree } from "../test-support/tmp";
import { startAppHost, type AppHost } from "./support/app-host";
import { axeClean } from "./support/axe-clean";
import { entryRow, openCatalog } from "./support/page";

/** Add and Remove are checked at the widest common window and at the smallest (Electron's minimum). */
const WIDTHS = [1280, MINIMUM_WINDOW_SIZE.width] as const;
const SKILL = (name: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill. Use when testing.\n---\n\n# ${name}\n`;

test.describe("adding, sharing and removing skills", () => {
  let app: AppHost;
  test.beforeAll(async () => {
    app = await startAppHost({
      platform: "linux",
      prepare: async (root) => {
        await writeTree(path.join(root, "src", "tidy"), { "SKILL.md": SKILL("tidy") });
        await writeTree(path.join(root, "src", "neat"), { "SKILL.md": SKILL("neat") });
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
  });

  test("Add from a typed path and a drop, Also use in, Remove with Undo", async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await openCatalog(page, app.url);
    await page.getByRole("button", { name: "Add skill…" }).click();
    const from = page.getByLabel(/^From/);
    await from.fill(path.join(app.root, "src", "tidy"));
    await page.getByRole("button", { name: "Show what it adds" }).click();
    await page.getByRole("checkbox", { name: "Cursor" }).check();
    const plan = page.getByTestId("add-plan");
    await expect(plan).toContainText(path.join(app.home, ".agents", "skills", "tidy"));
    await expect(plan).toContainText(path.join(app.home, ".cursor", "skills", "tidy"));
    await axeClean(page, "add-plan", { widths: WIDTHS, screenshot: "manage" });
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Added tidy." })).toBeVisible();
    await expect(entryRow(page, "tidy").first()).toBeVisible();
    await expect(page.locator('[role="option"][aria-selected="true"]')).toContainText("tidy");
    expect((await lstat(path.join(app.home, ".claude", "skills", "tidy"))).isSymbolicLink()).toBe(true);

    // A source dropped on the panel fills it in.
    const neat = path.join(app.root, "src", "neat");
    await page.locator(".add-skill").dispatchEvent(
      "drop",
      await page.evaluateHandle((text) => {
        type Transfer = { setData(format: string, text: string): void };
        const data = new (globalThis as unknown as { DataTransfer: new () => Transfer }).DataTransfer();
        data.setData("text/plain", text);
        return { dataTransfer: data };
      }, neat),
    );
    await expect(from).toHaveValue(neat);

    // Also use in Gemini CLI: a link to the one copy; the clients it is in already are not offered.
    await entryRow(page, "tidy").first().click();
    await expect(page.getByLabel("Also use in").locator("option")).toHaveText(["Gemini CLI"]);
    await page.getByLabel("Also use in").selectOption("gemini-cli");
    await page.getByRole("button", { name: "Add link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "also in Gemini CLI" })).toBeVisible();
    expect(await readlink(path.join(app.home, ".gemini", "skills", "tidy"))).toBe("../../.agents/skills/tidy");

    // Remove lists what goes, then Undo puts it back.
    await entryRow(page, "tidy").first().click();
    await page.getByRole("button", { name: "Remove…" }).click();
    const removePlan = page.getByTestId("remove-plan");
    await expect(removePlan).toContainText(path.join(app.home, ".gemini", "skills", "tidy"));
    await expect(removePlan).toContainText(".skill-lock.json");
    await axeClean(page, "remove-plan", { widths: WIDTHS, screenshot: "manage" });
    await page.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Removed tidy" })).toBeVisible();
    await expect(entryRow(page, "tidy")).toHaveCount(0);
    expect(await lstat(path.join(app.home, ".agents", "skills", "tidy")).catch(() => null)).toBeNull();
    await axeClean(page, "removed", { widths: WIDTHS, screenshot: "manage" });
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(entryRow(page, "tidy").first()).toBeVisible();
    expect((await lstat(path.join(app.home, ".agents", "skills", "tidy"))).isDirectory()).toBe(true);
  });
});
