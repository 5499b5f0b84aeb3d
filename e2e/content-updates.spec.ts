// Content checks in the browser: skills without a version installed by the `skills` installer (its v3 lock) are
// checked against their folders' git trees on the loopback GitHub-like server; the app badges an outdated folder and a
// folder the user edited, and the skill's overview names the files that changed.
import { expect, test } from "@playwright/test";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { startReleaseServer, type RunningReleaseServer } from "../test-support/servers/release-server";
import { writeTree } from "../test-support/tmp";
import { installFromUpstream } from "../test-support/skills-installer";
import { startAppHost, type AppHost } from "./support/app-host";
import { entryRow, openCatalog, saveScreenshot } from "./support/page";

const SKILL = (name: string, text = "Do it.") =>
  `---\nname: ${name}\ndescription: Skill ${name}. Use it in tests.\n---\n\n${text}\n`;

test.describe("content checks of skills without a version", () => {
  let server: RunningReleaseServer;
  let app: AppHost;
  test.beforeAll(async () => {
    server = await startReleaseServer();
    app = await startAppHost({
      platform: "linux",
      fixtureHome: false,
      env: { SKILLSHELF_GITHUB_API: server.url },
      prepare: async (root, home) => {
        const upstream = path.join(root, "upstream");
        await writeTree(upstream, {
          "skills/fresh/SKILL.md": SKILL("fresh"),
          "skills/moved/SKILL.md": SKILL("moved"),
          "skills/edited/SKILL.md": SKILL("edited"),
        });
        await installFromUpstream(home, upstream, ["fresh", "moved", "edited"]);
        await writeTree(upstream, { "skills/moved/scripts/run.sh": "echo new\n" });
        await writeFile(path.join(home, ".agents", "skills", "edited", "SKILL.md"), SKILL("edited", "My own words."));
        await server.trees.setRepo("acme/skills", { dir: upstream });
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  test("check now badges the moved folder and the edited one, and the overview lists the changed files", async ({
    page,
  }) => {
    await openCatalog(page, app.url);
    await page.getByRole("button", { name: "Check for updates" }).click();
    await expect(entryRow(page, "moved").locator(".badge.update")).toHaveText("update");
    await expect(entryRow(page, "edited").locator(".badge.warning")).toHaveText("changed locally");
    await expect(entryRow(page, "fresh").locator(".badge.update")).toHaveCount(0);
    expect(server.trees.stats.treeRequests).toBe(1);

    await entryRow(page, "edited").click();
    await expect(page.locator(".update-state")).toContainText("an update would overwrite these changes");
    await expect(page.getByTestId("update-content")).toContainText("Changed here since it was installed");
    await expect(page.locator(".changed-files li")).toHaveText(["SKILL.md"]);
    await expect(page.locator(".update-plan")).toContainText("Keep your changes, or update anyway");
    await expect(page.locator(".update-plan").getByRole("button")).toHaveText([
      "Update anyway (my version is kept as a backup)",
    ]);
    await expect(page.locator(".overview")).not.toContainText(/skillshelf update|--dry-run/);
    await saveScreenshot(page, "content-changed-locally");

    await entryRow(page, "moved").click();
    await expect(page.locator(".update-state")).toContainText(
      "acme/skills has changed this skill since it was installed",
    );
    await expect(page.locator(".changed-files li")).toHaveText(["scripts/run.sh"]);
    await expect(page.getByText("Checked with the skill's folder on GitHub")).toBeVisible();
  });
});
