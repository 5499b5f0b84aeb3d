// Adding to Claude Desktop in a real browser against the web host: the hand-off (the .skill file to download and the
// steps in a person's words, no command line or flag in the page), the skill arriving in a Desktop account tree and
// the page noticing it, then Remove of the skill's own copy leaving no stale notice behind (and the same when Remove
// comes while the page still waits); axe light and dark at 1280 and 800 px on the hand-off.
import { expect, test, type Page } from "@playwright/test";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { MINIMUM_WINDOW_SIZE } from "../shared/window-size";
import { fixtureDesktopTree } from "../test-support/fixture-homes";
import { makeTempDir, writeTree } from "../test-support/tmp";
import { startAppHost, type AppHost } from "./support/app-host";
import { axeClean } from "./support/axe-clean";
import { entryRow, openCatalog, saveScreenshot } from "./support/page";

const NAME = "humanizer";
const LATER = "tone-check";
const skillMd = (name: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill. Use when testing.\n---\n\n# ${name}\n`;
const SKILL = `---\nname: ${NAME}\ndescription: Rewrites stiff text so it reads as a person wrote it. Use for drafts.\n---\n\n# Humanizer\n`;

/** No command line in the page: no flag, no `skillshelf` command, no shell prompt. */
async function noCommandLine(page: Page): Promise<void> {
  const text = await page.locator("body").innerText();
  expect(text).not.toMatch(/(^|[^\w-])--[a-z]/m);
  expect(text).not.toMatch(/(^|[\s(])-[a-zA-Z](?=[\s)=,.]|$)/m);
  expect(text).not.toMatch(/\bskillshelf (add|pack|install|remove|update)\b/i);
  expect(text).not.toMatch(/^\s*\$ /m);
}

test.describe("Add to Claude Desktop", () => {
  let app: AppHost;
  let source: string;
  let desktopCopy: string;
  let data: { dir: string; cleanup: () => Promise<void> };
  test.beforeAll(async () => {
    data = await makeTempDir("skillshelf-e2e-data-");
    app = await startAppHost({
      platform: "linux",
      env: { SKILLSHELF_DATA_DIR: data.dir },
      prepare: async (root, home) => {
        source = path.join(root, "src", NAME);
        await writeTree(source, { "SKILL.md": SKILL });
        desktopCopy = path.join(fixtureDesktopTree(home, "linux"), "skills", NAME);
        await writeTree(path.join(root, "src", LATER), { "SKILL.md": skillMd(LATER) });
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
    await data?.cleanup();
  });

  test("the hand-off, the arrival noticed, then Remove leaves no stale notice", async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openCatalog(page, app.url);
    await page.getByRole("button", { name: "Add skill…" }).click();
    await page.getByLabel(/^From/).fill(source);
    await page.getByRole("button", { name: "Show what it adds" }).click();
    await page.getByRole("checkbox", { name: "Claude Desktop" }).check();
    await expect(page.getByTestId("add-places")).toContainText(
      "Claude Desktop: gets a file to add in its own settings (the steps come after Add)",
    );
    await page.getByRole("button", { name: "Add", exact: true }).click();

    // The hand-off: the file offered to download, the steps, the wait; the browser cannot open Claude Desktop.
    const result = page.getByTestId("add-result");
    await expect(result.getByRole("status").first()).toHaveText(`Added ${NAME}.`, { timeout: 60_000 });
    const handoff = result.locator(".add-handoff");
    await expect(handoff.getByRole("heading", { name: "For Claude Desktop" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open in Claude Desktop" })).toHaveCount(0);
    const steps = handoff.locator("ol li");
    expect(await steps.count()).toBeGreaterThanOrEqual(3);
    await expect(steps.first()).toContainText(
      `Open Claude Desktop, signed in to the account that should have "${NAME}".`,
    );
    await expect(steps.nth(1)).toContainText("Customize → Skills");
    await expect(steps.nth(2)).toContainText("Upload a skill");
    await noCommandLine(page);
    const downloading = page.waitForEvent("download");
    await handoff.getByRole("button", { name: `Download ${NAME}.skill` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${NAME}(-[\\w.]+)?\\.skill$`));
    expect(await readdir(path.join(data.dir, "handoff"))).toEqual([download.suggestedFilename()]);
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(strFromU8(files[`${NAME}/SKILL.md`]!)).toBe(SKILL);
    await expect(handoff.getByRole("status").filter({ hasText: "Waiting for Claude Desktop" })).toHaveText(
      `Waiting for Claude Desktop to show "${NAME}"…`,
    );
    await saveScreenshot(page, "add-desktop-handoff");
    await axeClean(page, "add-desktop-handoff", {
      widths: [1280, MINIMUM_WINDOW_SIZE.width],
      screenshot: "add-desktop",
    });
    await noCommandLine(page);

    // Stop waiting and Check again, by keyboard: each button goes as it is pressed, the focus goes to the other.
    await handoff.getByRole("button", { name: "Stop waiting" }).focus();
    await page.keyboard.press("Enter");
    await expect(handoff.getByText("Stopped waiting.")).toBeVisible();
    await expect(handoff.getByRole("button", { name: "Check again" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(handoff.getByText("Waiting for Claude Desktop")).toBeVisible();
    await expect(handoff.getByRole("button", { name: "Stop waiting" })).toBeFocused();

    // The skill arrives in a Desktop account tree (as an upload in Claude Desktop would put it): the page notices.
    await writeTree(desktopCopy, { "SKILL.md": SKILL });
    const arrived = handoff.locator('[data-arrival="arrived"]');
    await expect(arrived).toHaveText("Added to Claude Desktop (account 1).", { timeout: 60_000 });
    await expect(handoff.getByText("Waiting for Claude Desktop")).toHaveCount(0);
    expect(await page.evaluate("document.activeElement !== null && document.activeElement !== document.body")).toBe(
      true,
    );
    await expect(page.locator(".group-row", { hasText: "Claude Desktop — account 1" })).toBeVisible();
    await expect(entryRow(page, NAME)).toHaveCount(2, { timeout: 30_000 });
    await saveScreenshot(page, "add-desktop-arrived");

    // Remove the skill's own copy (Claude Desktop's stays Claude Desktop's): no notice of the add is left.
    await result.getByRole("button", { name: `Show ${NAME}` }).click();
    await expect(page.locator("#detail-title")).toHaveText(NAME);
    await page.getByRole("button", { name: "Remove…" }).click();
    await page.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: `Removed ${NAME}` })).toBeVisible({ timeout: 60_000 });
    await expect(entryRow(page, NAME)).toHaveCount(1);
    const stale = async () => {
      await expect(page.getByText("Waiting for Claude Desktop")).toHaveCount(0);
      await expect(page.getByText(`Added ${NAME}`)).toHaveCount(0);
      await expect(page.getByText("Added to Claude Desktop")).toHaveCount(0);
      await expect(page.getByTestId("add-result")).toHaveCount(0);
    };
    await stale();
    await page.getByRole("button", { name: "Add skill…" }).click();
    await expect(page.getByRole("heading", { name: "Add a skill" })).toBeFocused();
    await stale();
    await expect(page.getByLabel(/^From/)).toHaveValue("");
    await saveScreenshot(page, "add-desktop-after-remove");
    expect(await readFile(path.join(desktopCopy, "SKILL.md"), "utf8")).toBe(SKILL);
  });

  test("Remove while still waiting for Claude Desktop: the wait's notices go, and a late arrival says nothing", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openCatalog(page, app.url);
    await page.getByRole("button", { name: "Add skill…" }).click();
    await page.getByLabel(/^From/).fill(path.join(app.root, "src", LATER));
    await page.getByRole("button", { name: "Show what it adds" }).click();
    await page.getByRole("checkbox", { name: "Claude Desktop" }).check();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText(`Waiting for Claude Desktop to show "${LATER}"…`)).toBeVisible({ timeout: 60_000 });

    await entryRow(page, LATER).first().click();
    await expect(page.locator("#detail-title")).toHaveText(LATER);
    await page.getByRole("button", { name: "Remove…" }).click();
    await page.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: `Removed ${LATER}` })).toBeVisible({ timeout: 60_000 });
    await expect(entryRow(page, LATER)).toHaveCount(0);
    const noAddNotice = async () => {
      await expect(page.getByText("Waiting for Claude Desktop")).toHaveCount(0);
      await expect(page.getByText(`Added ${LATER}`)).toHaveCount(0);
      await expect(page.getByText("Added to Claude Desktop")).toHaveCount(0);
    };
    await noAddNotice();
    await page.getByRole("button", { name: "Add skill…" }).click();
    await noAddNotice();

    // The upload arrives after all: the page lists it, and no notice of the add comes back.
    await writeTree(path.join(fixtureDesktopTree(app.home, "linux"), "skills", LATER), { "SKILL.md": skillMd(LATER) });
    await page.getByRole("button", { name: "Rescan" }).click();
    await expect(entryRow(page, LATER)).toHaveCount(1, { timeout: 30_000 });
    await page.waitForTimeout(1500);
    await noAddNotice();
  });
});
