// No silent caps: a folder holding more than 5,000 skills (where the list used to stop) is read in full, the count says
// so, and a search finds a skill beyond the old cap.
import { expect, test } from "@playwright/test";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { startAppHost, type AppHost } from "./support/app-host";
import { drawnNames, openCatalog, saveScreenshot } from "./support/page";

const COUNT = 5_200;
const nameOf = (i: number) => `bulk-skill-${String(i).padStart(5, "0")}`;

test.describe("a folder of more than 5,000 skills", () => {
  test.setTimeout(240_000);
  let app: AppHost;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    app = await startAppHost({
      platform: "linux",
      fixtureHome: false,
      prepare: async (_root, home) => {
        const skills = path.join(home, ".claude", "skills");
        for (let i = 0; i < COUNT; i++) {
          const dir = path.join(skills, nameOf(i));
          await mkdir(dir, { recursive: true });
          await writeFile(
            path.join(dir, "SKILL.md"),
            `---\nname: ${nameOf(i)}\ndescription: Bulk skill number ${i}. Use when testing big folders.\n---\nStep ${i}.\n`,
          );
        }
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
  });

  test("lists every skill, states no limit, and finds the last one", async ({ page }) => {
    await page.goto(app.url);
    await expect(page.getByRole("listbox", { name: "Catalog" })).toBeVisible({ timeout: 180_000 });
    await openCatalog(page, app.url);
    await expect(page.locator(".list-count")).toHaveText(`${COUNT.toLocaleString("en-US")} items`);
    await expect(page.getByTestId("list-limits")).toHaveCount(0);
    await page.getByRole("searchbox", { name: /Search skills/ }).fill(nameOf(COUNT - 1));
    await expect.poll(() => drawnNames(page)).toEqual([nameOf(COUNT - 1)]);
    await saveScreenshot(page, "big-folder-search");
  });
});
