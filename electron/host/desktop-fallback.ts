// The web host's stand-in for desktop integration: the OS opener on request, no dialogs, links opened by the page.
import { spawn } from "node:child_process";
import { stat } from "node:fs/promises";
import path from "node:path";
import type { DesktopIntegration } from "../handlers/context";

/** Starts a program without waiting for it or letting it hold the server's terminal. */
export type Launcher = (command: string, args: string[]) => void;

export const detachedLaunch: Launcher = (command, args) => {
  const child = spawn(command, args, { detached: true, stdio: "ignore" });
  child.on("error", () => undefined);
  child.unref();
};

/** The command that shows a path in the file manager, or opens it, on one platform. */
export function openerCommand(platform: NodeJS.Platform, target: string, mode: "reveal" | "open", isDir: boolean): [string, string[]] {
  if (platform === "darwin") return mode === "reveal" ? ["open", ["-R", target]] : ["open", ["-t", target]];
  if (platform === "win32") return mode === "reveal" ? ["explorer.exe", [`/select,${target}`]] : ["notepad.exe", [target]];
  return ["xdg-open", [mode === "reveal" && !isDir ? path.dirname(target) : target]];
}

/** Desktop integration for the web host: opens only what the user asked for, never picks folders. */
export function webDesktopIntegration(options: { platform?: NodeJS.Platform; launch?: Launcher } = {}): DesktopIntegration {
  const platform = options.platform ?? process.platform;
  const launch = options.launch ?? detachedLaunch;
  const run = async (target: string, mode: "reveal" | "open") => {
    const info = await stat(target).catch(() => null);
    if (!info) throw new Error(`There is nothing at ${target} any more.`);
    const [command, args] = openerCommand(platform, target, mode, info.isDirectory());
    launch(command, args);
  };
  return {
    reveal: (target) => run(target, "reveal"),
    openInEditor: (target) => run(target, "open"),
    openExternal: async () => true,
    pickFolder: async () => null,
  };
}
