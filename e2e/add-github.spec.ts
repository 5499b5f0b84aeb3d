// Adding from `owner/repo` in a real browser against the web host, whose GitHub API is the loopback look-alike serving
// a real repository folder as its tarball: at 800×600, from the source field in the main pane to the new skill
// selected in the list, every step in view where it appears; axe finds no serious violation in the result.
import { expect, test, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { MINIMUM_WINDOW_SIZE } from "../shared/window-size";
import { startReleaseServer, type RunningReleaseServer } from "../test-support/servers/release-server";
import { makeTempDir, writeTree } from "../test-support/tmp";
import { startAppHost, type AppHost } from "./support/app-host";
import { axeClean } from "./support/axe-clean";
import { openCatalog, saveScreenshot } from "./support/page";

const NAME = "weather-brief";
const SKILL = `---\nname: ${NAME}\ndescription: Writes a short weather brief. Use when planning a day out.\nmetadata:\n  version: "1.4.0"\n---\n\n# Weather brief\n\nSay what to wear.\n`;

/** The Add flow sits in the main pane, right of the list, not in the sidebar. */
async function addIsInTheMainPane(page: Page): Promise<void> {
  const add = (await page.locator(".add-skill").boundingBox())!;
  const list = (await page.locator(".list-pane").boundingBox())!;
  expect(await page.locator(".sidebar .add-skill").count()).toBe(0);
  expect(add.x).toBeGreaterThanOrEqual(list.x + list.width - 1);
  expect(add.x + add.width).toBeLessThanOrEqual(MINIMUM_WINDOW_SIZE.width + 0.5);
}

test.describe("Add from owner/repo through the GitHub look-alike", () => {
  let app: AppHost;
  let github: RunningReleaseServer;
  let repo: { dir: string; cleanup: () => Promise<void> };
  let data: { dir: string; cleanup: () => Promise<void> };
  test.beforeAll(async () => {
    data = await makeTempDir("skillshelf-e2e-data-");
    github = await startReleaseServer({ releases: {} });
    repo = await makeTempDir("skillshelf-e2e-repo-");
    await writeTree(repo.dir, {
      "README.md": "# Acme's skills\n",
      [`skills/${NAME}/SKILL.md`]: SKILL,
      [`skills/${NAME}/references/layers.md`]: "# Layers\n\nWool, then a shell.\n",
    });
    await github.trees.setRepo("acme/outdoor-skills", { dir: repo.dir });
    app = await startAppHost({
      platform: "linux",
      env: { SKILLSHELF_GITHUB_API: github.url, SKILLSHELF_DATA_DIR: data.dir },
    });
  });
  test.afterAll(async () => {
    await app?.close();
    await github?.close();
    await repo?.cleanup();
    await data?.cleanup();
  });

  test("owner/repo at 800×600: source, what was found, where it goes, Add, the new skill selected", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(MINIMUM_WINDOW_SIZE);
    await openCatalog(page, app.url);
    await page.getByRole("button", { name: "Add skill…" }).click();
    const title = page.getByRole("heading", { name: "Add a skill" });
    await expect(title).toBeFocused();
    await expect(title).toBeInViewport();
    await addIsInTheMainPane(page);
    const from = page.getByLabel(/^From/);
    await expect(from).toBeInViewport();
    await from.fill("acme/outdoor-skills");
    await page.getByRole("button", { name: "Show what it adds" }).click();

    const found = page.getByRole("region", { name: "2. What was found" });
    await expect(found.getByRole("heading")).toBeFocused({ timeout: 60_000 });
    await expect(found.getByRole("heading")).toBeInViewport();
    await expect(found).toContainText("1 skill in https://github.com/acme/outdoor-skills");
    await expect(found).toContainText(`${NAME} · version 1.4.0`);
    await expect(found).toContainText("Clients can read it");
    expect(github.trees.stats.tarballRequests).toBeGreaterThan(0);
    // In a person's words: the repository as GitHub names it, never the API's address, the tarball or staging.
    await expect(page.locator(".add-skill")).not.toContainText(new URL(github.url).host);
    await expect(page.locator(".add-skill")).not.toContainText(/tarball|staging|unpacked/);
    await saveScreenshot(page, "add-github-800-found");

    const where = page.getByRole("region", { name: "3. Where it goes" });
    await where.scrollIntoViewIfNeeded();
    await expect(where).toBeInViewport();
    await where.getByRole("checkbox", { name: "Cursor" }).check();
    const places = page.getByTestId("add-places");
    await expect(places).toContainText(path.join(app.home, ".agents", "skills", NAME));
    await expect(places).toContainText("Cursor: will get a link to the one copy");
    const add = page.getByRole("button", { name: "Add", exact: true });
    await add.scrollIntoViewIfNeeded();
    await expect(add).toBeInViewport();
    await addIsInTheMainPane(page);
    await add.click();

    const result = page.getByTestId("add-result");
    await expect(result.getByRole("status")).toHaveText(`Added ${NAME}.`, { timeout: 60_000 });
    await expect(result.getByRole("heading", { name: `Added ${NAME}` })).toBeFocused();
    await expect(result.getByRole("heading", { name: `Added ${NAME}` })).toBeInViewport();
    await expect(result).toContainText("Cursor: added, as a link to the one copy");
    const selected = page.locator('[role="option"][aria-selected="true"]');
    await expect(selected.locator(".entry-name")).toHaveText(NAME, { timeout: 30_000 });
    await expect(selected).toBeInViewport();
    expect(await readFile(path.join(app.home, ".agents", "skills", NAME, "references", "layers.md"), "utf8")).toContain(
      "Wool, then a shell.",
    );
    await saveScreenshot(page, "add-github-800-result");
    await axeClean(page, "add-github-result", { widths: [1280, MINIMUM_WINDOW_SIZE.width], screenshot: "add-github" });

    await page.setViewportSize(MINIMUM_WINDOW_SIZE);
    await result.getByRole("button", { name: `Show ${NAME}` }).click();
    await expect(page.locator("#detail-title")).toHaveText(NAME);
    await expect(page.locator("#detail-title")).toBeFocused();
    await expect(page.locator("#detail-title")).toBeInViewport();
  });
});
