// The guided update when the download fails, against the real web host and a loopback release server whose asset
// downloads fail on demand (test-support/servers/download-faults.ts): slow, cut mid-body, corrupt (checksum), refused,
// forbidden, gone, and a new tag appearing after a check. Each failure shows the problem of its own cause and Retry,
// and Retry succeeds once the server behaves. Keyboard: focus moves into the wizard, Escape closes it, and focus
// returns to the Update… button. axe in light and dark, at 1280 and 800 wide, on a failure and on the done step.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FailureCause } from "../shared/model";
import { zipOf } from "../test-support/archives";
import type { DownloadFault } from "../test-support/servers/download-faults";
import { startReleaseServer, type RunningReleaseServer } from "../test-support/servers/release-server";
import { writeTree } from "../test-support/tmp";
import { startAppHost, type AppHost } from "./support/app-host";
import { axeClean } from "./support/axe-clean";
import { saveScreenshot } from "./support/page";

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
    "# Acme notes",
    "",
    `Version ${version}.`,
    "",
  ].join("\n");
const release = (version: string) => ({
  tag: `v${version}`,
  checksums: true,
  assets: { [`${NAME}.zip`]: zipOf({ [`${NAME}/SKILL.md`]: skillMd(version), [`${NAME}/guide.md`]: "# Guide\n" }) },
});
const USER_HOME = mkdtempSync(path.join(tmpdir(), "skillshelf-e2e-failures-"));
const OWN_DATA = { SKILLSHELF_DATA_DIR: "", XDG_DATA_HOME: "", HOME: USER_HOME };
/** The app's own limit before it gives up on a server that does not answer (download.ts), with room for a busy machine. */
const SLOW_ANSWER_MS = 15_000;

// Each test waits for states, never for time; the limit only leaves room for a loaded 2-core machine (axe runs 4 times).
test.describe.configure({ timeout: 180_000 });

let releases: RunningReleaseServer;
let app: AppHost;
let claudeDir: string;

test.beforeAll(async () => {
  releases = await startReleaseServer({ releases: { [`acme/${NAME}`]: release("2.0.0") } });
  app = await startAppHost({
    platform: "linux",
    fixtureHome: false,
    env: { ...OWN_DATA, SKILLSHELF_GITHUB_API: releases.url },
    prepare: async (_root, home) => {
      claudeDir = path.join(home, ".claude", "skills", NAME);
      await writeTree(claudeDir, { "SKILL.md": skillMd("1.0.0") });
    },
  });
});
test.afterAll(async () => {
  await app?.close();
  await releases?.close();
});
test.afterEach(() => releases.setDownloadFault(null));

/** Each test offers a version never downloaded before: a download checked once is kept, and not fetched again. */
let patch = 0;
function nextVersion(): string {
  const version = `2.0.${++patch}`;
  releases.setRelease(`acme/${NAME}`, release(version));
  return version;
}

const wizard = (page: Page) => page.getByRole("dialog", { name: `Update ${NAME}` });
const updateButton = (page: Page) =>
  page.locator('.update-item[data-plan="replace-folder"]').getByRole("button", { name: "Update…", exact: true });

async function openUpdates(page: Page): Promise<void> {
  await page.goto(app.url);
  await expect(page.getByRole("listbox", { name: "Catalog" })).toBeVisible();
  await page.getByRole("button", { name: /^Updates/ }).click();
  await page.getByRole("button", { name: "Check now", exact: true }).click();
  await expect(page.getByRole("button", { name: "Check now", exact: true })).toBeEnabled();
}

/** Opens the wizard, downloads with `fault`, and returns the problem shown, checked to be of `cause`. */
async function failWith(
  page: Page,
  fault: DownloadFault,
  cause: FailureCause,
  timeout = 30_000,
): Promise<{ problem: Locator; version: string }> {
  const version = nextVersion();
  await openUpdates(page);
  await expect(page.locator('.update-item[data-plan="replace-folder"] .versions')).toHaveText(`1.0.0 → ${version}`);
  // The check (and its SHA256SUMS) went well; the download of the release file is what fails.
  releases.setDownloadFault(fault);
  await updateButton(page).click();
  await expect(wizard(page).getByRole("heading", { name: `Update ${NAME}` })).toBeFocused();
  await wizard(page).getByRole("button", { name: "Download and review", exact: true }).click();
  const problem = wizard(page).locator(".update-problem");
  await expect(problem).toHaveAttribute("data-cause", cause, { timeout });
  await expect(wizard(page).getByRole("button", { name: "Retry", exact: true })).toBeVisible();
  return { problem, version };
}

/** Lets the server behave, presses Retry and sees the review of the new version. */
async function retrySucceeds(page: Page, version: string): Promise<void> {
  releases.setDownloadFault(null);
  await wizard(page).getByRole("button", { name: "Retry", exact: true }).click();
  await expect(wizard(page).locator(".review")).toContainText(`Downloaded and checked: version ${version}.`);
  await expect(wizard(page).getByRole("button", { name: "Apply the update", exact: true })).toBeEnabled();
  // Close ends the task: the next test's page would otherwise re-attach to it (an update survives a reload).
  await wizard(page).getByRole("button", { name: "Close", exact: true }).click();
  await expect(wizard(page)).toHaveCount(0);
}

