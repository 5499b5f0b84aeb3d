// The Updates view and the guided update in the browser, against the real web host and a loopback release server:
// one skill outdated in ~/.claude/skills and in a Claude Desktop tree; the folder update with a moving progress bar
// and Undo byte for byte; the Desktop hand-off and its arrival; a zip-slip release refused with nothing changed.
import { expect, test, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { zipOf } from "../test-support/archives";
import {
  startReleaseServer,
  type ReleaseServerOptions,
  type RunningReleaseServer,
} from "../test-support/servers/release-server";
import { fixtureDesktopTree } from "../test-support/fixture-homes";
import { writeTree } from "../test-support/tmp";
import { startAppHost, type AppHost } from "./support/app-host";
import { entryRow, saveScreenshot } from "./support/page";
import { axeClean } from "./support/axe-clean";
import { startRecipeApp, type RecipeApp } from "./support/recipe-app";

const NAME = "acme-notes";
const skillMd = (version: string) =>
  [
    "---",
    `name: ${NAME}`,
    "description: Takes meeting notes the Acme way.",
    "metadata:",
    `  version: "${version}"`,
    `  repository: https://github.com/acme/${NAME}`,
    "---",
    `# Acme notes`,
    "",
    `Version ${version}.`,
    "",
  ].join("\n");
const OLD_FILES = { "SKILL.md": skillMd("1.0.0"), "references/guide.md": "# Guide\n\nOld advice.\n" };
/** Incompressible, so the download takes several chunks. */
const BIG = randomBytes(1536 * 1024);
const newRelease = () =>
  zipOf({
    [`${NAME}/SKILL.md`]: skillMd("2.0.0"),
    [`${NAME}/references/guide.md`]: "# Guide\n\nNew advice.\n",
    [`${NAME}/assets/data.bin`]: BIG,
  });

/** The running user's home for these tests: Skillshelf's data folder (staging, backups) lives below it, never below --home. */
const USER_HOME = mkdtempSync(path.join(tmpdir(), "skillshelf-e2e-user-"));
/** Skillshelf's default data folder inside that home, whatever the runner's environment says. */
const OWN_DATA = { SKILLSHELF_DATA_DIR: "", XDG_DATA_HOME: "", HOME: USER_HOME };

/** Every file under a folder, as relative path → bytes. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = (await readFile(file)).toString("base64");
  }
  return out;
}

async function openUpdates(page: Page, url: string, options: { check?: boolean } = {}): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole("listbox", { name: "Catalog" })).toBeVisible();
  await page.getByRole("button", { name: /^Updates/ }).click();
  await expect(page.getByRole("heading", { name: "Updates", level: 1 })).toBeVisible();
  if (options.check) {
    await page.getByRole("button", { name: "Check now" }).click();
    await expect(page.getByRole("button", { name: "Check now" })).toBeEnabled();
  }
}

/** Records each value the download's progress bar shows (a script run in the page). */
const RECORD_PROGRESS = `(() => {
  const seen = (window.seenProgress = []);
  new MutationObserver(() => {
    const bar = document.querySelector(".download-progress progress");
    const v = Number(bar ? bar.getAttribute("data-value") : NaN);
    if (bar && v >= 0 && seen[seen.length - 1] !== v) seen.push(v);
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-value"] });
})()`;

/** A release server and an app host (no fixture home) whose ~/.claude/skills/NAME holds the old version. */
async function startFolderCase(
  options: ReleaseServerOptions,
): Promise<{ releases: RunningReleaseServer; app: AppHost; claudeDir: string }> {
  const releases = await startReleaseServer(options);
  let claudeDir = "";
  try {
    const app = await startAppHost({
      platform: "linux",
      fixtureHome: false,
      env: { ...OWN_DATA, SKILLSHELF_GITHUB_API: releases.url },
      prepare: async (_root, home) => {
        claudeDir = path.join(home, ".claude", "skills", NAME);
        await writeTree(claudeDir, OLD_FILES);
      },
    });
    return { releases, app, claudeDir };
  } catch (error) {
    await releases.close();
    throw error;
  }
}

const item = (page: Page, kind: string) => page.locator(`.update-item[data-plan="${kind}"]`).filter({ hasText: NAME });

test.describe("the guided update", () => {
  let releases: RunningReleaseServer;
  let app: AppHost;
  let claudeDir: string;
  let desktopDir: string;
  test.beforeAll(async () => {
    releases = await startReleaseServer({
      releases: {
        [`acme/${NAME}`]: {
          tag: "v2.0.0",
          body: "## What's new\n\n- Better **guides**\n- <script>alert(1)</script>",
          assets: { [`${NAME}.zip`]: newRelease() },
        },
      },
      throttleAssets: { chunkBytes: 128 * 1024, pauseMs: 40 },
    });
    app = await startAppHost({
      platform: "linux",
      env: { ...OWN_DATA, SKILLSHELF_GITHUB_API: releases.url },
      prepare: async (_root, home) => {
        claudeDir = path.join(home, ".claude", "skills", NAME);
        desktopDir = path.join(fixtureDesktopTree(home, "linux"), "skills", NAME);
        await writeTree(claudeDir, { ...OLD_FILES, "my-notes.md": "mine\n" });
        await writeTree(desktopDir, OLD_FILES);
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
    await releases?.close();
  });

  test("lists both copies with their own next step, on first load and after a reload", async ({ page }) => {
    await openUpdates(page, app.url);
    await page.getByRole("button", { name: "Check now" }).click();
    await expect(item(page, "replace-folder")).toBeVisible();
    await expect(item(page, "desktop-upload")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Updates/ })).toContainText("2");
    await expect(page.locator(".updates-head")).toContainText(/Checked (just now|\d+ seconds? ago)/);
    const folder = item(page, "replace-folder");
    const desktop = item(page, "desktop-upload");
    await expect(folder.locator(".versions")).toHaveText("1.0.0 → 2.0.0");
    await expect(folder.locator(".update-place")).toContainText("Claude Code");
    await expect(desktop.locator(".update-place")).toContainText("Claude Desktop — account 1");
    // Compact rows: one action on the row's line; the next step and the notes folded until asked.
    await expect(folder.locator(".update-row").getByRole("button")).toHaveText(["Update…"]);
    await expect(folder.locator(".next-step")).toBeHidden();
    await folder.locator("details.update-more > summary").click();
    await desktop.locator("details.update-more > summary").click();
    await expect(folder.locator(".next-step")).toContainText("Then it replaces the folder");
    await expect(desktop.locator(".next-step")).toContainText("a .skill file for you to upload in Claude Desktop");
    await expect(folder.locator(".release-notes .markdown")).toBeHidden();
    await folder.locator(".release-notes summary").click();
    await expect(folder.locator(".release-notes .markdown li strong")).toHaveText("guides");
    await expect(folder.locator(".release-notes .markdown h2")).toHaveCount(0);
    await expect(folder.locator(".release-notes .markdown .md-heading")).toHaveText("What's new");
    await expect(folder.locator(".release-notes .markdown script")).toHaveCount(0);
    await saveScreenshot(page, "updates-view");
    await axeClean(page, "updates view");

    await page.reload();
    await page.getByRole("button", { name: /^Updates/ }).click();
    await expect(item(page, "replace-folder").locator(".next-step")).toContainText("Then it replaces the folder");
    await expect(item(page, "desktop-upload").locator(".next-step")).toContainText(
      "a .skill file for you to upload in Claude Desktop",
    );
    await page.getByRole("button", { name: "Catalog" }).click();
    await expect(page.locator(".updates-banner")).toContainText("2 updates available");
    await entryRow(page, NAME).first().click();
    await page.locator(".update-plan").getByRole("button", { name: "Update…" }).click();
    await expect(page.getByRole("heading", { name: `Update ${NAME}` })).toBeVisible();
    await expect(page.locator('[data-step="changes"]')).toContainText("version 1.0.0 → version 2.0.0");
  });

  test("the folder update: progress moves, the folder has the new version, Undo restores the old one byte for byte", async ({
    page,
  }) => {
    const before = await snapshot(claudeDir);
    await openUpdates(page, app.url, { check: true });
    await item(page, "replace-folder").getByRole("button", { name: "Update…" }).click();
    await expect(page.locator('[data-step="changes"]')).toContainText("version 1.0.0 → version 2.0.0");
    await saveScreenshot(page, "wizard-1-what-changes");
    await axeClean(page, "wizard step 1");
    await page.evaluate(RECORD_PROGRESS);
    await page.getByRole("button", { name: "Download and review" }).click();
    await expect(page.locator(".download-progress")).toBeVisible();
    await saveScreenshot(page, "wizard-2-download");
    await expect(page.locator(".review")).toContainText("Downloaded and checked: version 2.0.0");
    const seen = (await page.evaluate("window.seenProgress")) as number[];
    expect(
      seen.some((v) => v > 0 && v < 1),
      `progress values seen: ${seen.join(", ")}`,
    ).toBe(true);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    await expect(page.locator('.file-changes li[data-change="added"]')).toContainText("assets/data.bin");
    await expect(
      page.locator('.file-changes li[data-change="changed"]').filter({ hasText: "references/guide.md" }),
    ).toHaveCount(1);
    await expect(page.locator('.file-changes li[data-change="kept"]')).toContainText("my-notes.md");
    await saveScreenshot(page, "wizard-2-review");
    await axeClean(page, "wizard review");
    await page.getByRole("button", { name: "Apply the update" }).click();
    await expect(page.locator(".done-message")).toContainText("Updated acme-notes to version 2.0.0");
    await saveScreenshot(page, "wizard-4-done");
    await axeClean(page, "wizard done");
    expect(await readFile(path.join(claudeDir, "SKILL.md"), "utf8")).toBe(skillMd("2.0.0"));
    expect(await readFile(path.join(claudeDir, "my-notes.md"), "utf8")).toBe("mine\n");
    expect((await readFile(path.join(claudeDir, "assets", "data.bin"))).equals(BIG)).toBe(true);

    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByText(/Undone: version 1\.0\.0 is back/)).toBeVisible();
    await expect(page.locator(".done-message")).not.toContainText("Updated acme-notes to version 2.0.0");
    expect(await snapshot(claudeDir)).toEqual(before);
  });

  test("the Desktop update: a .skill file, the tree untouched, and Updated once the new version arrives", async ({
    page,
  }) => {
    const before = await snapshot(desktopDir);
    const tree = (await app.catalog()).locations.find((l) => l.desktop?.accountTree && desktopDir.startsWith(l.path))!
      .desktop!.accountTree!;
    await app.call("settings:update", { nameAccount: { tree, name: "Work" } });
    await openUpdates(page, app.url, { check: true });
    await expect(item(page, "desktop-upload").locator(".update-place")).toHaveText("Claude Desktop — Work");
    await item(page, "desktop-upload").getByRole("button", { name: "Update for Claude Desktop…" }).click();
    await page.getByRole("button", { name: "Download and review" }).click();
    await page.getByRole("button", { name: "Make the file for Claude Desktop" }).click();
    // The browser cannot hand the file to Claude Desktop: it downloads it (the bytes made), or copies its path.
    await expect(page.getByRole("button", { name: "Open in Claude Desktop" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Copy its path" })).toBeVisible();
    await expect(page.locator(".handoff-steps li").nth(1)).toContainText("Customize → Skills");
    const archive = (await page.locator(".handoff-file").textContent())!;
    expect(archive.endsWith(`${NAME}-2.0.0.skill`)).toBe(true);
    expect((await stat(archive)).isFile()).toBe(true);
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download the .skill file" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${NAME}-2.0.0.skill`);
    expect(await readFile((await download.path())!)).toEqual(await readFile(archive));
    await expect(page.getByText("Waiting for Claude Desktop to show version 2.0.0…")).toBeVisible();
    await saveScreenshot(page, "wizard-3-desktop-handoff");
    await page.setViewportSize({ width: 800, height: 600 });
    expect(
      await page.evaluate(
        "document.querySelector('.wizard').scrollWidth <= document.querySelector('.wizard').clientWidth",
      ),
    ).toBe(true);
    await saveScreenshot(page, "wizard-3-desktop-handoff-800x600");
    await axeClean(page, "wizard Desktop hand-off");
    expect(await snapshot(desktopDir)).toEqual(before);

    await writeTree(desktopDir, { "SKILL.md": skillMd("2.0.0") });
    await expect(page.locator(".done-message")).toHaveText("Updated — Claude Desktop now has version 2.0.0.");
    await saveScreenshot(page, "wizard-4-desktop-done");
  });
});

test.describe("a refused release", () => {
  let releases: RunningReleaseServer;
  let app: AppHost;
  let claudeDir: string;
  test.beforeAll(async () => {
    const evil = zipOf({ [`${NAME}/SKILL.md`]: skillMd("3.0.0"), "../../escaped.txt": "gotcha\n" });
    ({ releases, app, claudeDir } = await startFolderCase({
      releases: { [`acme/${NAME}`]: { tag: "v3.0.0", assets: { [`${NAME}.zip`]: evil } } },
    }));
  });
  test.afterAll(async () => {
    await app?.close();
    await releases?.close();
  });

  test("a zip-slip archive shows a clear error and changes nothing", async ({ page }) => {
    const before = await snapshot(claudeDir);
    await openUpdates(page, app.url, { check: true });
    await expect(item(page, "replace-folder").locator(".versions")).toHaveText("1.0.0 → 3.0.0");
    await item(page, "replace-folder").getByRole("button", { name: "Update…" }).click();
    await page.getByRole("button", { name: "Download and review" }).click();
    const problem = page.locator(".update-problem");
    await expect(problem).toContainText("This download is not safe to unpack; nothing was changed.");
    await expect(problem).not.toContainText("author");
    await problem.getByText("Details").click();
    await expect(problem.locator("pre")).toContainText("install.archive.unsafe-entry");
    await saveScreenshot(page, "wizard-error-zip-slip");
    await axeClean(page, "wizard error");
    expect(await snapshot(claudeDir)).toEqual(before);
    const stray = (await readdir(app.root, { recursive: true })).filter((f) => f.endsWith("escaped.txt"));
    expect(stray).toEqual([]);
  });
});

test.describe("an update server's shell command", () => {
  let recipeApp: RecipeApp;
  let app: AppHost;
  const COMMAND = "echo recipe-ran > recipe-ran.txt && echo updated-by-recipe";
  test.beforeAll(async () => {
    recipeApp = await startRecipeApp(COMMAND, OWN_DATA);
    app = recipeApp.app;
  });
  test.afterAll(async () => {
    await recipeApp?.close();
  });

  test("is shown verbatim and runs only with the code the serve terminal printed beside it, with its output and result", async ({
    page,
  }) => {
    const marker = path.join(app.home, "recipe-ran.txt");
    await openUpdates(page, app.url, { check: true });
    await page
      .locator('.update-item[data-plan="run-recipe"]')
      .getByRole("button", { name: "Update with its command…" })
      .click();
    await expect(page.locator(".recipe-runner pre").first()).toHaveText(COMMAND);
    await expect(page.locator(".recipe-runner").getByRole("button", { name: "Copy" })).toBeVisible();
    await saveScreenshot(page, "wizard-recipe");
    await axeClean(page, "wizard recipe");

    // The page asks; the serve terminal shows the exact command and a one-time code; a wrong code runs nothing.
    await page.getByRole("button", { name: "Run it for me" }).click();
    const code = await app.nextConsentCode();
    expect(app.output()).toContain(`  ${COMMAND}\n`);
    const field = page.getByLabel("Code from the terminal");
    await field.fill("AAAA-AAAA");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.locator(".recipe-runner").getByRole("status")).toContainText("not the one the terminal shows");
    await expect(stat(marker)).rejects.toThrow();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.locator(".recipe-runner").getByText("Not run.")).toBeVisible();

    await page.getByRole("button", { name: "Run it for me" }).click();
    const second = await app.nextConsentCode();
    expect(second).not.toBe(code);
    await field.fill(second);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.locator(".recipe-ok")).toContainText("finished successfully");
    await expect(page.getByLabel("Command output")).toContainText("updated-by-recipe");
    expect(await readFile(marker, "utf8")).toBe("recipe-ran\n");
    await saveScreenshot(page, "wizard-recipe-done");
  });
});

test.describe("honest unknown states", () => {
  const hosts: AppHost[] = [];
  let limited: RunningReleaseServer;
  test.beforeAll(async () => {
    limited = await startReleaseServer({ behaviour: "rate-limited" });
  });
  test.afterAll(async () => {
    for (const host of hosts) await host.close();
    await limited?.close();
  });
  const start = async (githubApi: string) => {
    const host = await startAppHost({
      platform: "linux",
      fixtureHome: false,
      env: { ...OWN_DATA, SKILLSHELF_GITHUB_API: githubApi },
      prepare: async (_root, home) => void (await writeTree(path.join(home, ".claude", "skills", NAME), OLD_FILES)),
    });
    hosts.push(host);
    return host;
  };

  test("rate-limited: the reason, the token advice and a button to Settings, not an error", async ({ page }) => {
    const app = await start(limited.url);
    await openUpdates(page, app.url, { check: true });
    const group = page.locator('.update-group[data-group="rate-limited"]');
    const unknown = group.locator(".update-group-item").filter({ hasText: NAME });
    await expect(unknown.locator(".unknown-reason")).toContainText("rate limit");
    await expect(group).toContainText("Add a GitHub token");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.locator(".banner.offline")).toHaveCount(0);
    await expect(page.locator("#pending-title")).toHaveText("No updates found, but 1 skill could not be checked");
    await saveScreenshot(page, "updates-rate-limited");
    await axeClean(page, "updates rate-limited");
    await group.getByRole("button", { name: "Open Settings" }).click();
    await expect(page.getByRole("button", { name: "Settings" })).toHaveAttribute("aria-pressed", "true");
  });

  test("offline: the reason and a visible offline state, not an error", async ({ page }) => {
    const app = await start("http://127.0.0.1:9/");
    await openUpdates(page, app.url, { check: true });
    const group = page.locator('.update-group[data-group="offline"]');
    await expect(
      group.locator(".update-group-item").filter({ hasText: NAME }).locator(".unknown-reason"),
    ).toContainText("Offline");
    await expect(page.locator("#pending-title")).toHaveText("No updates found, but 1 skill could not be checked");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await saveScreenshot(page, "updates-offline");
  });
});

