// Settings lists the MCP servers found in the clients' configs, read-only with where each came from and no secret,
// and "Test" runs the skill-meta probe against a real loopback server (with the config's header).
import { expect, test } from "@playwright/test";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { startSkillMetaServer, type RunningSkillMetaServer } from "../test-support/servers/skill-meta-server";
import { startAppHost, type AppHost } from "./support/app-host";
import { saveScreenshot } from "./support/page";

const SECRET = "Bearer configured-secret-2718";

test.describe("servers in the clients' configs", () => {
  let meta: RunningSkillMetaServer;
  let absent: RunningSkillMetaServer;
  let app: AppHost;
  test.beforeAll(async () => {
    meta = await startSkillMetaServer({
      skill: "agentkey",
      latest: "1.3.0",
      requireHeaders: { authorization: SECRET },
    });
    absent = await startSkillMetaServer({ behaviour: "absent" });
    app = await startAppHost({
      platform: "linux",
      fixtureHome: false,
      prepare: async (_root, home) => {
        await writeFile(
          path.join(home, ".claude.json"),
          JSON.stringify({
            mcpServers: {
              "team-meta": { type: "http", url: meta.url, headers: { Authorization: SECRET } },
              "business-tools": { type: "http", url: absent.url },
              "local-tool": { command: "node", args: ["server.js"] },
            },
          }),
        );
        await mkdir(path.join(home, ".cursor"), { recursive: true });
        await writeFile(path.join(home, ".cursor", "mcp.json"), "{ not json");
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
    await meta?.close();
    await absent?.close();
  });

  test("are listed with where they came from, never their secrets, and Test shows pass or fail", async ({ page }) => {
    await page.goto(app.url);
    await page.getByRole("button", { name: "Settings" }).click();
    const list = page.getByRole("list", { name: "Servers in your clients' configs" });
    const team = list.getByRole("listitem").filter({ hasText: "team-meta" });
    await expect(team).toContainText("web server");
    await expect(team).toContainText(`From ${path.join(app.home, ".claude.json")}`);
    await expect(team).toContainText("headers: Authorization");
    await expect(list.getByRole("listitem").filter({ hasText: "local-tool" })).toContainText("node server.js");
    await expect(
      list.getByRole("listitem").filter({ hasText: "local-tool" }).getByRole("button", { name: /Test/ }),
    ).toHaveCount(0);
    await expect(page.getByText(path.join(app.home, ".cursor", "mcp.json"))).toBeVisible();
    expect(await page.content()).not.toContain("configured-secret");

    await team.getByRole("button", { name: "Test team-meta" }).click();
    const outcome = team.getByTestId("server-test");
    await expect(outcome.getByRole("listitem").filter({ hasText: "tool is listed" })).toContainText("pass:");
    await expect(outcome.getByRole("listitem").filter({ hasText: "tool is listed" })).toContainText(
      "found agentkey_skill_meta",
    );
    expect(meta.stats.headers.some((h) => h.authorization === SECRET)).toBe(true);

    const business = list.getByRole("listitem").filter({ hasText: "business-tools" });
    await business.getByRole("button", { name: "Test business-tools" }).click();
    await expect(business.getByTestId("server-test")).toContainText("Failed:");
    await expect(business.getByTestId("server-test").getByRole("listitem").first()).toContainText("fail:");
    await saveScreenshot(page, "settings-configured-servers");
    expect(await page.content()).not.toContain("configured-secret");
  });
});
