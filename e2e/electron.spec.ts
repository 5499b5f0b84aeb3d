// The Electron end-to-end test of the first screen (Playwright's _electron). It runs where the Electron binary,
// the built app and a display exist, and otherwise reports itself skipped with the reason.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { _electron as electron, expect, test } from "@playwright/test";
import { APP_INDEX_URL } from "../electron/main/app-page";
import { commandOfMethod, eventOfMethod, type SkillshelfApi } from "../shared/ipc";
import { makeTempDir, writeTree } from "../test-support/tmp";
import { REPO_ROOT } from "./support/app-host";
import { saveScreenshot } from "./support/page";

/** The Electron executable, found the way the electron package records it, without loading that package. */
function electronExecutable(): string | null {
  const pathFile = path.join(REPO_ROOT, "node_modules", "electron", "path.txt");
  if (!existsSync(pathFile)) return null;
  const exe = path.join(REPO_ROOT, "node_modules", "electron", "dist", readFileSync(pathFile, "utf8").trim());
  return existsSync(exe) ? exe : null;
}

/** Why this machine cannot run the test, or null when it can. */
function unavailableReason(): string | null {
  if (!electronExecutable())
    return "the Electron binary is not installed (node_modules/electron/path.txt or the binary it names is missing)";
  for (const built of ["dist/main/main.cjs", "dist/preload/preload.cjs", "dist/renderer/index.html"]) {
    if (!existsSync(path.join(REPO_ROOT, built))) return `${built} is not built (run node scripts/build.mjs)`;
  }
  if (process.platform === "linux" && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return "there is no display (DISPLAY and WAYLAND_DISPLAY are unset)";
  return null;
}

/** API methods beyond one per command and one per event (optional in SkillshelfApi; the Electron preload has them). */
const extraApiMethods = ["pathForDroppedFile"] as const;
type ExtraApiMethod = Exclude<keyof SkillshelfApi, keyof typeof commandOfMethod | keyof typeof eventOfMethod>;
/** Compiles only while extraApiMethods lists exactly the methods of SkillshelfApi that no command or event map names. */
const extraApiMethodsComplete: [ExtraApiMethod, (typeof extraApiMethods)[number]] extends [
  (typeof extraApiMethods)[number],
  ExtraApiMethod,
]
  ? true
  : never = true;

/** Every key window.skillshelf must have, and no other: derived from shared/ipc.ts. */
const expectedApiKeys = [
  ...Object.keys(commandOfMethod),
  ...Object.keys(eventOfMethod),
  ...(extraApiMethodsComplete ? extraApiMethods : []),
].sort();

const reason = unavailableReason();
if (reason) console.log(`Skipping the Electron end-to-end test: ${reason}.`);
test.skip(reason !== null, reason ?? "");

test("the window opens on the catalog, with the page locked down and only the typed API exposed", async () => {
  const { dir, cleanup } = await makeTempDir("skillshelf-electron-e2e-");
  const home = path.join(dir, "home");
  await writeTree(home, {
    ".claude/skills/electron-e2e-demo/SKILL.md":
      "---\nname: electron-e2e-demo\ndescription: A skill the Electron end-to-end test looks for in the catalog.\n---\n\n# Demo\n\nDo the demo.\n",
  });
  const runningAsRoot = process.getuid?.() === 0;
  const app = await electron.launch({
    executablePath: electronExecutable()!,
    args: [...(runningAsRoot ? ["--no-sandbox"] : []), REPO_ROOT, "--home", home],
    env: { ...process.env, XDG_CONFIG_HOME: path.join(dir, "config"), CLAUDE_CONFIG_DIR: "", CODEX_HOME: "" },
  });
  try {
    const page = await app.firstWindow();
    await expect(page).toHaveTitle(/Skillshelf/);
    await expect(page.getByText("electron-e2e-demo").first()).toBeVisible({ timeout: 30_000 });

    const exposed = await page.evaluate(() => {
      const scope = globalThis as unknown as {
        skillshelf?: Record<string, unknown>;
        require?: unknown;
        process?: unknown;
      };
      return {
        api: Object.keys(scope.skillshelf ?? {}).sort(),
        require: typeof scope.require,
        process: typeof scope.process,
      };
    });
    expect(exposed).toEqual({ api: expectedApiKeys, require: "undefined", process: "undefined" });

    const windows = await app.evaluate(({ BrowserWindow }) =>
      BrowserWindow.getAllWindows().map((window) => window.webContents.getURL()),
    );
    expect(windows.map((url) => url.replace(/[?#].*$/, ""))).toEqual([APP_INDEX_URL]);

    await saveScreenshot(page, "electron-catalog");
  } finally {
    await app.close();
    await cleanup();
  }
});
