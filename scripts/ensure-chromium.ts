// `npm run test:e2e` (and the bench) first: makes sure the Chromium the browser tests launch is there, installing
// Debian's package when it is missing and this machine can (root, apt-get), else stopping with one line (exit 1).
import { spawnSync } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";
import { ensureChromium } from "./chromium";

/** True when `file` is a regular file this user may execute. */
function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** True when an executable named `name` is on PATH. */
function onPath(name: string, env: NodeJS.ProcessEnv): boolean {
  return (env.PATH ?? "").split(path.delimiter).some((dir) => dir !== "" && isExecutable(path.join(dir, name)));
}

const result = ensureChromium(
  { env: process.env, isExecutable, isRoot: process.getuid?.() === 0, hasAptGet: onPath("apt-get", process.env) },
  (command, args) =>
    spawnSync(command, args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } }).status,
  (line) => console.log(line),
);
if (!result.ok) {
  console.error(`Skillshelf's browser tests need Chromium. ${result.message}`);
  process.exit(1);
}