test.describe("update all", () => {
  let releases: RunningReleaseServer;
  let app: AppHost;
  const skills = ["alpha-notes", "beta-notes"];
  const versioned = (name: string, version: string) =>
    [
      "---",
      `name: ${name}`,
      `description: Notes by ${name}.`,
      "metadata:",
      `  version: "${version}"`,
      `  repository: https://github.com/acme/${name}`,
      "---",
      `# ${name}`,
      "",
    ].join("\n");
  test.beforeAll(async () => {
    releases = await startReleaseServer({
      releases: Object.fromEntries([...skills, "gamma-notes"].map((s) => [`acme/${s}`, { tag: "v2.0.0" }])),
    });
    app = await startAppHost({
      platform: "linux",
      fixtureHome: false,
      env: { ...OWN_DATA, SKILLSHELF_GITHUB_API: releases.url },
      prepare: async (_root, home) => {
        for (const s of skills)
          await writeTree(path.join(home, ".claude", "skills", s), { "SKILL.md": versioned(s, "1.0.0") });
        await writeTree(path.join(home, ".claude", "skills", "gamma-notes"), {
          "SKILL.md": versioned("gamma-notes", "9.0.0"),
        });
      },
    });
  });
  test.afterAll(async () => {
    await app?.close();
    await releases?.close();
  });

  test("updates every copy in the user's folders (a copy ahead of its release is left alone), then each can be restored from the history", async ({
    page,
  }) => {
    await openUpdates(page, app.url, { check: true });
    await expect(page.locator('.update-item[data-state="ahead"]')).toContainText(
      "This copy (9.0.0) is newer than the latest release (2.0.0); nothing to do.",
    );
    await page.getByRole("button", { name: "Update all… (2)" }).click();
    await expect(page.getByRole("list", { name: "Will be updated" }).getByRole("listitem")).toHaveText([
      "alpha-notes 1.0.0 → 2.0.0",
      "beta-notes 1.0.0 → 2.0.0",
    ]);
    await page.getByRole("button", { name: "Update 2 copies now" }).click();
    await expect(page.locator(".update-all").getByRole("status")).toHaveText("2 updated, 0 not updated, 0 skipped.");
    await expect(page.getByRole("list", { name: "Updated" }).getByRole("listitem")).toHaveText([
      /^alpha-notes: now version 2\.0\.0/,
      /^beta-notes: now version 2\.0\.0/,
    ]);
    for (const s of skills)
      expect(await readFile(path.join(app.home, ".claude", "skills", s, "SKILL.md"), "utf8")).toContain(
        'version: "2.0.0"',
      );

    const alpha = page.locator('.kept-copies[data-skill="alpha-notes"]');
    await expect(alpha).toContainText(
      "Updated from version 1.0.0 to version 2.0.0. The old copy is kept, so you can go back to it.",
    );
    await saveScreenshot(page, "updates-history");
    await axeClean(page, "updates history");
    await alpha.getByRole("button", { name: "Restore version 1.0.0" }).click();
    await expect(alpha.getByRole("status")).toContainText("Restored version 1.0.0");
    expect(await readFile(path.join(app.home, ".claude", "skills", "alpha-notes", "SKILL.md"), "utf8")).toBe(
      versioned("alpha-notes", "1.0.0"),
    );
  });
});

