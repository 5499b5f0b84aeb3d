// Settings in the browser: a server added by URL (with a secret header) answers the next "Check for updates", the
// token goes in and never comes back, and the settings file is private (0600) while the page holds no secret; a GitHub
// address is asked at once whether it answers as GitHub's API (the look-alike on 127.0.0.1), kept and put back.
import { expect, test } from "@playwright/test";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { startReleaseServer } from "../test-support/servers/release-server";
import { startSkillMetaServer, type RunningSkillMetaServer } from "../test-support/servers/skill-meta-server";
import { makeTempDir, writeTree } from "../test-support/tmp";
import { startAppHost, type AppHost } from "./support/app-host";
import { entryRow, openCatalog, saveScreenshot } from "./support/page";

const HEADER_SECRET = "Bearer e2e-header-secret-4711";
const TOKEN = "ghp_e2eTokenThatMustNotShow0815";
const agentkey = [
  "---",
  "name: agentkey",
  "description: Signs requests with the team's key.",
  "metadata:",
  '  version: "1.0.0"',
  "---",
  "# agentkey",
  "",
].join("\n");

test.describe("settings", () => {
  let meta: RunningSkillMetaServer;
  let app: AppHost;
  let config: { dir: string; cleanup: () => Promise<void> };
  test.beforeAll(async () => {
    meta = await startSkillMetaServer({
      skill: "agentkey",
      latest: "1.3.0",
      requireHeaders: { authorization: HEADER_SECRET },
    });
    config = await makeTempDir("skillshelf-e2e-config-");
    app = await startAppHost({
      platform: "linux",
      fixtureHome: false,
      env: { SKILLSHELF_CONFIG_DIR: config.dir },
      prepare: async (_root, home) =>
        void (await writeTree(path.join(home, ".claude", "skills"), { "agentkey/SKILL.md": agentkey })),
    });
  });
  test.afterAll(async () => {
    await app?.close();
    await meta?.close();
    await config?.cleanup();
  });

  test("a server added by URL answers the next check; secrets never come back to the page", async ({ page }) => {
    const settingsFile = path.join(config.dir, "settings.json");
    await openCatalog(page, app.url);
    await expect(entryRow(page, "agentkey")).toBeVisible();
    await page.getByRole("button", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();

    await page.getByLabel("Server address").fill("ftp://files.example/mcp");
    await page.getByRole("button", { name: "Add server" }).click();
    await expect(page.locator("#server-error")).toHaveText("Only http:// and https:// addresses can be used.");

    await page.getByLabel("Server address").fill(meta.url);
    await page.getByLabel("Headers (optional)").fill("Authorization\n");
    await page.getByRole("button", { name: "Add server" }).click();
    await expect(page.locator("#server-error")).toContainText("Header line 1 has no colon");

    await page.getByLabel("Headers (optional)").fill(`Authorization: ${HEADER_SECRET}`);
    await page.getByRole("button", { name: "Add server" }).click();
    const servers = page.getByRole("list", { name: "Added servers" });
    await expect(servers).toContainText(meta.url);
    await expect(servers).toContainText("Authorization: ••••");
    await expect(page.getByLabel("Server address")).toHaveValue("");
    await expect(page.getByLabel("Headers (optional)")).toHaveValue("");

    await page.getByLabel("Token", { exact: true }).fill(TOKEN);
    await page.getByRole("button", { name: "Save token" }).click();
    await expect(page.getByText("A token is saved.")).toBeVisible();
    await expect(page.getByLabel("Token", { exact: true })).toHaveCount(0);

    await page.getByLabel("Check automatically every").fill("12");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Check interval saved." })).toHaveCount(1);
    await saveScreenshot(page, "settings");

    const html = await page.content();
    expect(html).not.toContain("e2e-header-secret");
    expect(html).not.toContain(TOKEN);
    expect((await stat(settingsFile)).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(await readFile(settingsFile, "utf8")) as Record<string, unknown>;
    expect(saved).toMatchObject({
      version: 1,
      githubToken: TOKEN,
      pollHours: 12,
      servers: [{ url: meta.url, headers: { Authorization: HEADER_SECRET } }],
    });
    const publicView = JSON.stringify(await app.call("settings:get"));
    expect(publicView).not.toContain("e2e-header-secret");
    expect(publicView).not.toContain(TOKEN);

    // A server is tried once when it is added (Settings shows whether it answers), with its headers.
    const triedWhenAdded = meta.stats.toolCalls;
    expect(triedWhenAdded).toBe(1);
    await page.getByRole("button", { name: "Catalog" }).click();
    await page.getByRole("button", { name: "Check for updates" }).click();
    await expect(entryRow(page, "agentkey").locator(".badge.update")).toHaveText("update 1.3.0");
    expect(meta.stats.toolCalls).toBeGreaterThan(triedWhenAdded);
    expect(meta.stats.headers.every((headers) => headers.authorization === HEADER_SECRET)).toBe(true);

    await page.reload();
    await page.getByRole("button", { name: "Settings" }).click();
    await expect(page.getByText("A token is saved.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Added servers" })).toContainText("Authorization: ••••");
    const reloaded = await page.content();
    expect(reloaded).not.toContain("e2e-header-secret");
    expect(reloaded).not.toContain(TOKEN);

    await page.getByRole("button", { name: `Remove ${meta.url}` }).click();
    await expect(page.getByText("No servers added yet.")).toBeVisible();
    await page.getByRole("button", { name: "Clear", exact: true }).click();
    await expect(page.getByLabel("Token", { exact: true })).toBeVisible();
    expect(JSON.parse(await readFile(settingsFile, "utf8"))).toMatchObject({ servers: [], pollHours: 12 });
    expect(await readFile(settingsFile, "utf8")).not.toContain(TOKEN);
  });

  test("a GitHub address is asked at once whether it answers as GitHub's API, kept, and put back", async ({ page }) => {
    const github = await startReleaseServer();
    try {
      const settingsFile = path.join(config.dir, "settings.json");
      await openCatalog(page, app.url);
      await page.getByRole("button", { name: "Settings" }).click();
      await page.getByLabel("API address").fill("http://github.example.com/api/v3");
      await page.getByRole("button", { name: "Save address" }).click();
      await expect(page.locator("#github-api-error")).toContainText("use an https:// address");

      // Saved, then asked at once: nothing answers as GitHub's API there.
      await page.getByLabel("API address").fill(`${github.url}/api/v3`);
      await page.getByRole("button", { name: "Save address" }).click();
      await expect(page.locator("[data-github-state]")).toContainText("Nothing there answers as GitHub's API");
      await page.getByRole("button", { name: "Use github.com" }).click();

      await page.getByLabel("API address").fill(github.url);
      await page.getByRole("button", { name: "Save address" }).click();
      await expect(page.getByText("Releases are looked up at")).toContainText(github.url);
      await expect(page.locator("[data-github-state]")).toHaveText("Answers as GitHub's API.");
      expect(JSON.parse(await readFile(settingsFile, "utf8"))).toMatchObject({ githubApi: github.url });

      await page.reload();
      await page.getByRole("button", { name: "Settings" }).click();
      await expect(page.getByText("Releases are looked up at")).toContainText(github.url);
      await page.getByRole("button", { name: "Ask it now" }).click();
      await expect(page.locator("[data-github-state]")).toHaveText("Answers as GitHub's API.");
      await page.getByRole("button", { name: "Use github.com" }).click();
      await expect(page.getByLabel("API address")).toBeVisible();
      expect(JSON.parse(await readFile(settingsFile, "utf8"))).not.toHaveProperty("githubApi");
    } finally {
      await github.close();
    }
  });

  test("the Settings button is reachable from the keyboard", async ({ page }) => {
    await openCatalog(page, app.url);
    const button = page.getByRole("button", { name: "Settings" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await expect(button).toHaveAttribute("aria-pressed", "true");
  });
});
