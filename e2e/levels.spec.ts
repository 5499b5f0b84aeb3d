// What a model sees, in the browser: level 1 byte-exact, level 3 confined to the folder, hostile skills rendered inert.
import { expect, test, type Page } from "@playwright/test";
import { symlink } from "node:fs/promises";
import path from "node:path";
import { renderAvailableSkills } from "../shared/level1";
import { writeTree } from "../test-support/tmp";
import { allSkills, startAppHost, type AppHost } from "./support/app-host";
import { entryRow, openCatalog, saveScreenshot } from "./support/page";

const HOSTILE_NAME = `<img src=x onerror="window.__pwned=1">evil`;
const HOSTILE_DESCRIPTION = `Says <script>window.__pwned=1</script> & <b onmouseover="window.__pwned=1">hello</b>`;
const HOSTILE_BODY = [
  "# Hostile instructions",
  "",
  "<script>window.__pwned = 1; alert('script ran')</script>",
  "",
  `<img src="x" onerror="window.__pwned = 1; alert('img ran')">`,
  "",
  "<iframe src=\"javascript:alert('frame')\"></iframe>",
  "",
  "[a javascript link](javascript:alert('link'))",
  "",
  "[the docs](https://example.com/docs)",
  "",
  "![tracker](https://example.com/pixel.png)",
  "",
].join("\n");

const SECRET = "TOP-SECRET-OUTSIDE-THE-SKILL";

/** What the tests read of the page's globals (this file is type-checked without the DOM library). */
interface PageGlobals {
  __pwned?: number;
}

/** Builds the included folder: a careful skill with references and an escaping link, and a hostile one. */
async function prepare(root: string): Promise<string[]> {
  const lib = path.join(root, "library");
  await writeTree(root, {
    "outside-secret.txt": SECRET,
    "library/careful-skill/SKILL.md": [
      "---",
      "name: careful-skill",
      "description: Handles quarterly reports & <b>tables</b>, with a guide and a template.",
      "metadata:",
      '  version: "1.2.0"',
      "---",
      "# Careful skill",
      "",
      "Read [the guide](references/guide.md) first, then fill [the template](assets/template.txt).",
      "Also see [a file that is gone](references/missing.md).",
      "",
    ].join("\n"),
    "library/careful-skill/references/guide.md": "# Guide\n\nStep one: breathe.\n",
    "library/careful-skill/assets/template.txt": "Quarter: ____\n",
    "library/careful-skill/assets/logo.png": new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]),
    "library/hostile/SKILL.md": [
      "---",
      `name: '${HOSTILE_NAME}'`,
      `description: '${HOSTILE_DESCRIPTION}'`,
      "---",
      HOSTILE_BODY,
    ].join("\n"),
  });
  await symlink(path.join(root, "outside-secret.txt"), path.join(lib, "careful-skill", "leak.txt"));
  await symlink(root, path.join(lib, "careful-skill", "escape-dir"));
  return [lib];
}