test.describe("cancelling a download", () => {
  let releases: RunningReleaseServer;
  let app: AppHost;
  let claudeDir: string;
  test.beforeAll(async () => {
    ({ releases, app, claudeDir } = await startFolderCase({
      releases: { [`acme/${NAME}`]: { tag: "v2.0.0", assets: { [`${NAME}.zip`]: newRelease() } } },
      throttleAssets: { chunkBytes: 16 * 1024, pauseMs: 100 },
    }));
  });
  test.afterAll(async () => {
    await app?.close();
    await releases?.close();
  });

  test("Cancel stops the download, goes back to the first step and changes nothing", async ({ page }) => {
    const before = await snapshot(claudeDir);
    await openUpdates(page, app.url, { check: true });
    await item(page, "replace-folder").getByRole("button", { name: "Update…" }).click();
    await page.getByRole("button", { name: "Download and review" }).click();
    await expect(page.locator(".download-progress")).toContainText("%");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.locator('[data-step="changes"]').getByRole("status")).toHaveText(
      "The download was cancelled; nothing was changed.",
    );
    expect(await snapshot(claudeDir)).toEqual(before);
    const staging = path.join(USER_HOME, ".local", "share", "skillshelf", "staging");
    expect(await readdir(staging)).toEqual([]);
  });
});
