// Local (stdio) servers in Settings, in the browser against the web host: the exact command is listed, nothing starts
// before the user approves that command, Approve starts it on the next check, and Revoke stops it again.
import { expect, test } from "@playwright/test";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { makeTempDir, writeTree } from "../test-support/tmp";
import { startAppHost, REPO_ROOT, type AppHost } from "./support/app-host";
import { openCatalog, saveScreenshot } from "./support/page";

const SERVER = path.join(REPO_ROOT, "test-support/servers/stdio-skill-meta-server.mjs");
const alpha = [
  "---",
  "name: alpha",
  "description: Does alpha things.",
  "metadata:",
  '  version: "1.0.0"',
  "---",
  "# alpha",
  "",
].join("\n");

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
        await writeTree(path.join(home, ".claude", "skills"), { "alpha/SKILL.md": alpha });
        const servers = {
          mcpServers: {
            "alpha-meta": {
              command: process.execPath,
              args: [SERVER, "alpha", "2.0.0"],
              env: { SKILL_META_TOKEN: "expected" },
            },
          },
        };
        await writeFile(path.join(home, ".claude.json"), JSON.stringify(servers));
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
    await config?.cleanup();
  });

  const latest = async () => (await app.call("updates:check", true)).find((u) => u.name === "alpha")?.latest ?? null;

  test("lists the exact command and starts it only after Approve", async ({ page }) => {
    await openCatalog(page, app.url);
    await page.getByRole("button", { name: "Settings" }).click();
    const section = page.getByRole("region", { name: "Local servers" });
    const list = section.getByRole("list", { name: "Local servers" });
    await expect(list).toContainText("alpha-meta");
    await expect(list).toContainText(`${process.execPath} ${SERVER} alpha 2.0.0`);
    await expect(list).toContainText("SKILL_META_TOKEN");
    await expect(list).not.toContainText("expected");
    await expect(list).toContainText("Not approved");
    expect(await latest()).toBeNull();

    await section.getByRole("button", { name: /^Approve alpha-meta/ }).click();
    await expect(list).toContainText("Approved");
    await expect(page.getByRole("status").filter({ hasText: "alpha-meta approved." })).toHaveCount(1);
    await saveScreenshot(page, "settings-local-servers");
    expect(await latest()).toBe("2.0.0");

    await section.getByRole("button", { name: "Revoke approval of alpha-meta" }).click();
    await expect(list).toContainText("Not approved");
    expect(await latest()).toBeNull();
  });
});