/** Fails the test if any dialog opens or a script sets the flag. */
function watchForScripts(page: Page): { dialogs: string[] } {
  const seen = { dialogs: [] as string[] };
  page.on("dialog", (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

test.describe("levels", () => {
  let app: AppHost;
  test.beforeAll(async () => {
    app = await startAppHost({ platform: "linux", fixtureHome: false, prepare });
  });
  test.afterAll(async () => {
    await app?.close();
  });

  async function openSkill(page: Page, name: string) {
    await openCatalog(page, app.url);
    await entryRow(page, name).click();
    await expect(page.locator("#detail-title")).toHaveText(name);
  }

  test("level 1 is the exact <available_skills> entry, with counts against the limits", async ({ page }) => {
    const skill = allSkills(await app.catalog()).find((s) => s.name === "careful-skill")!;
    await openSkill(page, "careful-skill");
    await page.getByRole("tab", { name: /Level 1/ }).click();
    const text = page.getByTestId("level1-text");
    await expect(text).toBeVisible();
    const expected = renderAvailableSkills([{ name: skill.name, description: skill.description }], null);
    expect(expected).toContain("&amp; &lt;b&gt;tables&lt;/b&gt;");
    expect(await text.evaluate((el) => el.textContent)).toBe(expected);
    await expect(page.locator(".meter", { hasText: "Description" })).toContainText(
      `${[...skill.description].length} / 1,024`,
    );
    await expect(page.locator(".meter", { hasText: "Whole entry" })).toContainText(`${expected.length} characters`);
    await expect(page.locator(".meter", { hasText: "Whole entry" })).toContainText("estimate");
    await saveScreenshot(page, "level1");
  });

  test("level 2 shows the instructions formatted and raw, with line and token counts", async ({ page }) => {
    await openSkill(page, "careful-skill");
    await page.getByRole("tab", { name: /Level 2/ }).click();
    await expect(page.getByTestId("level2-rendered").locator("h1")).toHaveText("Careful skill");
    await expect(page.locator(".meter", { hasText: "Lines" })).toContainText("/ 500");
    await expect(page.locator(".meter", { hasText: "Tokens" })).toContainText("/ 5,000");
    await expect(page.locator(".meter", { hasText: "Tokens" })).toContainText("estimate");
    await page.getByRole("button", { name: "Plain text" }).click();
    await expect(page.getByTestId("level2-raw")).toContainText("Read [the guide](references/guide.md) first");
    await saveScreenshot(page, "level2");
  });

  test("level 3 lists only files inside the folder, marks references, flags missing ones and shows text", async ({
    page,
  }) => {
    await openSkill(page, "careful-skill");
    await page.getByRole("tab", { name: /Level 3/ }).click();
    const tree = page.getByRole("list", { name: "Files" });
    await expect(tree).toContainText("guide.md");
    await expect(tree).toContainText("template.txt");
    await expect(tree).not.toContainText("leak.txt");
    await expect(tree).not.toContainText("escape-dir");
    await expect(tree.locator(".file", { hasText: "guide.md" })).toContainText("referenced");
    await expect(tree.locator(".file-row.missing")).toContainText("references/missing.md");
    await expect(page.getByRole("alert").filter({ hasText: "Missing files" })).toContainText("references/missing.md");
    await tree.locator(".file", { hasText: "guide.md" }).click();
    await expect(page.getByTestId("file-viewer")).toContainText("Step one: breathe.");
    const header = page.getByTestId("file-header");
    await expect(header.locator("code")).toHaveText("references/guide.md");
    await expect(header.getByRole("button", { name: /^Open references\/guide\.md/ })).toBeVisible();
    await page.context().grantPermissions(["clipboard-write"]);
    await header.getByRole("button", { name: "Copy" }).click();
    await expect(header.getByRole("button", { name: "Copied ✓" })).toBeVisible();
    const folder = tree.getByRole("button", { name: /^references\/$/ });
    await expect(folder).toHaveAttribute("aria-expanded", "true");
    await folder.click();
    await expect(tree.getByRole("button", { name: /references\/$/ })).toHaveAttribute("aria-expanded", "false");
    await expect(tree.locator(".file", { hasText: "guide.md" })).toHaveCount(0);
    await tree.getByRole("button", { name: /references\/$/ }).click();
    await expect(tree.locator(".file", { hasText: "guide.md" })).toBeVisible();
    await tree.locator(".file", { hasText: "logo.png" }).click();
    await expect(page.getByTestId("binary-info")).toContainText("not text");
    await expect(page.locator("body")).not.toContainText(SECRET);
    await saveScreenshot(page, "level3");
  });

  test("a link leaving the folder cannot be read through the API either", async ({ page }) => {
    const skill = allSkills(await app.catalog()).find((s) => s.name === "careful-skill")!;
    await openCatalog(page, app.url);
    const answers = await page.evaluate(
      async ({ dir }) => {
        const ask = async (args: unknown[]) => {
          // As the page calls: with the session its tab keeps.
          const storage = (globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } })
            .sessionStorage;
          const session = storage.getItem("skillshelf-session") ?? "";
          const res = await fetch("/api/skill:resource", {
            method: "POST",
            headers: { "Content-Type": "application/json", "x-skillshelf-session": session },
            body: JSON.stringify(args),
          });
          return { status: res.status, body: await res.text() };
        };
        return {
          link: await ask([dir, "leak.txt"]),
          dirLink: await ask([dir, "escape-dir/outside-secret.txt"]),
          climb: await ask([dir, "../../outside-secret.txt"]),
          absolute: await ask([dir, "/etc/passwd"]),
          foreignDir: await ask([dir.replace(/careful-skill$/, ""), "outside-secret.txt"]),
        };
      },
      { dir: skill.dir },
    );
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.body, name).not.toContain(SECRET);
      expect(answer.body.includes('"ok":false') || answer.status >= 400, name).toBe(true);
    }
    expect(answers.climb.status).toBe(400);
    expect(answers.foreignDir.status).toBe(422);
  });

  test("a skill whose name, description and body hold HTML and script renders inert", async ({ page }) => {
    const seen = watchForScripts(page);
    await page.addInitScript(() => {
      (globalThis as unknown as PageGlobals).__pwned = 0;
    });
    await openCatalog(page, app.url);
    await entryRow(page, HOSTILE_NAME).click();
    await expect(page.locator("#detail-title")).toHaveText(HOSTILE_NAME);
    await expect(page.locator(".detail-description")).toHaveText(HOSTILE_DESCRIPTION);
    for (const tab of [/Level 1/, /Level 2/, /Level 3/, /Overview/]) {
      // Each tab is drawn with what it loaded (the event stream stays open, so the network is never idle).
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tabpanel")).not.toContainText(/Loading|Reading/);
    }
    await page.getByRole("tab", { name: /Level 2/ }).click();
    const rendered = page.getByTestId("level2-rendered");
    await expect(rendered).toContainText("<script>window.__pwned = 1; alert('script ran')</script>");
    await expect(rendered).toContainText(`<img src="x" onerror=`);
    expect(await rendered.locator("script, img, iframe, object, embed, [onerror], [onmouseover]").count()).toBe(0);
    expect(await page.locator(".detail script, .detail img, .detail iframe").count()).toBe(0);
    expect(await rendered.locator('a[href^="javascript:"]').count()).toBe(0);
    await rendered
      .getByText("a javascript link")
      .click()
      .catch(() => undefined);

    await rendered.getByRole("link", { name: "the docs" }).click();
    const confirm = page.getByRole("dialog");
    await expect(confirm).toContainText("Open this link in your browser?");
    await expect(confirm).toContainText("https://example.com/docs");
    await saveScreenshot(page, "external-link-confirmation");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();

    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).__pwned)).toBe(0);
    expect(seen.dialogs).toEqual([]);
    await saveScreenshot(page, "hostile-skill-inert");
  });

  test("a skill added while the page is open appears without a rescan", async ({ page }) => {
    await openCatalog(page, app.url);
    await expect(page.locator(".list-count")).toHaveText("2 items");
    await writeTree(path.join(app.root, "library", "late-arrival"), {
      "SKILL.md": "---\nname: late-arrival\ndescription: Shows up while you look.\n---\n# Late\n",
    });
    await expect(entryRow(page, "late-arrival")).toBeVisible({ timeout: 10_000 });
    await expect(page.locator(".list-count")).toHaveText("3 items");
  });
});
