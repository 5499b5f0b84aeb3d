// Local (stdio) servers in Settings, in the browser against the web host: the exact command is listed, nothing starts
// before the person at the serve terminal confirms that command (with the code it printed), and Revoke stops it again.
import { expect, test } from "@playwright/test";
import { makeTempDir } from "../test-support/tmp";
import { alphaLatest, STDIO_SERVER_SCRIPT, writeStdioSkillAndConfig } from "../electron/handlers/testing/stdio-home";
import { startAppHost, type AppHost } from "./support/app-host";
import { openCatalog, saveScreenshot } from "./support/page";

test.describe("local servers in Settings", () => {
  let app: AppHost;
  let config: { dir: string; cleanup: () => Promise<void> };
  test.beforeAll(async () => {
    config = await makeTempDir("skillshelf-e2e-config-");
    app = await startAppHost({
      platform: "linux",
      fixtureHome: false,
      env: { SKILLSHELF_CONFIG_DIR: config.dir, SKILLSHELF_GITHUB_API: "http://127.0.0.1:9/" },
      prepare: async (_root, home) => {
        await writeStdioSkillAndConfig(home);
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
    await config?.cleanup();
  });

  const latest = async () => alphaLatest(await app.call("updates:check", true));

  test("lists the exact command and starts it only after Approve with the terminal's code", async ({ page }) => {
    await openCatalog(page, app.url);
    await page.getByRole("button", { name: "Settings" }).click();
    const section = page.getByRole("region", { name: "Local servers" });
    const list = section.getByRole("list", { name: "Local servers" });
    await expect(list).toContainText("alpha-meta");
    await expect(list).toContainText(`${process.execPath} ${STDIO_SERVER_SCRIPT} alpha 2.0.0`);
    await expect(list).toContainText("SKILL_META_TOKEN");
    await expect(list).not.toContainText("expected");
    await expect(list).toContainText("Not approved");
    expect(await latest()).toBeNull();

    await section.getByRole("button", { name: /^Approve alpha-meta/ }).click();
    const code = await app.nextConsentCode();
    expect(app.output()).toContain(`${STDIO_SERVER_SCRIPT} alpha 2.0.0`);
    expect(await latest()).toBeNull();
    await section.getByLabel("Code from the terminal for alpha-meta").fill(code);
    await section.getByRole("button", { name: "Confirm" }).click();
    await expect(list).toContainText("Approved");
    await expect(page.getByRole("status").filter({ hasText: "alpha-meta approved." })).toHaveCount(1);
    await saveScreenshot(page, "settings-local-servers");
    expect(await latest()).toBe("2.0.0");

    await section.getByRole("button", { name: "Revoke approval of alpha-meta" }).click();
    await expect(list).toContainText("Not approved");
    expect(await latest()).toBeNull();
  });
});
