// Browser end-to-end tests: Debian's Chromium, or SKILLSHELF_CHROMIUM (scripts/ensure-chromium.ts sets it up first),
// driven by Playwright against the web host (docs/architecture.md).
import { defineConfig } from "@playwright/test";
import { chromiumExecutable } from "./scripts/chromium";

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-quic",
        "--disable-sync",
      ],
    },
    screenshot: "only-on-failure",
    trace: "off",
  },
});
