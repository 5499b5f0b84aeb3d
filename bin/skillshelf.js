#!/usr/bin/env node
// The `skillshelf` bin: runs the built CLI, or says how to build it.
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const built = fileURLToPath(new URL("../dist/cli/skillshelf.mjs", import.meta.url));
if (!existsSync(built)) {
  process.stderr.write("skillshelf is not built yet: run `npm run build` in the Skillshelf folder.\n");
  process.exit(2);
}
await import(pathToFileURL(built).href);
