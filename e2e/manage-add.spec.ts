// Add skill in a real browser against the web host: an archive picked in the file field is uploaded and added, a slow
// download shows its progress and Cancel leaves nothing, and a skill of the same name already there is a question
// (both versions shown) answered with Keep mine or Replace; axe finds no serious violation, light and dark.
import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { lstat, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { startReleaseServer, type RunningReleaseServer } from "../test-support/servers/release-server";
import { makeTempDir, writeTree } from "../test-support/tmp";
import { startAppHost, type AppHost } from "./support/app-host";
import { axeClean } from "./support/axe-clean";
import { entryRow, openCatalog } from "./support/page";

const SKILL = (name: string, version: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill. Use when testing.\nmetadata:\n  version: "${version}"\n---\n\n# ${name} ${version}\n`;
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
    await openCatalog(page, app.url);
    await page.getByLabel(/^Or upload an archive/).setInputFiles(path.join(app.root, "packed.zip"));
    const plan = page.getByTestId("add-plan");
    await expect(plan).toContainText(path.join(app.home, ".agents", "skills", "packed"), { timeout: 60_000 });
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
    await openCatalog(page, app.url);
    await page.getByLabel(/^From/).fill(`${server.url}/download/acme/big/v1/big.zip`);
    await page.getByRole("button", { name: "Show what it adds" }).click();
    const progress = page.getByTestId("add-progress");
    await expect(progress).toContainText(/Downloading the source: \d+%/, { timeout: 60_000 });
    await expect(page.getByRole("progressbar", { name: "Add progress" })).toBeVisible();
    await axeClean(page, "add-progress", { screenshot: "manage" });
    await progress.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Cancelled; nothing was added." })).toBeVisible({
      timeout: 60_000,
    });
    await expect(progress).toHaveCount(0);
    expect(await gone(path.join(app.home, ".agents", "skills", "big"))).toBe(true);
    const staging = await readdir(path.join(dataDir, "staging")).catch(() => [] as string[]);
    expect(staging.filter((n) => n.startsWith("add-"))).toEqual([]);
  });

  test("a skill of the same name already there is a question: Keep mine, then Replace", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await openCatalog(page, app.url);
    const mine = path.join(app.home, ".agents", "skills", "tidy", "SKILL.md");
    const ask = async () => {
      await page.getByLabel(/^From/).fill(path.join(app.root, "src", "tidy"));
      await page.getByRole("checkbox", { name: "Claude Code" }).uncheck();
      await page.getByRole("checkbox", { name: "Shared agents folder" }).check();
      await page.getByRole("button", { name: "Show what it adds" }).click();
    };
    await ask();
    const question = page.getByRole("region", { name: "Something is already there" });
    await expect(question).toContainText("version 1.0.0", { timeout: 60_000 });
    await expect(question).toContainText("version 2.0.0");
    await axeClean(page, "add-conflict", { screenshot: "manage" });
    await question.getByRole("button", { name: "Keep mine" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Nothing was added" })).toBeVisible();
    expect(await readFile(mine, "utf8")).toContain("tidy 1.0.0");

    await ask();
    await question.getByRole("button", { name: "Replace (keeps a backup)" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Added tidy." })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId("add-plan")).toContainText("The replaced copy is kept at");
    expect(await readFile(mine, "utf8")).toContain("tidy 2.0.0");
  });
});