test.describe("a download that fails", () => {
  test("slow: the server does not answer in time; Retry works once it does", async ({ page }) => {
    const { problem, version } = await failWith(page, "slow", "timeout", SLOW_ANSWER_MS + 45_000);
    await expect(problem.locator(".problem-message")).toHaveText(
      "The server did not answer in time (the limit is 15 s).",
    );
    await retrySucceeds(page, version);
  });

  test("cut in the middle: the connection was lost, no system code shown; Retry works", async ({ page }) => {
    const { problem, version } = await failWith(page, "cut", "offline");
    await expect(problem.locator(".problem-message")).toHaveText(
      "The connection was lost in the middle of the download.",
    );
    await expect(problem.locator(".problem-message")).not.toContainText("UND_ERR");
    await retrySucceeds(page, version);
  });

  test("corrupt: it says what a checksum mismatch means, the hashes only in Details; Retry works", async ({ page }) => {
    const before = await readFile(path.join(claudeDir, "SKILL.md"), "utf8");
    const { problem, version } = await failWith(page, "corrupt", "checksum");
    await expect(problem.locator(".problem-message")).toHaveText(
      "The download doesn't match what the publisher announced, so it was not installed.",
    );
    await expect(problem.locator("details pre")).toBeHidden();
    await problem.getByText("Details", { exact: true }).click();
    await expect(problem.locator("details pre")).toContainText("SHA-256 the release published:");
    await saveScreenshot(page, "wizard-error-checksum");
    await axeClean(page, "wizard checksum failure", { widths: [1280, 800] });
    expect(await readFile(path.join(claudeDir, "SKILL.md"), "utf8")).toBe(before);
    await retrySucceeds(page, version);
  });

  test("refused: the server cannot be reached; Retry works", async ({ page }) => {
    const { problem, version } = await failWith(page, "refused", "offline");
    await expect(problem.locator(".problem-message")).toHaveText(
      "The download could not start: the server could not be reached.",
    );
    await retrySucceeds(page, version);
  });

  test("forbidden (403): the server refused, the status only in Details; Retry works", async ({ page }) => {
    const { problem, version } = await failWith(page, "forbidden", "unknown");
    await expect(problem.locator(".problem-message")).toHaveText("The server refused the download.");
    await expect(problem.locator(".problem-message")).not.toContainText("403");
    await retrySucceeds(page, version);
  });

  test("gone (404): the file is no longer there; Retry works once it is back", async ({ page }) => {
    const { problem, version } = await failWith(page, "gone", "not-found");
    await expect(problem.locator(".problem-message")).toHaveText("The file is no longer where the release said it is.");
    await retrySucceeds(page, version);
  });

  test("Escape closes the wizard and focus returns to the Update… button that opened it", async ({ page }) => {
    await openUpdates(page);
    await updateButton(page).click();
    await expect(wizard(page).getByRole("heading", { name: `Update ${NAME}` })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(wizard(page).getByRole("button", { name: "Download and review", exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(wizard(page).getByRole("button", { name: "Close", exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(wizard(page)).toHaveCount(0);
    await expect(updateButton(page)).toBeFocused();
  });
});

test.describe("a new tag after a check", () => {
  test("the checked file is gone; after Check now the new version installs, and the done step passes axe", async ({
    page,
  }) => {
    const checked = nextVersion();
    await openUpdates(page);
    await expect(page.locator('.update-item[data-plan="replace-folder"] .versions')).toHaveText(`1.0.0 → ${checked}`);
    releases.setRelease(`acme/${NAME}`, release("3.0.0"));
    await updateButton(page).click();
    await wizard(page).getByRole("button", { name: "Download and review", exact: true }).click();
    await expect(wizard(page).locator(".update-problem")).toHaveAttribute("data-cause", "not-found");
    await wizard(page).getByRole("button", { name: "Close", exact: true }).click();
    await expect(updateButton(page)).toBeFocused();
    await page.getByRole("button", { name: "Check now", exact: true }).click();
    await expect(page.locator('.update-item[data-plan="replace-folder"] .versions')).toHaveText("1.0.0 → 3.0.0");
    await updateButton(page).click();
    await wizard(page).getByRole("button", { name: "Download and review", exact: true }).click();
    await wizard(page).getByRole("button", { name: "Apply the update", exact: true }).click();
    await expect(wizard(page).locator(".done-message")).toHaveText(
      `Updated ${NAME} to version 3.0.0 (it was version 1.0.0).`,
    );
    await expect(wizard(page).locator(".restart-note")).toHaveText(
      "Start a new conversation in Claude Code so it loads the new version.",
    );
    expect(await readFile(path.join(claudeDir, "SKILL.md"), "utf8")).toBe(skillMd("3.0.0"));
    await saveScreenshot(page, "wizard-done-after-new-tag");
    await axeClean(page, "wizard done", { widths: [1280, 800] });
    await wizard(page).getByRole("button", { name: "Back to updates", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Updates", level: 1 })).toBeFocused();
  });
});
