// A skill added from an MCP server, updated in the browser against the real web host and the loopback MCP skills
// server: after the server changes a file, the Updates view shows one row (installed copy → the server's copy) with
// one Update action and no command line; the guided update fetches the server's copy, shows the changed file,
// applies it, Undo puts the old file back, and a
// copy updated again leaves the list.
import { expect, test, type Page } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { runBin } from "../test-support/cli";
import { startMcpSkillsServer, type RunningMcpSkillsServer } from "../test-support/servers/mcp-skills-server";
import { startAppHost, type AppHost } from "./support/app-host";

const NAME = "pdf-tools";
const SKILL = `---\nname: ${NAME}\ndescription: Fills PDF forms. Use it in tests.\n---\n\nBody.\n`;
/** The running user's home: Skillshelf's data folder (where the origin is recorded) lives below it, never below --home. */
const USER_HOME = mkdtempSync(path.join(tmpdir(), "skillshelf-e2e-user-"));
const OWN_DATA = { SKILLSHELF_DATA_DIR: "", XDG_DATA_HOME: "", HOME: USER_HOME };

async function openUpdates(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole("listbox", { name: "Catalog" })).toBeVisible();
  await page.getByRole("button", { name: /^Updates/ }).click();
  await expect(page.getByRole("heading", { name: "Updates", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByRole("button", { name: "Check now" })).toBeEnabled();
}

test.describe("updates of a skill added from an MCP server", () => {
  let server: RunningMcpSkillsServer;
  let app: AppHost;
  let installed = "";
  const served = { [NAME]: { "SKILL.md": SKILL, "references/forms.md": "# Forms\n" } };
  test.beforeAll(async () => {
    server = await startMcpSkillsServer({ skills: served });
    app = await startAppHost({
      platform: "linux",
      fixtureHome: false,
      env: OWN_DATA,
      prepare: async (root, home) => {
        const env = { ...OWN_DATA, SKILLSHELF_CONFIG_DIR: path.join(root, "config"), GITHUB_TOKEN: "" };
        const args = ["add", `mcp:${server.url}`, "--skill", NAME, "--yes", "--home", home, "--platform", "linux"];
        const added = await runBin(args, { env, cwd: root });
        if (added.code !== 0) throw new Error(`add failed: ${added.stderr}`);
        installed = path.join(home, ".agents", "skills", NAME);
        served[NAME]["references/forms.md"] = "# Forms, revised\n";
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  test("one row with one Update action, applied from the server and undone", async ({ page }) => {
    await openUpdates(page, app.url);
    const row = page.locator(`.update-item[data-state="outdated"]`).filter({ hasText: NAME });
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute("data-plan", "replace-folder");
    await expect(row.locator(".versions")).toHaveText("installed copy → the server's copy");
    await expect(row).toContainText("Found by the MCP server it was added from");
    await expect(row.locator(".next-step")).toContainText("replaces the folder");
    await expect(row).not.toContainText(/skillshelf|--[a-z]/);
    await expect(row.getByRole("button", { name: "Update…" })).toHaveCount(1);

    await row.getByRole("button", { name: "Update…" }).click();
    await page.getByRole("button", { name: "Download and review" }).click();
    await expect(
      page.locator('.file-changes li[data-change="changed"]').filter({ hasText: "references/forms.md" }),
    ).toHaveCount(1);
    await expect(page.locator(".review")).not.toContainText(/skillshelf|--[a-z]/);
    await page.getByRole("button", { name: "Apply the update" }).click();
    await expect(page.locator(".done-message")).toContainText(`Updated ${NAME}`);
    expect(await readFile(path.join(installed, "references", "forms.md"), "utf8")).toBe("# Forms, revised\n");

    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByText(/Undone/)).toBeVisible();
    expect(await readFile(path.join(installed, "references", "forms.md"), "utf8")).toBe("# Forms\n");

    // Undo put the old origin back too: the row is outdated again (not "changed locally"), and updating once more
    // leaves no row.
    await page.getByRole("button", { name: "Back to updates" }).click();
    await expect(row.getByRole("button", { name: "Update…" })).toHaveCount(1);
    await row.getByRole("button", { name: "Update…" }).click();
    await page.getByRole("button", { name: "Download and review" }).click();
    await page.getByRole("button", { name: "Apply the update" }).click();
    await expect(page.locator(".done-message")).toContainText(`Updated ${NAME}`);
    await page.getByRole("button", { name: "Back to updates" }).click();
    await expect(row).toHaveCount(0);
    await expect(page.locator('.update-item[data-state="changed-locally"]')).toHaveCount(0);
  });
});
