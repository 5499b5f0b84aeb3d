// "Offered by servers" in a real browser against the web host: an MCP server offering skills (the loopback SDK server)
// named in the home's Claude Code config is asked; its skill reads "offered by SERVER", choosing it previews levels
// 1-3 and its checks without installing anything, and "Add…" opens the Add flow with mcp:URL and that skill, which
// adds it into the home.
import { expect, test } from "@playwright/test";
import { lstat, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startMcpSkillsServer, type RunningMcpSkillsServer } from "../test-support/servers/mcp-skills-server";
import { makeTempDir } from "../test-support/tmp";
import { startAppHost, type AppHost } from "./support/app-host";

const SKILL = (name: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill, served over MCP.\n---\n\n# ${name}\n\nRead [the forms](references/forms.md).\n`;
const gone = async (p: string) => (await lstat(p).catch(() => null)) === null;

test.describe("skills offered by MCP servers", () => {
  let app: AppHost;
  let server: RunningMcpSkillsServer;
  let data: { dir: string; cleanup: () => Promise<void> };
  test.beforeAll(async () => {
    server = await startMcpSkillsServer({
      skills: { "pdf-tools": { "SKILL.md": SKILL("pdf-tools"), "references/forms.md": "# Forms\n" } },
    });
    data = await makeTempDir("skillshelf-e2e-data-");
    app = await startAppHost({
      platform: "linux",
      fixtureHome: false,
      env: { SKILLSHELF_DATA_DIR: data.dir },
      prepare: async (_root, home) => {
        await writeFile(
          path.join(home, ".claude.json"),
          JSON.stringify({ mcpServers: { "team-skills": { type: "http", url: server.url } } }),
        );
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
    await server?.close();
    await data?.cleanup();
  });

  test("are listed as offered by their server, previewed without installing, and added through Add", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(app.url);
    await expect(page.getByText("No skills found yet")).toBeVisible({ timeout: 30_000 });
    await page.getByLabel("Offered by servers").check();
    const offered = page.getByRole("button", { name: /pdf-tools offered by team-skills/ });
    await expect(offered).toBeVisible({ timeout: 30_000 });
    await offered.click();

    const detail = page.getByTestId("offered-detail");
    await expect(detail.getByText("Offered by team-skills")).toBeVisible();
    await expect(detail.getByText(/exactly what a model sees/)).toBeVisible({ timeout: 30_000 });
    await detail.getByRole("tab", { name: "Level 3" }).click();
    await expect(detail.getByText("references/forms.md")).toBeVisible();
    await detail.getByRole("tab", { name: /Checks/ }).click();
    await expect(detail.getByText(/No problems found/)).toBeVisible();
    expect(await gone(path.join(app.home, ".agents", "skills", "pdf-tools"))).toBe(true);

    await detail.getByRole("button", { name: "Add…" }).click();
    await expect(page.getByLabel(/^From/)).toHaveValue(`mcp:${server.url}`);
    const plan = page.getByTestId("add-plan");
    await expect(plan).toContainText(path.join(app.home, ".agents", "skills", "pdf-tools"), { timeout: 60_000 });
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Added pdf-tools." })).toBeVisible({ timeout: 60_000 });
    expect(
      await readFile(path.join(app.home, ".agents", "skills", "pdf-tools", "references", "forms.md"), "utf8"),
    ).toBe("# Forms\n");
  });
});
