// Two test projects, both run by `npx vitest run`: "node" (engine, CLI, host, main's pure parts, shared, protocol
// schemas) and "renderer" (React components and hooks in jsdom with Testing Library, beside what they test).
import { defineConfig } from "vitest/config";
import { readFileSync } from "node:fs";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

export default defineConfig({
  define: { __SKILLSHELF_VERSION__: JSON.stringify(pkg.version) },
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: [
            "electron/**/*.test.ts",
            "shared/**/*.test.ts",
            "protocol/**/*.test.ts",
            "scripts/**/*.test.ts",
            "test-support/**/*.test.ts",
          ],
          globalSetup: ["./test-support/global-setup.ts"],
          pool: "forks",
        },
      },
      {
        extends: true,
        test: {
          name: "renderer",
          include: ["renderer/src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["./renderer/src/test-setup.ts"],
          // A stylesheet imported as ?raw is its text (styles.test.ts reads them); any other stays empty in jsdom.
          css: { include: [/\.css\?raw$/] },
        },
      },
    ],
  },
});
