// Add skill in a real browser against the web host, as a flow in the main pane: an archive picked in the file field is
// uploaded (named by its file name) and added, a slow download shows its progress and Cancel leaves nothing, and a
// skill of the same name already there is a question (both versions shown, no flag) answered per client: Keep mine
// for the shared folder still adds Cursor's link, then Replace; axe finds no serious violation, light and dark.
import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { lstat, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { MINIMUM_WINDOW_SIZE } from "../shared/window-size";
import { startReleaseServer, type RunningReleaseServer } from "../test-support/servers/release-server";
import { makeTempDir, writeTree } from "../test-support/tmp";
import { startAppHost, type AppHost } from "./support/app-host";
import { axeClean } from "./support/axe-clean";
import { entryRow, openCatalog, saveScreenshot } from "./support/page";

const SKILL = (name: string, version: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill. Use when testing.\nmetadata:\n  version: "${version}"\n---\n\n# ${name} ${version}\n`;
/** Add is checked at the widest common window and at the smallest (Electron's minimum). */
const WIDTHS = [1280, MINIMUM_WINDOW_SIZE.width] as const;
/** Opens the catalog and its Add flow in the main pane. */
async function openAdd(page: import("@playwright/test").Page, url: string): Promise<void> {
  await openCatalog(page, url);
  await page.getByRole("button", { name: "Add skill…" }).click();
  await expect(page.getByRole("heading", { name: "Add a skill" })).toBeFocused();
}
const gone = async (p: string) => (await lstat(p).catch(() => null)) === null;

test.describe("Add skill: upload, progress and Cancel, conflicts", () => {
  let app: AppHost;
  let server: RunningReleaseServer;
  let data: { dir: string; cleanup: () => Promise<void> };
  let dataDir: string;
  test.beforeAll(async () => {
    // 4 MiB in 4 KiB pieces 200 ms apart: the download runs for minutes (until cancelled), however loaded the machine.
    server = await startReleaseServer({ releases: {}, throttleAssets: { chunkBytes: 4096, pauseMs: 200 } });
    server.setRelease("acme/big", {
      tag: "v1",
      assets: {
        "big.zip": zipSync(
          { "big/SKILL.md": strToU8(SKILL("big", "1.0.0")), "big/data.bin": randomBytes(4 << 20) },
          { level: 0 },
        ),
      },
    });
    data = await makeTempDir("skillshelf-e2e-data-");
    dataDir = data.dir;
    app = await startAppHost({
      platform: "linux",
      fixtureHome: false,
      env: { SKILLSHELF_DATA_DIR: dataDir },
      prepare: async (root, home) => {
        await writeFile(
          path.join(root, "packed.zip"),
          zipSync({ "packed/SKILL.md": strToU8(SKILL("packed", "1.0.0")) }),
        );
        await writeTree(path.join(root, "src", "tidy"), { "SKILL.md": SKILL("tidy", "2.0.0") });
        await writeTree(path.join(home, ".agents", "skills", "tidy"), { "SKILL.md": SKILL("tidy", "1.0.0") });
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
    await server?.close();
    await data?.cleanup();
  });

  test("an archive picked in the file field is uploaded and added", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await openAdd(page, app.url);
    const field = page.getByLabel(/^Or upload an archive/);
    // The file field is a button like the others, not the browser's bare "Choose File".
    expect(await field.evaluate((el) => el.parentElement!.className)).toContain("button");
    await field.setInputFiles(path.join(app.root, "packed.zip"));
    const plan = page.getByTestId("add-plan");
    await expect(plan).toContainText(path.join(app.home, ".agents", "skills", "packed"), { timeout: 60_000 });
    await expect(plan).toContainText("1 skill in packed.zip");
    await expect(page.locator(".add-skill")).not.toContainText("staging");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Added packed." })).toBeVisible({ timeout: 60_000 });
    await expect(entryRow(page, "packed").first()).toBeVisible({ timeout: 60_000 });
    expect(await readFile(path.join(app.home, ".agents", "skills", "packed", "SKILL.md"), "utf8")).toContain(
      "packed 1.0.0",
    );
  });

  test("a download shows its progress and Cancel leaves nothing", async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await openAdd(page, app.url);
    await page.getByLabel(/^From/).fill(`${server.url}/download/acme/big/v1/big.zip`);
    await page.getByRole("button", { name: "Show what it adds" }).click();
    const progress = page.getByTestId("add-progress");
    await expect(progress).toContainText(/Downloading the source: \d+%/, { timeout: 60_000 });
    await expect(page.getByRole("progressbar", { name: "Add progress" })).toBeVisible();
    await axeClean(page, "add-progress", { widths: WIDTHS, screenshot: "manage" });
    await progress.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Cancelled; nothing was added." })).toBeVisible({
      timeout: 60_000,
    });
    await expect(progress).toHaveCount(0);
    expect(await gone(path.join(app.home, ".agents", "skills", "big"))).toBe(true);
    const staging = await readdir(path.join(dataDir, "staging")).catch(() => [] as string[]);
    expect(staging.filter((n) => n.startsWith("add-"))).toEqual([]);
  });

  test("a skill of the same name already there: Keep mine still adds Cursor, then Replace", async ({ page }) => {
    test.setTimeout(120_000);
    const mine = path.join(app.home, ".agents", "skills", "tidy", "SKILL.md");
    const ask = async (width: number) => {
      await page.setViewportSize({ width, height: width === 800 ? 600 : 900 });
      await openAdd(page, app.url);
      await page.getByLabel(/^From/).fill(path.join(app.root, "src", "tidy"));
      await page.getByRole("button", { name: "Show what it adds" }).click();
      await page.getByRole("checkbox", { name: "Claude Code" }).uncheck();
      await page.getByRole("checkbox", { name: "Shared agents folder" }).check();
      await page.getByRole("checkbox", { name: "Cursor" }).check();
    };
    await ask(1280);
    const question = page.getByRole("region", { name: "4. Something is already there" });
    await expect(question).toContainText("Version1.0.02.0.0", { timeout: 60_000 });
    await expect(question).toContainText("Came fromnot recorded");
    await expect(question).toContainText("SKILL.md — different");
    await expect(page.locator(".add-skill")).not.toContainText("--replace");
    await expect(page.getByTestId("add-places")).toContainText("Cursor: will get a link to the one copy");
    await question.getByText("1 file differs").click();
    await question.scrollIntoViewIfNeeded();
    await saveScreenshot(page, "addui-1280-conflict");
    await axeClean(page, "add-conflict", { widths: WIDTHS, screenshot: "manage" });
    await question.getByRole("radio", { name: "Keep mine" }).check();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const result = page.getByTestId("add-result");
    await expect(result).toContainText("Shared agents folder: yours is kept as it is", { timeout: 60_000 });
    await expect(result).toContainText("Cursor: added, as a link to the one copy");
    await expect(result.getByRole("status")).toHaveText("Added tidy.");
    expect(await readFile(mine, "utf8")).toContain("tidy 1.0.0");
    expect((await lstat(path.join(app.home, ".cursor", "skills", "tidy"))).isSymbolicLink()).toBe(true);
    await expect(page.locator('[role="option"][aria-selected="true"] .entry-name')).toHaveText("tidy");
    await saveScreenshot(page, "addui-1280-result");

    await ask(800);
    await expect(question).toContainText("Version1.0.02.0.0", { timeout: 60_000 });
    await saveScreenshot(page, "addui-800-conflict");
    await question.getByRole("radio", { name: /Use the new one/ }).check();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(result).toContainText("Yours is kept as a backup at", { timeout: 60_000 });
    await expect(result).toContainText("Shared agents folder: replaced by the new one");
    expect(await readFile(mine, "utf8")).toContain("tidy 2.0.0");
    await saveScreenshot(page, "addui-800-result");
  });
});
