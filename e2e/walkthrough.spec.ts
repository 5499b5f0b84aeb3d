// The fixes a walk-through as each kind of user asked for: "works in your client" first (no advice to edit what
// cannot be edited lastingly), code without backticks, search by folder and client with / and Ctrl+F, sorting,
// a detail pane that follows the search, and a selected row that keeps its badge colours.
import { expect, test, type Page } from "@playwright/test";
import path from "node:path";
import { fixtureDesktopTree } from "../test-support/fixture-homes";
import { writeTree } from "../test-support/tmp";
import { desktopAccountTitles } from "../shared/ui-catalog";
import { startAppHost, type AppHost } from "./support/app-host";
import { drawnNames, entryRow, openCatalog, saveScreenshot } from "./support/page";

const skill = (name: string, frontmatter: string, body = "# Title\n\nDo the work.\n") =>
  `---\nname: ${name}\n${frontmatter}---\n${body}`;
const AGENTKEY = skill(
  "agentkey",
  "description: Signs requests with the team's key. Use when calling the team API.\nversion: 1.2.0\n",
);

const search = (page: Page) => page.getByRole("searchbox", { name: /Search skills/ });

test.describe("a walk-through as each kind of user", () => {
  let app: AppHost;
  test.beforeAll(async () => {
    app = await startAppHost({
      platform: "darwin",
      prepare: async (_root, home) => {
        const desktopTree = fixtureDesktopTree(home, "darwin");
        await writeTree(path.join(desktopTree, "skills"), { "agentkey/SKILL.md": AGENTKEY });
        await writeTree(path.join(home, ".claude", "skills"), {
          "aaa-fine/SKILL.md": skill("aaa-fine", "description: Fine. Use when fine.\n"),
          "mmm-warned/SKILL.md": skill("mmm-warned", "description: Warned. Use when warned.\n", ""),
          "zzz-broken/SKILL.md": skill("zzz-broken", ""),
        });
        await writeTree(path.join(home, ".codex", "skills"), { "agentkey/SKILL.md": AGENTKEY });
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
  });

  test("a Claude Desktop user first reads whether the skill loads there, with notes for its author and no edit advice", async ({
    page,
  }) => {
    await openCatalog(page, app.url);
    await search(page).fill("agentkey claude desktop");
    await entryRow(page, "agentkey").first().click();
    await expect(page.locator("#detail-title")).toHaveText("agentkey");
    const fit = page.getByTestId("client-fit");
    await expect(page.locator(".overview > .card").first()).toHaveAttribute("data-testid", "client-fit");
    await expect(fit.getByRole("heading")).toHaveText("Works in Claude Desktop?");
    await expect(fit).toContainText("Loads in Claude Desktop despite 1 error against the Agent Skills rules");
    await expect(page.getByTestId("fit-instead")).toContainText("Ask the skill's author");
    await expect(page.locator('[data-code="skill.field.unexpected"]')).toBeVisible();
    await expect(page.locator(".diagnostic-fix")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Open SKILL\.md/ })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: /notes for the skill's author/ })).toBeVisible();
    await saveScreenshot(page, "walkthrough-desktop-fit");
  });

  test("a skill in the user's own folder gets its fix, with code shown as code and no backticks", async ({ page }) => {
    await openCatalog(page, app.url);
    await search(page).fill("agentkey codex");
    await entryRow(page, "agentkey").first().click();
    await expect(page.getByTestId("client-fit")).toContainText("Loads in Codex despite 1 error");
    await expect(page.getByTestId("fit-instead")).toHaveCount(0);
    const fix = page.locator('[data-code="skill.field.unexpected"] .diagnostic-fix');
    await expect(fix).toBeVisible();
    await expect(fix.locator("code").first()).toHaveText("metadata:");
    expect(await fix.textContent()).not.toContain("`");
    await expect(page.getByTestId("client-fit")).not.toContainText("`");
  });

  test("/ and Ctrl+F focus the search; it matches folders and clients", async ({ page }) => {
    await openCatalog(page, app.url);
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    await page.keyboard.press("/");
    await expect(search(page)).toBeFocused();
    await expect(search(page)).toHaveValue("");
    await page.getByRole("listbox", { name: "Catalog" }).focus();
    await page.keyboard.press("Control+f");
    await expect(search(page)).toBeFocused();
    await search(page).fill(".codex/skills");
    await expect.poll(() => drawnNames(page)).toEqual(["agentkey"]);
    await search(page).fill("cursor");
    await expect.poll(async () => (await drawnNames(page)).sort()).toEqual(["team-report"]);
  });

  test("sorts by name or by problems; the detail clears when the search hides its item", async ({ page }) => {
    await openCatalog(page, app.url);
    await search(page).fill("/.claude/skills/");
    const order = async () =>
      (await drawnNames(page)).filter((n) => ["aaa-fine", "mmm-warned", "zzz-broken"].includes(n));
    await expect.poll(order).toEqual(["aaa-fine", "mmm-warned", "zzz-broken"]);
    await page.getByLabel("Sort the list").selectOption("problems");
    await expect.poll(order).toEqual(["zzz-broken", "mmm-warned", "aaa-fine"]);
    await page.getByLabel("Sort the list").selectOption("name");
    await expect.poll(order).toEqual(["aaa-fine", "mmm-warned", "zzz-broken"]);

    await entryRow(page, "aaa-fine").click();
    await expect(page.locator("#detail-title")).toHaveText("aaa-fine");
    await search(page).fill("zzz-broken");
    await expect(page.locator("#detail-title")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Select a skill" })).toBeVisible();
  });

  test("the selected row keeps its badge colours, focused or not", async ({ page }) => {
    await openCatalog(page, app.url);
    await search(page).fill("zzz-broken");
    const badge = entryRow(page, "zzz-broken").locator(".badge.error");
    const colours = () =>
      badge.evaluate((el) => {
        const style = (
          globalThis as unknown as { getComputedStyle(e: unknown): { color: string; backgroundColor: string } }
        ).getComputedStyle(el);
        return `${style.color} on ${style.backgroundColor}`;
      });
    const before = await colours();
    await entryRow(page, "zzz-broken").click();
    expect(await colours()).toBe(before);
    await page.getByRole("listbox", { name: "Catalog" }).focus();
    await page.keyboard.press("Home");
    await expect(entryRow(page, "zzz-broken")).toHaveAttribute("aria-selected", "true");
    expect(await colours()).toBe(before);
    await saveScreenshot(page, "walkthrough-selected-row");
  });

  test('Claude Desktop accounts read as "account 1", with the folder in a tooltip, and can be named in Settings', async ({
    page,
  }) => {
    await openCatalog(page, app.url);
    const scan = await app.catalog();
    const titles = desktopAccountTitles(scan.locations);
    const first = scan.locations.find((l) => titles.get(l.id) === "Claude Desktop — account 1")!;
    const heading = page.locator(".group-row", { hasText: "Claude Desktop — account 1" });
    await expect(heading).toHaveAttribute("title", first.path);
    await expect(page.locator(".list")).not.toContainText(first.desktop!.accountTree!.slice(0, 8));

    await page.getByRole("button", { name: "Settings" }).click();
    const accounts = page.getByRole("list", { name: "Claude Desktop accounts" });
    await expect(accounts.getByText("Claude Desktop — account 1")).toHaveAttribute("title", first.path);
    await page.getByLabel("Claude Desktop — account 1").fill("x".repeat(61));
    await accounts.getByRole("button", { name: "Save name" }).first().click();
    await expect(accounts.getByRole("alert")).toContainText("at most 60 characters");
    await page.getByLabel("Claude Desktop — account 1").fill("Work");
    await accounts.getByRole("button", { name: "Save name" }).first().click();
    await expect(page.getByRole("status").filter({ hasText: "Account name saved." })).toHaveCount(1);
    await saveScreenshot(page, "walkthrough-account-names");

    await page.getByRole("button", { name: "Settings" }).click();
    await expect(page.locator(".group-row", { hasText: "Claude Desktop — Work" })).toHaveAttribute("title", first.path);
    await expect(page.locator(".group-row", { hasText: "Claude Desktop — account 1" })).toHaveCount(0);
    const settings = await app.call("settings:get");
    expect(settings.accountNames).toEqual({ [first.desktop!.accountTree!]: "Work" });
  });

  test("drift: two copies of a skill compared side by side, SKILL.md line by line", async ({ page }) => {
    await openCatalog(page, app.url);
    const scan = await app.catalog();
    const here = scan.skills.find((s) => s.name === "team-report" && s.client === "claude-code")!;
    const there = scan.skills.find((s) => s.name === "team-report" && s.client === "cursor")!;
    expect(here.drift).toContain(there.dir);
    await search(page).fill("team-report claude code");
    await entryRow(page, "team-report").first().click();
    await page.getByRole("button", { name: `Compare with the copy at ${there.dir}` }).click();
    const compare = page.getByTestId("copy-compare");
    await expect(compare).toContainText("1 file differs; 0 files are the same.");
    await expect(compare.locator('.compare-files tr[data-status="changed"]')).toContainText("SKILL.md");
    const diff = compare.getByRole("region", { name: "Differences in SKILL.md" });
    const changed = diff.locator("tr.diff-changed");
    await expect(changed.filter({ hasText: "Summarise what shipped this week." }).locator("td").first()).toHaveText(
      "Removed: Summarise what shipped this week.",
    );
    await expect(changed.filter({ hasText: "Summarise what shipped this week." }).locator("td").nth(1)).toHaveText(
      "Added: Summarise what shipped this week, then list the risks.",
    );
    await expect(changed.filter({ hasText: "1.0.0" }).locator("td").nth(1)).toContainText('version: "1.1.0"');
    await saveScreenshot(page, "walkthrough-drift-compare");
    const refused = await app.call("skill:compare", here.dir, app.root).catch((e: Error) => e.message);
    expect(refused).toMatch(/Only copies of skills in the catalog can be compared/);
    await compare.getByRole("button", { name: "Close comparison" }).click();
    await expect(compare).toHaveCount(0);
  });
});
