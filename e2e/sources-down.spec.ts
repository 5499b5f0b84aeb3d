// Updates a person can finish when a source goes down, against the web host: a skill-meta server added in Settings
// (tried at once, its state shown), a GitHub look-alike that starts answering 503, and an address nothing answers.
// Known updates stay with their time, what failed is named once, and a plugin's release is one row, counted once.
import { expect, test, type Page } from "@playwright/test";
import { createServer } from "node:net";
import path from "node:path";
import { startReleaseServer, type RunningReleaseServer } from "../test-support/servers/release-server";
import { startSkillMetaServer, type RunningSkillMetaServer } from "../test-support/servers/skill-meta-server";
import { writeTree } from "../test-support/tmp";
import { startAppHost, type AppHost } from "./support/app-host";
import { saveScreenshot } from "./support/page";

test.describe.configure({ timeout: 180_000 });

const skill = (name: string, version: string | null, repo?: string) =>
  [
    "---",
    `name: ${name}`,
    `description: Helps with ${name}.`,
    ...(version || repo ? ["metadata:"] : []),
    ...(version ? [`  version: "${version}"`] : []),
    ...(repo ? [`  repository: https://github.com/${repo}`] : []),
    "---",
    `# ${name}`,
    "",
  ].join("\n");

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let releases: RunningReleaseServer;
let meta: RunningSkillMetaServer;
let app: AppHost;

test.beforeAll(async () => {
  releases = await startReleaseServer({
    releases: { "acme/weather": { tag: "v1.1.0" }, "acme/security-kit": { tag: "v1.1.0" } },
  });
  meta = await startSkillMetaServer({ skill: "notes", latest: "2.0.0" });
  app = await startAppHost({
    platform: "linux",
    fixtureHome: false,
    env: { SKILLSHELF_GITHUB_API: releases.url },
    prepare: async (_root, home) => {
      const claude = path.join(home, ".claude");
      const kit = path.join(claude, "plugins", "cache", "acme-market", "security-kit", "1.0.0");
      await writeTree(claude, {
        "skills/weather/SKILL.md": skill("weather", "1.0.0", "acme/weather"),
        "skills/notes/SKILL.md": skill("notes", "1.0.0"),
      });
      await writeTree(kit, {
        ".claude-plugin/plugin.json": JSON.stringify({
          name: "security-kit",
          version: "1.0.0",
          description: "Security checks.",
          repository: "https://github.com/acme/security-kit",
        }),
        "skills/dependency-audit/SKILL.md": skill("dependency-audit", null),
        "skills/secret-scanner/SKILL.md": skill("secret-scanner", null),
      });
      await writeTree(claude, {
        "plugins/installed_plugins.json": JSON.stringify({
          version: 2,
          plugins: { "security-kit@acme-market": [{ scope: "user", installPath: kit, version: "1.0.0" }] },
        }),
      });
    },
  });
});
test.afterAll(async () => {
  await app?.close();
  await meta?.close();
  await releases?.close();
});

async function addServer(page: Page, url: string): Promise<void> {
  await page.getByRole("button", { name: "Settings" }).click();
  await page.getByLabel("Server address").fill(url);
  await page.getByRole("button", { name: "Add server" }).click();
}
async function checkNow(page: Page): Promise<void> {
  await page.getByRole("button", { name: /^Updates/ }).click();
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByRole("button", { name: "Check now" })).toBeEnabled({ timeout: 60_000 });
}

test("known updates stay when GitHub fails, each source says what failed, and a plugin counts once", async ({
  page,
}) => {
  await page.goto(app.url);
  await expect(page.getByRole("listbox", { name: "Catalog" })).toBeVisible({ timeout: 60_000 });

  // A server added in Settings is tried at once and says for which skills it answers.
  await addServer(page, meta.url);
  const added = page.getByRole("list", { name: "Added servers" });
  await expect(added.locator('[data-server-state="answering"]')).toHaveText("Answering for notes.", {
    timeout: 30_000,
  });

  await checkNow(page);
  const heading = page.locator("#pending-title");
  await expect(heading).toHaveText("3 updates available");
  await expect(page.locator(".tab-count")).toHaveText("3");
  const kit = page.locator('[data-plugin="security-kit"]');
  await expect(kit).toContainText("security-kit (plugin)");
  await expect(kit).toContainText("1.0.0 → 1.1.0");
  await expect(kit).toContainText("Updates its skills dependency-audit, secret-scanner.");
  await expect(kit).toContainText("/plugin");
  await expect(kit.getByRole("button", { name: /^Update/ })).toHaveCount(0);
  await expect(page.locator(".update-item h3", { hasText: /^dependency-audit$/ })).toHaveCount(0);
  await expect(page.locator(".updates-head p.muted")).toHaveText(/^Checked .*\.$/);

  // GitHub answers 503: the known answers stay, with their time, and the failure is named once.
  releases.setBehaviour("server-error");
  await checkNow(page);
  await expect(heading).toHaveText("3 updates available");
  await expect(page.locator(".tab-count")).toHaveText("3");
  const status = page.locator(".updates-head p.muted");
  await expect(status).toContainText("GitHub could not be reached.");
  await expect(page.getByText("GitHub could not be reached")).toHaveCount(1);
  await expect(page.getByText(/Couldn't check/)).toHaveCount(0);
  await expect(page.locator(".update-item", { hasText: "weather" })).toContainText(/as of \d/);
  // notes' server names a version but no file: only weather can be updated, so Update all counts one.
  await expect(page.getByRole("button", { name: "Update all… (1)", exact: true })).toBeVisible();
  await saveScreenshot(page, "sources-down-github");

  // An address nothing answers: Settings says so at once, and the next check names it.
  const gone = `http://127.0.0.1:${await closedPort()}/mcp`;
  await addServer(page, gone);
  await expect(added.locator('[data-server-state="unreachable"]')).toContainText("Unreachable.", { timeout: 30_000 });
  await saveScreenshot(page, "sources-down-settings");
  releases.setBehaviour("normal");
  await checkNow(page);
  await expect(status).toContainText(`the server at ${gone.replace("http://", "")} could not be reached`);
  await expect(heading).toHaveText("3 updates available");
  await saveScreenshot(page, "sources-down-server");
});
