// "Check for updates" asks the network each time it is clicked: a release tagged after the last check is badged at
// once (not after the 24 h cache), and an unchanged release is revalidated with a 304.
import { expect, test } from "@playwright/test";
import path from "node:path";
import { startReleaseServer, type RunningReleaseServer } from "../test-support/servers/release-server";
import { writeTree } from "../test-support/tmp";
import { startAppHost, type AppHost } from "./support/app-host";
import { entryRow, openCatalog } from "./support/page";

const skill = (name: string, version: string) =>
  `---\nname: ${name}\ndescription: Builds ${name} reports.\nmetadata:\n  version: "${version}"\n  repository: https://github.com/acme/${name}\n---\n# ${name}\n`;

test.describe("check now", () => {
  let releases: RunningReleaseServer;
  let app: AppHost;
  test.beforeAll(async () => {
    releases = await startReleaseServer({ releases: { "acme/weather": { tag: "v1.0.0" } } });
    app = await startAppHost({
      platform: "linux",
      fixtureHome: false,
      env: { SKILLSHELF_GITHUB_API: releases.url },
      prepare: async (root) => {
        const lib = path.join(root, "library");
        await writeTree(lib, { "weather/SKILL.md": skill("weather", "1.0.0") });
        return [lib];
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
    await releases?.close();
  });

  test("a release tagged after the last check is badged on the next click", async ({ page }) => {
    await openCatalog(page, app.url);
    const check = page.getByRole("button", { name: "Check for updates" });
    await check.click();
    await expect(check).toBeEnabled();
    await expect(entryRow(page, "weather").locator(".badge.update")).toHaveCount(0);
    const asked = releases.stats.apiRequests;
    expect(asked).toBeGreaterThanOrEqual(1);

    releases.setRelease("acme/weather", { tag: "v1.1.0" });
    await check.click();
    await expect(entryRow(page, "weather").locator(".badge.update")).toHaveText("update 1.1.0");
    expect(releases.stats.apiRequests).toBe(asked + 1);

    const unchanged = releases.stats.notModified;
    await check.click();
    await expect.poll(() => releases.stats.notModified).toBe(unchanged + 1);
    await expect(entryRow(page, "weather").locator(".badge.update")).toHaveText("update 1.1.0");
  });
});
