// Author mode in the browser: open a folder by path, then every save re-validates and refreshes the views live; axe
// finds no serious violation with an error on Overview and in a level preview, light and dark, at 1280 and 800 px.
import { expect, test } from "@playwright/test";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { MINIMUM_WINDOW_SIZE } from "../shared/window-size";
import { writeTree } from "../test-support/tmp";
import { startAppHost, type AppHost } from "./support/app-host";
import { axeClean } from "./support/axe-clean";
import { saveScreenshot } from "./support/page";

/** Author mode is checked by axe at the widest common window and at the smallest (Electron's minimum). */
const WIDTHS = [1280, MINIMUM_WINDOW_SIZE.width] as const;
const skillText = (description: string, extra = "") =>
  ["---", "name: my-skill", `description: ${description}`, extra, "---", "# My skill", "", "Do the thing.", ""]
    .filter((l) => l !== "")
    .join("\n");

test.describe("author mode", () => {
  let app: AppHost;
  let skillDir: string;
  test.beforeAll(async () => {
    app = await startAppHost({
      platform: "linux",
      fixtureHome: false,
      prepare: async (root) => {
        skillDir = path.join(root, "work", "my-skill");
        await writeTree(skillDir, { "SKILL.md": skillText("Writes the first draft.") });
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
  });

  test("opens a folder by path and follows every save", async ({ page }) => {
    await page.goto(app.url);
    await page.getByRole("button", { name: /^Author mode/ }).click();
    await expect(page.getByRole("heading", { name: "Open a skill or plugin you are writing" })).toBeVisible();
    await saveScreenshot(page, "author-empty");

    await page.getByRole("button", { name: "Choose folder…" }).click();
    await expect(page.locator(".hint")).toContainText("Type or paste");
    await expect(page.getByLabel("Folder path")).toBeFocused();

    await page.getByLabel("Folder path").fill(path.join(app.root, "no-such-folder"));
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("There is no folder");

    await page.getByLabel("Folder path").fill(skillDir);
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await expect(page.getByTestId("author-path")).toHaveText(skillDir);
    await expect(page.locator("#detail-title")).toHaveText("my-skill");
    await expect(page.locator(".detail-description")).toHaveText("Writes the first draft.");
    await expect(page.getByTestId("author-status")).toContainText("no errors");

    await writeFile(path.join(skillDir, "SKILL.md"), skillText("Writes the second draft, live."));
    await expect
      .poll(() => page.locator(".detail-description").textContent(), { timeout: 5000 })
      .toBe("Writes the second draft, live.");

    await writeFile(path.join(skillDir, "SKILL.md"), skillText("Now with a mistake.", "author: someone"));
    await expect.poll(() => page.getByTestId("author-status").textContent(), { timeout: 5000 }).toContain("1 error");
    const diagnostic = page.locator('[data-code="skill.field.unexpected"]');
    await expect(diagnostic).toBeVisible();
    await expect(diagnostic.locator(".place")).toHaveText(/^SKILL\.md:4(:\d+)?$/);
    await saveScreenshot(page, "author-live-error");
    await axeClean(page, "author-error-overview", { widths: WIDTHS, screenshot: "author" });

    await page.getByRole("tab", { name: /Level 1/ }).click();
    await expect(page.getByTestId("level1-text")).toContainText("Now with a mistake.");
    await expect(page.getByTestId("level-problems")).toContainText("1 error");
    await axeClean(page, "author-error-level1", { widths: WIDTHS, screenshot: "author" });
    await writeFile(path.join(skillDir, "SKILL.md"), skillText("Fixed and final."));
    await expect
      .poll(() => page.getByTestId("level1-text").textContent(), { timeout: 5000 })
      .toContain("Fixed and final.");
    await expect(page.getByTestId("author-status")).toContainText("no errors");

    await rm(path.join(skillDir, "SKILL.md"));
    await expect
      .poll(() => page.getByTestId("author-status").textContent(), { timeout: 5000 })
      .toContain("no skill or plugin");
    await expect(page.getByTestId("author-status")).not.toContainText("no errors");
    await saveScreenshot(page, "author-skill-md-deleted");
    await writeFile(path.join(skillDir, "SKILL.md"), skillText("Fixed and final."));
    await expect.poll(() => page.getByTestId("author-status").textContent(), { timeout: 5000 }).toContain("no errors");

    await page.getByRole("button", { name: "Close folder" }).click();
    await expect(page.getByRole("heading", { name: "Open a skill or plugin you are writing" })).toBeVisible();
  });

  test("keeps the open folder across a reload and offers recent folders after closing", async ({ page }) => {
    const other = path.join(app.root, "work", "empty-description");
    await writeTree(other, {
      "SKILL.md": ["---", "name: empty-description", 'description: ""', "---", "# Empty", ""].join("\n"),
    });
    await page.goto(app.url);
    await page.getByRole("button", { name: /^Author mode/ }).click();
    await page.getByLabel("Folder path").fill(other);
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await expect(page.getByTestId("author-path")).toHaveText(other);
    await page.getByRole("tab", { name: /Level 1/ }).click();
    await expect(page.getByTestId("level1-empty-description")).toContainText("The description is empty");

    await page.reload();
    await expect(page.getByTestId("author-path")).toHaveText(other);

    await page.getByRole("button", { name: "Close folder" }).click();
    const recent = page.getByRole("navigation", { name: "Recent folders" });
    await expect(recent.getByRole("button")).toHaveText([other]);
    await page.reload();
    await page.getByRole("button", { name: /^Author mode/ }).click();
    await expect(page.getByRole("heading", { name: "Open a skill or plugin you are writing" })).toBeVisible();
    await recent.getByRole("button", { name: other }).click();
    await expect(page.getByTestId("author-path")).toHaveText(other);
  });

  test("broken YAML is worded for a person, with its line, and nothing else is blamed on it", async ({ page }) => {
    const broken = path.join(app.root, "work", "broken-yaml");
    await writeTree(broken, {
      "SKILL.md": ["---", "name: broken-yaml", "description: Fixes: things", "---", "# Broken", ""].join("\n"),
    });
    await page.goto(app.url);
    await page.getByRole("button", { name: /^Author mode/ }).click();
    await page.getByLabel("Folder path").fill(broken);
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await expect(page.getByTestId("author-status")).toContainText("1 error");
    const finding = page.locator('[data-code="skill.frontmatter.yaml"]');
    await expect(finding).toHaveCount(1);
    await expect(finding).toContainText('The value of "description" contains a colon followed by a space');
    await expect(finding).toContainText('description: "Fixes: things"');
    await expect(finding.locator(".place")).toHaveText(/^SKILL\.md:3/);
    await expect(page.getByText("does not say which version")).toHaveCount(0);
    await expect(page.getByText("The version cannot be read until the frontmatter is fixed")).toBeVisible();
    await saveScreenshot(page, "author-broken-yaml");
  });

  test("a bad name gets one error with one fix, and agents are never said to load it", async ({ page }) => {
    const badName = path.join(app.root, "work", "bad-name");
    await writeTree(badName, {
      "SKILL.md": ["---", "name: Bad_Name", "description: Has a name with capitals.", "---", "# Bad", ""].join("\n"),
    });
    await page.goto(app.url);
    await page.getByRole("button", { name: /^Author mode/ }).click();
    await page.getByLabel("Folder path").fill(badName);
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await expect(page.getByTestId("author-status")).toContainText("1 error");
    const findings = page.locator('[data-code^="skill.name."]');
    await expect(findings).toHaveCount(1);
    await expect(findings).toHaveAttribute("data-code", "skill.name.uppercase");
    await expect(findings).toContainText('Use "bad-name", the folder\'s name.');
    const fit = page.getByTestId("client-fit");
    await expect(fit).toContainText("Agents that check the Agent Skills rules will refuse this skill");
    await expect(fit).not.toContainText("can load it");
  });

  test("a workspace: problems beside every level, level 3 tokens, and the Claude Desktop check", async ({ page }) => {
    const trip = path.join(app.root, "work", "trip-planner");
    await writeTree(trip, {
      "SKILL.md": [
        "---",
        "name: trip-planner",
        "description: Plans <b>trips</b> end to end.",
        "---",
        "# Trip planner",
        "",
        "Read `references/guide.md` first.",
        "Then follow `references/missing.md`.",
        "",
      ].join("\n"),
      "references/guide.md": `# Guide\n\n${"Pack light and book early. ".repeat(1500)}\n`,
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(app.url);
    await page.getByRole("button", { name: /^Author mode/ }).click();
    await page.getByLabel("Folder path").fill(trip);
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await expect(page.locator("#detail-title")).toHaveText("trip-planner");
    await expect(page.locator(".detail-eyebrow")).toHaveText("Opened folder — skill trip-planner");
    const missing = page.locator('[data-code="skill.ref.path-missing"]');
    await expect(missing.locator(".place")).toHaveText("SKILL.md:8:14");
    await expect(missing).toContainText("references/missing.md");
    // The problems column takes room from the preview: a level tab gets a wider pane than Overview.
    const overviewWidth = (await page.locator(".detail").boundingBox())!.width;

    const problems = page.getByTestId("level-problems");
    for (const level of [/Level 1/, /Level 2/]) {
      await page.getByRole("tab", { name: level }).click();
      await expect(problems).toBeInViewport();
      expect((await page.locator(".detail").boundingBox())!.width).toBeGreaterThan(overviewWidth);
      await expect(problems).toContainText("Problems · 1 warning");
      await expect(problems.locator('[data-code="skill.ref.path-missing"] .place')).toHaveText("SKILL.md:8:14");
      await expect(problems.locator(".diagnostic-fix")).toContainText("Add the file");
    }
    await saveScreenshot(page, "author-level2-problems");

    await page.getByRole("tab", { name: /Level 3/ }).click();
    const total = page.getByTestId("level3-tokens");
    await expect(total).toContainText(/≈ \d{1,3}(,\d{3})+ tokens/);
    await expect(page.getByTitle("references/guide.md")).toContainText("39.6 KB · ≈ 10,128 tokens");
    await expect(page.getByTitle("SKILL.md", { exact: true })).toContainText(/≈ \d+ tokens/);
    await expect(page.locator(".file-row.missing")).toContainText("references/missing.md");
    await expect(problems).toBeInViewport();
    await saveScreenshot(page, "author-level3-tokens");

    await page.getByRole("button", { name: "Would Claude Desktop accept this?" }).click();
    const verdict = page.getByTestId("desktop-check").getByRole("status");
    await expect(verdict).toContainText("Claude Desktop would refuse this upload, for this reason:");
    await expect(verdict.locator('[data-code="desktop.description.xml"] .place')).toHaveText(/^SKILL\.md:3/);
    await expect(verdict.locator('[data-code="desktop.description.xml"] .diagnostic-fix')).toBeVisible();
    await expect(verdict).toBeInViewport();
    await saveScreenshot(page, "author-desktop-refused");
    await axeClean(page, "author-level3-refused", { widths: WIDTHS, screenshot: "author" });

    await writeFile(
      path.join(trip, "SKILL.md"),
      skillText("Plans trips end to end.").replace("my-skill", "trip-planner"),
    );
    await expect(page.getByTestId("desktop-check")).toContainText("The files changed since the last check");
    await page.getByRole("button", { name: "Would Claude Desktop accept this?" }).click();
    await expect(verdict).toContainText("Claude Desktop would accept this skill as “trip-planner” when you upload it.");

    await page.setViewportSize({ width: 800, height: 600 });
    await page.getByRole("tab", { name: /Level 1/ }).click();
    await expect(problems).toBeInViewport();
    await saveScreenshot(page, "author-level1-800");
  });

  test("at 800 px, a level's counts and preview stay clear of the problems column, however long a code line", async ({
    page,
  }) => {
    const wide = path.join(app.root, "work", "wide-code");
    const longLine = `run --with ${"a-very-long-argument ".repeat(20)}`;
    await writeTree(wide, {
      "SKILL.md": [
        "---",
        "name: wide-code",
        "description: Runs one long command.",
        "---",
        "```sh",
        longLine,
        "```",
        "",
      ].join("\n"),
    });
    await page.setViewportSize({ width: MINIMUM_WINDOW_SIZE.width, height: 800 });
    await page.goto(app.url);
    await page.getByRole("button", { name: /^Author mode/ }).click();
    await page.getByLabel("Folder path").fill(wide);
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await page.getByRole("tab", { name: /Level 2/ }).click();
    const problems = (await page.getByTestId("level-problems").boundingBox())!;
    for (const part of [".level-main .meter", ".level-main .markdown"]) {
      for (const box of await Promise.all((await page.locator(part).all()).map((el) => el.boundingBox())))
        expect(box!.x + box!.width, part).toBeLessThanOrEqual(problems.x);
    }
    // The long line scrolls inside its code block instead.
    const pre = page.locator(".level-main .markdown pre").first();
    expect(await pre.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await saveScreenshot(page, "author-level2-800-long-code");
  });

  test("dropping a folder from the file manager opens it", async ({ page }) => {
    await page.goto(app.url);
    await page.getByRole("button", { name: /^Author mode/ }).click();
    const landing = page.locator(".author-landing");
    await expect(landing).toBeVisible();
    const uri = `file://${skillDir.split("/").map(encodeURIComponent).join("/")}`;
    const dataTransfer = await page.evaluateHandle((value) => {
      const transfer = new (
        globalThis as unknown as { DataTransfer: new () => { setData(type: string, data: string): void } }
      ).DataTransfer();
      transfer.setData("text/uri-list", value);
      return transfer;
    }, uri);
    await landing.dispatchEvent("dragover", { dataTransfer });
    await landing.dispatchEvent("drop", { dataTransfer });
    await expect(page.getByTestId("author-path")).toHaveText(skillDir);
    await expect(page.locator("#detail-title")).toHaveText("my-skill");
  });
});
