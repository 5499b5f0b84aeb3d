// Unit and integration tests (Node): engine, CLI, host, main's pure parts, shared, protocol schemas.
import { defineConfig } from "vitest/config";
import { readFileSync } from "node:fs";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

export default defineConfig({
  define: { __SKILLSHELF_VERSION__: JSON.stringify(pkg.version) },
  test: {
    include: [
      "electron/**/*.test.ts",
      "shared/**/*.test.ts",
      "protocol/**/*.test.ts",
      "scripts/**/*.test.ts",
      "test-support/**/*.test.ts",
    ],
    globalSetup: ["./test-support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
