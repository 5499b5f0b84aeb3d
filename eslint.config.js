// Lint: TypeScript rules plus the process boundaries of DESIGN.md, enforced rather than remembered.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

const nodeBuiltins = ["fs", "path", "os", "child_process", "crypto", "http", "https", "net", "url", "util", "stream", "events", "worker_threads", "zlib", "readline", "process", "buffer", "tty", "dns"];
const nodeModulePatterns = [{ group: ["node:*"], message: "Node built-ins are not allowed here (DESIGN.md boundaries)." }];
const electronPath = { name: "electron", message: "electron is not allowed here (DESIGN.md boundaries)." };
const nodePaths = nodeBuiltins.map((name) => ({ name, message: "Node built-ins are not allowed here (DESIGN.md boundaries)." }));

export default tseslint.config(
  { ignores: ["dist/**", "release/**", "node_modules/**", "test-results/**", "playwright-report/**", "coverage/**", "**/fixtures/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-control-regex": "off",
    },
  },
  {
    files: ["renderer/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      "no-restricted-imports": ["error", { paths: [electronPath, ...nodePaths], patterns: nodeModulePatterns }],
      "no-restricted-globals": ["error", "require", "process", "__dirname", "Buffer"],
    },
  },
  {
    files: ["shared/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [electronPath, ...nodePaths], patterns: nodeModulePatterns }],
      "no-restricted-globals": ["error", "require", "process", "__dirname", "Buffer", "window", "document"],
    },
  },
  {
    files: ["electron/engine/**/*.ts", "electron/cli/**/*.ts", "electron/host/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [electronPath] }],
    },
  },
);
