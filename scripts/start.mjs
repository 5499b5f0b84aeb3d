// `npm start`: builds, then opens the Electron window; where the Electron binary or a display is missing,
// says so in one line and serves the same UI through the web host instead.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { buildNode, buildRenderer, buildRendererHost } from "./build.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The Electron executable, when the binary is really installed (never triggers a download). */
function electronBinary() {
  const dir = path.join(root, "node_modules", "electron");
  const pathFile = path.join(dir, "path.txt");
  if (!existsSync(pathFile)) return null;
  const exe = path.join(dir, "dist", readFileSync(pathFile, "utf8").trim());
  return existsSync(exe) ? exe : null;
}

function hasDisplay() {
  if (process.platform !== "linux") return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

await buildNode();
// The renderer, and its server build that draws the first screen into the page the host serves.
await Promise.all([buildRenderer(), buildRendererHost()]);

const exe = electronBinary();
const child =
  exe && hasDisplay()
    ? spawn(exe, [root, ...process.argv.slice(2)], { stdio: "inherit" })
    : (console.log(
        `Skillshelf: ${exe ? "no display found" : "the Electron binary is not installed"}, so the same UI is served in your browser by the web host instead.`,
      ),
      spawn(process.execPath, [path.join(root, "bin", "skillshelf.js"), "serve", ...process.argv.slice(2)], {
        stdio: "inherit",
      }));
child.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
